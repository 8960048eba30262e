// Line-ups (issue 39): the forms, the words and the one sentence about the leader's share. No server
// imports: the leader's section computes the live sentence with the same function the server refuses with.
import { z } from "zod";
import { formText, nairaField } from "~/lib/form-fields";
import { formatNaira, formatNairaWhole } from "~/lib/money";
import type { LineUpStatus } from "~db/schema/lineups";

export type { LineUpStatus };

/** ₦90,000 for whole naira, ₦90,000.50 when there are kobo. */
export function nairaShort(kobo: number): string {
  const sign = kobo < 0 ? "−" : "";
  const abs = Math.abs(kobo);
  return sign + (abs % 100 === 0 ? formatNairaWhole(abs) : formatNaira(abs));
}

/** "Your share ₦90,000 − line-up ₦35,000 = you keep ₦55,000" (issue 39 §2, live and in the refusal). */
export function shareSentence(shareKobo: number, lineUpKobo: number): string {
  return `Your share ${nairaShort(shareKobo)} − line-up ${nairaShort(lineUpKobo)} = you keep ${nairaShort(shareKobo - lineUpKobo)}`;
}

/** The refusal of fees over the leader's share: says why, then the sentence with the figures. */
export function overShareMessage(shareKobo: number, lineUpKobo: number): string {
  return `The line-up's fees come out of your share and cannot add up to more than it. ${shareSentence(shareKobo, lineUpKobo)}`;
}

export const LINE_UP_MESSAGES = {
  notFound: "Line-up place not found",
  bookingNotFound: "Booking not found",
  frozen: "This line-up is frozen with the booking's payment: nobody can be added, changed or removed.",
  cancelled: "This booking is cancelled, so its line-up cannot change.",
  completed: "This booking is completed, so its line-up cannot change.",
  noPrice: "Set the booking's price first: the line-up's fees come out of your share of it.",
  musicianNotFound: "No musician found with that stage name or profile link.",
  severalMusicians:
    "More than one musician goes by that stage name. Paste the profile link of the one you mean (stagebook…/musicians/their-name).",
  notYourself: "You play this booking already: add another musician.",
  alreadyIn: "That musician is already in this line-up (invited or playing).",
  busy: "That musician is already booked at this time.",
  youAreBusy: "You are already booked at this time (a booking or another line-up), so you cannot accept.",
  notInvited: "This invite has been answered or withdrawn.",
  notAccepted: "You are not playing in this line-up.",
  added: "Invite sent. They will be in the line-up once they accept.",
  changed: "Line-up updated. They have been told.",
  removed: "Removed from the line-up. They have been told.",
  accepted: "You are in the line-up. The date is in your calendar.",
  declined: "Invite declined. The leader has been told.",
  left: "You left the line-up. The leader has been told.",
  messageSent: "Message sent",
  emptyMessage: "Write a message first.",
} as const;

export const FROZEN_NOTE = "This line-up is frozen with the payment: its members and fees no longer change.";

/** What the leader and the member read for each status. */
export const LINE_UP_STATUS_LABELS: Record<LineUpStatus, string> = {
  invited: "Invited: waiting for an answer",
  accepted: "Playing",
  declined: "Declined",
  left: "Left the line-up",
  removed: "Removed",
  lapsed: "Did not answer before payment",
};

export const roleField = formText({ error: "Role is required" })
  .trim()
  .min(1, "Role is required")
  .max(60, "Role must be 60 characters or fewer");

export const feeField = nairaField();

export const addMemberSchema = z.object({
  bookingId: z.uuid("Booking not found"),
  musician: formText({ error: "Enter a stage name or profile link" })
    .trim()
    .min(1, "Enter a stage name or profile link")
    .max(300, "That is too long for a stage name or profile link"),
  role: roleField,
  fee: feeField,
});

export const changeMemberSchema = z.object({
  placeId: z.uuid(LINE_UP_MESSAGES.notFound),
  role: roleField,
  fee: feeField,
});

export const placeIdSchema = z.object({ placeId: z.uuid(LINE_UP_MESSAGES.notFound) });

export const threadMessageSchema = z.object({
  placeId: z.uuid(LINE_UP_MESSAGES.notFound),
  body: formText()
    .trim()
    .min(1, LINE_UP_MESSAGES.emptyMessage)
    .max(4000, "Messages must be 4,000 characters or fewer"),
});

/**
 * What was typed into "Add a musician": a profile link (…/musicians/{slug}, with or without the site)
 * gives its slug; anything else is a stage name (a bare slug is tried as one too).
 */
export function musicianRef(typed: string): { slug: string | null; name: string } {
  const text = typed.trim();
  const link = /(?:^|\/)musicians\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:[?#].*)?$/i.exec(text);
  if (link) return { slug: link[1]!.toLowerCase(), name: text };
  return { slug: /^[a-z0-9]+(-[a-z0-9]+)*$/i.test(text) ? text.toLowerCase() : null, name: text };
}

/** The city part of a venue as typed ("Eko Hotel, Victoria Island, Lagos" → "Lagos"). */
export function cityOf(location: string | null): string | null {
  const parts = (location ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1) ?? null;
}
