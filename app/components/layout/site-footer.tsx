import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";

/** Only what SUPPORT_EMAIL / SUPPORT_PHONE set; an unset one is empty and not shown. */
export interface SupportContact {
  email: string;
  phone: string;
}

const socialLinks = [
  { label: "Instagram", href: "https://www.instagram.com/stagebook.ng" },
  { label: "Facebook", href: "https://www.facebook.com/stagebook.ng" },
  { label: "TikTok", href: "https://www.tiktok.com/@stagebook.ng" },
  { label: "YouTube", href: "https://www.youtube.com/@stagebook.ng" },
  { label: "X", href: "https://x.com/stagebook_ng" },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/stagebook-ng" },
];

const groups = [
  {
    title: "Platform",
    links: [
      { to: "/market", label: "Find Musicians" },
      { to: "/musicians", label: "Join as Musician" },
      { to: "/register", label: "Sign up" },
    ],
  },
  // No "About" (there is no About page: it opened the recruitment page) and no Blog until it has posts.
  { title: "Company", links: [] as { to: string; label: string }[] },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];

export function SiteFooter({ support }: { support: SupportContact }) {
  const year = new Date().getFullYear();
  const hasContact = Boolean(support.email || support.phone);
  // A heading over nothing is left out (Company holds only Contact, shown when there is one).
  const shown = groups.filter((g) => g.links.length > 0 || (g.title === "Company" && hasContact));
  return (
    <footer className="mt-16 border-t bg-muted/50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-primary">Stagebook</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Connecting event organisers with top musicians in Nigeria
          </p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social media">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" className="hover:text-primary">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {shown.map((g) => (
          <div key={g.title}>
            <h2 className="text-sm font-semibold">{g.title}</h2>
            <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
              {g.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="hover:text-primary">
                    {l.label}
                  </Link>
                </li>
              ))}
              {g.title === "Company" && hasContact && (
                <li>
                  <ContactDialog support={support} />
                </li>
              )}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t py-4 text-center text-sm text-muted-foreground">
        © {year} Stagebook. All rights reserved.
      </div>
    </footer>
  );
}

function ContactDialog({ support }: { support: SupportContact }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="h-auto p-0 text-muted-foreground hover:text-primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Contact
      </Button>
      <NativeDialog
        open={open}
        onOpenChange={setOpen}
        label="Contact us"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border"
      >
        <h2 className="text-lg font-semibold">Contact us</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Our support team answers every message within one working day.
        </p>
        <dl className="mt-4 grid gap-2 text-sm">
          {support.email && (
            <div>
              <dt className="font-medium">Email</dt>
              <dd>
                <a className="break-all text-primary underline" href={`mailto:${support.email}`}>
                  {support.email}
                </a>
              </dd>
            </div>
          )}
          {support.phone && (
            <div>
              <dt className="font-medium">Phone</dt>
              <dd>
                <a className="text-primary underline" href={`tel:${support.phone.replace(/\s/g, "")}`}>
                  {support.phone}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </NativeDialog>
    </>
  );
}
