import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { SupportContact } from "./contact-us-dialog";

export type { SupportContact };

// The dialog's code (and the browser's <dialog> wrapper) loads on the first tap on Contact: closed, it
// shows nothing, so the footer's first load is its links (issue 31).
const ContactUs = lazy(() => import("./contact-us-dialog"));

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
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="h-auto p-0 text-muted-foreground hover:text-primary"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Contact
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ContactUs support={support} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
