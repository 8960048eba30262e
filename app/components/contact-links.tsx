import { MailIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
// From ~/lib/phone, not the request summary: that one pulls the zod schemas into every page with a
// contact link (24 KB of the booking page's JavaScript).
import { displayPhone, phoneLinks } from "~/lib/phone";

const link = "inline-flex items-center gap-1 text-primary underline underline-offset-2";

/** A client's phone as tap-to-call and (for a mobile) WhatsApp links, for the musician. */
export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  const { tel, whatsapp } = phoneLinks(phone);
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      <a href={tel} className={link} aria-label={`Call ${name} on ${displayPhone(phone)}`}>
        <PhoneIcon aria-hidden className="size-4" />
        {displayPhone(phone)}
      </a>
      {whatsapp && (
        <a
          href={whatsapp}
          className={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${name}`}
        >
          <MessageCircleIcon aria-hidden className="size-4" />
          WhatsApp
        </a>
      )}
    </span>
  );
}

/** A client's e-mail as a mailto: link, for the musician. */
export function EmailLink({ email, name }: { email: string; name: string }) {
  return (
    <a href={`mailto:${email}`} className={link} aria-label={`E-mail ${name} at ${email}`}>
      <MailIcon aria-hidden className="size-4" />
      {email}
    </a>
  );
}
