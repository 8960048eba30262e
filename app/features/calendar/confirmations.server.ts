import { findConfirmation, insertConfirmation } from "./queries.server";

/** Records who confirmed a booking and when (kept for the contract's confirmation record). */
export function recordConfirmation(bookingId: string, confirmedBy: string): Promise<void> {
  return insertConfirmation(bookingId, confirmedBy);
}

export function confirmationOf(bookingId: string) {
  return findConfirmation(bookingId);
}
