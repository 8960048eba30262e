// A booking's money state, for every feature that needs "paid" (TEAM contract).
import { accountBalanceKobo } from "~/features/ledger/ledger.server";
import { escrowAccount } from "~/features/ledger/ledger-accounts";
import {
  type CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
} from "~/features/refunds/cancellation-policy";
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
  /** The cancellation policy frozen on the successful payment (null: unpaid). */
  cancellationPolicy: CancellationPolicy | null;
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
    cancellationPolicy: payment ? frozenPolicy(payment.cancellationPolicy) : null,
  };
}

function frozenPolicy(value: string): CancellationPolicy {
  return isCancellationPolicy(value) ? value : DEFAULT_CANCELLATION_POLICY;
}

/**
 * The cancellation policy that governs a booking's refunds: the one frozen on its successful payment
 * (what the client was shown when they paid), else `current` (the musician's policy today, which is
 * what an unpaid booking would be paid under).
 */
export async function governingCancellationPolicy(
  bookingId: string,
  current: CancellationPolicy,
  ex: DbExecutor = db,
): Promise<CancellationPolicy> {
  const payment = await q.findSuccessfulPayment(ex, bookingId);
  return payment ? frozenPolicy(payment.cancellationPolicy) : current;
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

/** Locks the booking for the rest of the caller's transaction (money moves one at a time per booking). */
export async function lockBookingForMoney(tx: DbExecutor, bookingId: string): Promise<boolean> {
  return (await q.lockBookingOrRead(tx, bookingId)) !== null;
}

/**
 * What holds a paid booking's money (issue 22 §3.6): a client dispute filed since payment and not yet
 * resolved (holds the client's and the clock's release; an admin decides), and a card dispute
 * (chargeback) Paystack has not settled (holds everything: no release, no refund, even by an admin).
 */
export async function moneyHolds(
  bookingId: string,
  ex: DbExecutor = db,
): Promise<{ dispute: boolean; chargeback: boolean }> {
  const payment = await q.findSuccessfulPayment(ex, bookingId);
  if (!payment) return { dispute: false, chargeback: false };
  const [dispute, chargeback] = [
    await q.disputeHoldsMoney(ex, bookingId),
    await q.hasOpenChargeDispute(ex, payment.reference),
  ];
  return { dispute, chargeback };
}
