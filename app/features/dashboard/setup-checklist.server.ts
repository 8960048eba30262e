import { lagosToday } from "~/lib/lagos-date";
import { setupFacts } from "./queries.server";

export interface ChecklistItem {
  key: "website" | "photo" | "about" | "portfolio" | "availability" | "payout" | "policy" | "share";
  label: string;
  hint: string;
  href: string;
  done: boolean;
}

export interface SetupChecklist {
  items: ChecklistItem[];
  complete: boolean;
  /** Absolute address of the live website, for the share links; null until it is live. */
  shareUrl: string | null;
}

/**
 * The new musician's setup checklist, each item ticked from their own data (never from a click on
 * the list itself), each linking to the place where it is done.
 */
export async function setupChecklist(
  profile: { id: string; slug: string },
  websiteUrl: string | null,
  origin: string,
  now = new Date(),
): Promise<SetupChecklist> {
  const facts = await setupFacts(profile.id, lagosToday(now));
  const items: ChecklistItem[] = [
    ...(websiteUrl
      ? []
      : [
          {
            key: "website" as const,
            label: "Put your website live",
            hint: "Add your phone number and website address in Account.",
            href: "/profile?tab=account",
            done: false,
          },
        ]),
    {
      key: "photo",
      label: "Add a photo",
      hint: "Organisers book faces they can see.",
      href: "/profile?tab=about",
      done: Boolean(facts?.image),
    },
    {
      key: "about",
      label: "Write your bio and hourly rate",
      hint: "What you play, where, and what you charge.",
      href: "/profile?tab=about",
      done: Boolean(facts?.bio_and_rate),
    },
    {
      key: "portfolio",
      label: "Add a portfolio item",
      hint: "A photo, a recording or a video of you performing.",
      href: "/profile?tab=portfolio",
      done: Boolean(facts?.portfolio),
    },
    {
      key: "availability",
      label: "Mark the days you are available",
      hint: "Organisers see them when they plan.",
      href: `/musician_availability/${profile.slug}`,
      done: Boolean(facts?.availability),
    },
    // Money is the point: where payouts go and what a cancellation costs (phone walk 2).
    {
      key: "payout",
      label: "Add your bank account for payouts",
      hint: "Where your earnings are paid when you withdraw.",
      href: `/musician_wallet/${profile.slug}`,
      done: Boolean(facts?.payout_account),
    },
    {
      key: "policy",
      label: "Choose your cancellation policy",
      hint: "What an organiser gets back if they cancel. Until you choose, it is Flexible.",
      href: "/profile?tab=account",
      done: Boolean(facts?.policy),
    },
    {
      key: "share",
      label: "Share your link",
      hint: "Post it on WhatsApp or Instagram. Ticks itself when your first booking request arrives.",
      href: websiteUrl ?? "/profile?tab=account",
      done: Boolean(facts?.requests),
    },
  ];
  return {
    items,
    complete: items.every((i) => i.done),
    shareUrl: websiteUrl ? `${origin}${websiteUrl}` : null,
  };
}
