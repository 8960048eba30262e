import { PhoneLinks } from "~/components/contact-links";

/** Once the booking is paid the client may call the musician (issue 22 §4): before, it stays hidden. */
export function MusicianContact({ name, phone }: { name: string; phone: string }) {
  return (
    <section
      aria-labelledby="musician-contact-heading"
      className="grid gap-2 rounded-lg border bg-card p-4 text-sm shadow-sm"
    >
      <h2 id="musician-contact-heading" className="text-base font-semibold">
        Contact {name}
      </h2>
      <p className="text-muted-foreground">This booking is paid, so you can now call or WhatsApp them.</p>
      <PhoneLinks phone={phone} name={name} />
    </section>
  );
}
