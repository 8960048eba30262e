// What about a booking's own money keeps its automatic payout back (issue 29), read from the money
// module: an open card dispute on its charge, and test-mode money (a charge through the built-in test
// provider, where no real money moved). The musician's side (their setting, their payout account's
// hold) is the wallet's. Read inside the caller's transaction, with the booking already locked.
import { peekBookingMoney } from "~/features/money/booking-money.server";
import type { DbExecutor } from "~/server/db.server";

export type BookingPayoutHolds = { cardDispute: boolean; testMoney: boolean };

/** The booking's holds on an automatic payout, or null when it has no successful charge. */
export async function bookingPayoutHolds(
  tx: DbExecutor,
  bookingId: string,
): Promise<BookingPayoutHolds | null> {
  const money = await peekBookingMoney(bookingId, tx);
  if (!money?.payment) return null;
  return { cardDispute: money.holds.cardDispute, testMoney: money.payment.testMode };
}
