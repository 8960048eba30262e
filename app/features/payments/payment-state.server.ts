// A booking's money state, for every feature that needs "paid" (TEAM contract).
import { accountBalanceKobo } from "~/features/ledger/ledger.server";
import { escrowAccount } from "~/features/ledger/ledger-accounts";
import { type DbExecutor, db } from "~/server/db.server";
import type { bookingPaymentStatuses } from "~db/schema/bookings";
import * as q from "./queries.server";

export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number];

export type BookingPaymentState = {
  paymentStatus: BookingPaymentStatus;
  /** What the organiser paid (price + service fee), 0 if unpaid. */
  paidKobo: number;
  /** Held in escrow now, from the ledger. */
  escrowKobo: number;
  reference: string | null;
  paidAt: Date | null;
};

export async function bookingPaymentState(
  bookingId: string,
  ex?: DbExecutor,
): Promise<BookingPaymentState | null> {
  const on = ex ?? db;
  const booking = await q.lockBookingOrRead(on, bookingId, false);
  if (!booking) return null;
  const payment = await q.findSuccessfulPayment(on, bookingId);
  return {
    paymentStatus: booking.paymentStatus as BookingPaymentStatus,
    paidKobo: payment?.amountKobo ?? 0,
    escrowKobo: await accountBalanceKobo(escrowAccount(bookingId), on),
    reference: payment?.reference ?? null,
    paidAt: payment?.paidAt ?? null,
  };
}

/** Payment statuses of many bookings at once (lists). */
export function paymentStatuses(bookingIds: string[]): Promise<Map<string, string>> {
  return q.paymentStatusesOf(bookingIds);
}

/**
 * Moves a booking's payment status inside the caller's transaction, only from one of `from`
 * (refunds call it: paid → refunded / partially_refunded). False when the booking was not in `from`.
 */
export function setBookingPaymentStatus(
  tx: DbExecutor,
  bookingId: string,
  to: BookingPaymentStatus,
  from: readonly BookingPaymentStatus[],
): Promise<boolean> {
  return q.setPaymentStatus(tx, bookingId, to, from);
}
