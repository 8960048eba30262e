// What about a booking's own money keeps its automatic payout back (issue 29): an open card dispute
// (chargeback) on its charge, and test-mode money (a charge through the built-in test provider, where
// no real money moved). The musician's side (their setting, their payout account's hold) is the
// wallet's. Read inside the caller's transaction, with the booking already locked by the release.
import type { DbExecutor } from "~/server/db.server";
import * as q from "./queries.server";

export type BookingPayoutHolds = { cardDispute: boolean; testMoney: boolean };

/** The booking's holds on an automatic payout, or null when it has no successful charge. */
export async function bookingPayoutHolds(
  tx: DbExecutor,
  bookingId: string,
): Promise<BookingPayoutHolds | null> {
  const payment = await q.findSuccessfulPayment(tx, bookingId);
  if (!payment) return null;
  return {
    cardDispute: await q.hasOpenChargeDispute(tx, payment.reference),
    testMoney: payment.provider === "test",
  };
}
