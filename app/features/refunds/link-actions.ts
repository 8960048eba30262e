// Before payment the booking link is the client's key (spec), so anyone holding it may cancel. Only the
// client's own account is "you", though: anyone else acts as "someone with the booking link", and a
// cancellation made that way can be undone for a day (issue 35 §1, ADR 0025). Pure, so the page shares it.

/** How long a cancellation made with the link can be undone. */
export const LINK_UNDO_HOURS = 24;

export const LINK_UNDO_MESSAGES = {
  done: "Cancellation undone. The booking is back as it was.",
  tooLate: `A cancellation can only be undone within ${LINK_UNDO_HOURS} hours. Ask the musician to make the booking again.`,
  taken:
    "The musician has since taken another booking at that time, so this one cannot be restored. Ask them for another date.",
  nothing: "There is no cancellation to undo on this booking.",
} as const;

/** The signed-in organiser account the booking belongs to: "you" in what is told of the action. */
export function isClientsAccount(
  booking: { clientUserId: string | null },
  actor: { userId: string | null },
): boolean {
  return Boolean(actor.userId) && actor.userId === booking.clientUserId;
}

/** Until when a cancellation made with the link at `actedAt` can be undone. */
export function undoUntil(actedAt: Date): Date {
  return new Date(actedAt.getTime() + LINK_UNDO_HOURS * 3_600_000);
}
