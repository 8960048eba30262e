// Release: escrow goes to the musician's wallet (price − commission) and to platform revenue
// (commission + service fee), once (ledger key release:{booking}). The payer (ADR 0013) releases it by
// saying "The event happened" once the event has ended; otherwise a scheduled job does RELEASE_AFTER_HOURS
// after the event's end, unless a dispute filed since payment is open (then an admin decides).

import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { accountBalanceKobo, isPosted, postLedgerTransaction } from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  musicianPayableAccount,
  PLATFORM_REVENUE,
} from "~/features/ledger/ledger-accounts";
import { notifyMoneyEvent } from "~/features/notifications/money-notifications.server";
import { openReviewWindow } from "~/features/reviews/reviews.server";
import { requestReleasePayout, sendRequestedPayout } from "~/features/wallet/automatic-payouts.server";
import type { PayoutRow } from "~/features/wallet/queries.server";
import { type DbExecutor, db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { eventEnded, eventEndsAt, formatLagosMoment } from "./event-time";
import { bookingCharges, releaseSplit } from "./fees";
import { type ClientActor, payerRefusal } from "./payer.server";
import { bookingPayoutHolds } from "./payout-holds.server";
import * as q from "./queries.server";

export const RELEASE_JOB = "escrow-release";

export const RELEASE_MESSAGES = {
  notPaid: "This booking has not been paid.",
  refunded: "This booking's payment was refunded.",
  onHold: "A dispute is open on this booking, so its payment is on hold until our team resolves it.",
  chargeback:
    "The card payment for this booking is disputed with the bank, so its payment is on hold until the dispute is resolved.",
  cancelled: "This booking was cancelled, so its payment is not released.",
  tooEarly: "You can confirm the event happened once it has ended.",
} as const;

/** When "The event happened" opens, said in Lagos time. */
export function releaseOpensMessage(booking: Parameters<typeof eventEndsAt>[0]): string {
  const end = eventEndsAt(booking);
  return end
    ? `${RELEASE_MESSAGES.tooEarly} That is from ${formatLagosMoment(end)}.`
    : RELEASE_MESSAGES.tooEarly;
}

/** client: "The event happened"; auto: the scheduled job; admin: resolving a dispute (ignores the hold). */
export type ReleaseBy = "client" | "auto" | "admin";
export type ReleaseResult =
  | { ok: true; released: boolean; musicianKobo: number; platformKobo: number }
  | { ok: false; status: number; message: string };

/**
 * Releases whatever the booking's escrow holds (all of it, or what is left after a partial refund) and
 * marks the booking completed. Safe to repeat: a second call releases nothing.
 */
export async function releaseEscrow(
  bookingId: string,
  by: ReleaseBy,
  actor?: ClientActor,
  now = new Date(),
): Promise<ReleaseResult> {
  const result = await db.transaction((tx) => releaseEscrowIn(tx, bookingId, by, actor, now));
  return afterRelease(bookingId, result, by);
}

export type ReleaseInTx = ReleaseResult & {
  booking?: q.BookingMoneyRow;
  /** The automatic payout the release asked for (issue 29), sent once the transaction has committed. */
  payout?: PayoutRow | null;
};

/**
 * The release inside the caller's transaction (the admin's dispute resolution refunds part and
 * releases the rest in one); call afterRelease with its result once that transaction has committed.
 * "Released" is the ledger's release:{booking} posting, not a status: a booking whose status says
 * completed or partially refunded but whose escrow was never released is still released here.
 */
export async function releaseEscrowIn(
  tx: DbExecutor,
  bookingId: string,
  by: ReleaseBy,
  actor?: ClientActor,
  now = new Date(),
): Promise<ReleaseInTx> {
  if (by === "client" && !actor) throw new Error("a client's release needs the client who asks");
  const booking = await q.lockBookingOrRead(tx, bookingId);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  // Only the payer says the event happened; checked with the booking locked, so a payment cannot land in between.
  if (by === "client") {
    const refused = await payerRefusal(tx, booking, actor!, "event-happened");
    if (refused) return refused;
  }
  // A cancelled booking is never released by the client or the clock: its money goes back to the
  // client (or, after a client's cancellation, is shared under the policy by releaseKeptOnCancellation).
  if (by !== "admin" && booking.status === "cancelled")
    return { ok: false, status: 409, message: RELEASE_MESSAGES.cancelled };
  if (await isPosted(releaseKey(bookingId), tx))
    return { ok: true, released: false, musicianKobo: 0, platformKobo: 0 };
  if (booking.paymentStatus === "refunded")
    return { ok: false, status: 409, message: RELEASE_MESSAGES.refunded };
  if (booking.paymentStatus !== "paid" && booking.paymentStatus !== "partially_refunded")
    return { ok: false, status: 409, message: RELEASE_MESSAGES.notPaid };
  const payment = await q.findSuccessfulPayment(tx, bookingId);
  if (!payment) return { ok: false, status: 409, message: RELEASE_MESSAGES.notPaid };
  if (by !== "admin" && (await q.disputeHoldsMoney(tx, bookingId)))
    return { ok: false, status: 409, message: RELEASE_MESSAGES.onHold };
  // A chargeback holds the money even from an admin's release until the bank's dispute is settled,
  // and a lost one never releases (its money went back to the cardholder).
  if (await q.hasOpenChargeDispute(tx, payment.reference))
    return { ok: false, status: 409, message: RELEASE_MESSAGES.chargeback };
  if (by === "client" && !eventEnded(booking, now))
    return { ok: false, status: 409, message: releaseOpensMessage(booking) };

  const { released, payout, ...split } = await postRelease(tx, booking, payment, by, now);
  await q.setPaymentStatus(
    tx,
    bookingId,
    booking.paymentStatus === "partially_refunded" ? "partially_refunded" : "released",
    ["paid", "partially_refunded"],
    booking.status === "cancelled" ? {} : { status: "completed" },
  );
  return { ok: true, released, ...split, booking, payout };
}

/** What follows a committed release: the notifications and the booking's review window. */
export async function afterRelease(
  bookingId: string,
  result: ReleaseInTx,
  by: ReleaseBy,
): Promise<ReleaseResult> {
  if (result.ok && result.released && result.musicianKobo > 0)
    await notifyMoneyEvent({ kind: "released", bookingId, musicianKobo: result.musicianKobo, by });
  if (!result.ok) return result;
  await sendRequestedPayout(result.payout);
  // Released means completed and paid: the booking's review window opens now.
  await openReviewWindow(bookingId);
  const { booking: _booking, payout: _payout, ...rest } = result;
  return rest;
}

export const releaseKey = (bookingId: string) => `release:${bookingId}`;

/**
 * Posts the release of what the booking's escrow holds (key release:{booking}); nothing twice. In the
 * same transaction, the musician's share is asked to go to their bank (issue 29: automatic payouts).
 */
async function postRelease(
  tx: DbExecutor,
  booking: q.BookingMoneyRow,
  payment: q.PaymentRow,
  by: ReleaseBy | "cancellation",
  now = new Date(),
): Promise<{ released: boolean; musicianKobo: number; platformKobo: number; payout: PayoutRow | null }> {
  const charges = bookingCharges(payment.priceKobo, {
    serviceFeeBp: payment.serviceFeeBp,
    commissionBp: payment.commissionBp,
  });
  // A payment's own service fee was fixed at checkout; the charge total is what was paid.
  const paid = { totalKobo: payment.amountKobo, musicianKobo: charges.musicianKobo };
  const escrow = await accountBalanceKobo(escrowAccount(booking.id), tx);
  const split = releaseSplit(paid, Math.min(escrow, paid.totalKobo));
  // A musician who owes the platform for a chargeback lost after an earlier release (ADR 0014) repays
  // it from this release first.
  const receivable = chargebackReceivableAccount(booking.musicianId);
  const owed = Math.max(0, -(await accountBalanceKobo(receivable, tx)));
  const repaid = Math.min(owed, split.musicianKobo);
  const entries = [
    { account: escrowAccount(booking.id), amountKobo: -(split.musicianKobo + split.platformKobo) },
    { account: musicianPayableAccount(booking.musicianId), amountKobo: split.musicianKobo - repaid },
    { account: receivable, amountKobo: repaid },
    { account: PLATFORM_REVENUE, amountKobo: split.platformKobo },
  ].filter((e) => e.amountKobo !== 0);
  if (entries.length < 2) return { released: false, ...split, payout: null };
  const posted = await postLedgerTransaction(tx, {
    idempotencyKey: releaseKey(booking.id),
    kind: "release",
    bookingId: booking.id,
    memo:
      by === "cancellation"
        ? `Escrow for booking ${booking.slug} kept under the cancellation policy after the client cancelled`
        : `Escrow for booking ${booking.slug} released (${by})`,
    entries,
  });
  const musicianKobo = split.musicianKobo - repaid;
  const holds = await bookingPayoutHolds(tx, booking.id);
  const payout =
    posted.created && holds
      ? await requestReleasePayout(
          tx,
          { musicianId: booking.musicianId, bookingId: booking.id, amountKobo: musicianKobo, holds },
          now,
        )
      : null;
  return { released: posted.created, musicianKobo, platformKobo: split.platformKobo, payout };
}

/**
 * After a client cancels (inside their transaction, the booking locked and already cancelled, any
 * refund already taken out of escrow): what the policy keeps is shared as a release would share it.
 * The booking stays cancelled; an unrefunded payment becomes "released". The caller tells the musician.
 */
export async function releaseKeptOnCancellation(
  tx: DbExecutor,
  bookingId: string,
): Promise<{ musicianKobo: number; platformKobo: number; payout: PayoutRow | null }> {
  const none = { musicianKobo: 0, platformKobo: 0, payout: null };
  const booking = await q.lockBookingOrRead(tx, bookingId);
  const payment = booking && (await q.findSuccessfulPayment(tx, bookingId));
  if (!booking || !payment || booking.status !== "cancelled") return none;
  const { released, ...split } = await postRelease(tx, booking, payment, "cancellation");
  await q.setPaymentStatus(tx, bookingId, "released", ["paid"]);
  return released ? split : none;
}

/** The payer's "The event happened" on /booking/{slug}. */
export async function markEventHappened(
  slug: string,
  clientIp: string,
  actor: ClientActor,
  now = new Date(),
): Promise<ReleaseResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  return releaseEscrow(booking.id, "client", actor, now);
}

/**
 * A paid booking with no event date (paid before an event date was required) is released this long
 * after its payment unless the client says otherwise or disputes it.
 */
export const UNDATED_RELEASE_DAYS = 14;

/** When the automatic release is due: RELEASE_AFTER_HOURS after the event's end (null: no event date). */
export function autoReleaseAt(booking: Parameters<typeof eventEndsAt>[0]): Date | null {
  const end = eventEndsAt(booking);
  return end ? new Date(end.getTime() + env().RELEASE_AFTER_HOURS * 3_600_000) : null;
}

/** Queues the automatic release of a paid booking (once per booking and due time). */
export async function scheduleAutoRelease(booking: q.BookingMoneyRow, paidAt?: Date): Promise<void> {
  const at =
    autoReleaseAt(booking) ??
    (paidAt ? new Date(paidAt.getTime() + UNDATED_RELEASE_DAYS * 86_400_000) : null);
  if (!at) return;
  await scheduleJob(
    RELEASE_JOB,
    { bookingId: booking.id },
    { startAfter: at, singletonKey: `release:${booking.id}:${at.toISOString()}` },
  );
}

/** The job: releases unless a dispute holds the money or the event has moved later (then re-queued). */
export async function runAutoRelease(data: { bookingId: string }): Promise<void> {
  const booking = await q.lockBookingOrRead(db, data.bookingId, false);
  if (!booking || booking.status === "cancelled") return;
  // Partially refunded (a partial chargeback): the rest is still the musician's, released on time.
  if (booking.paymentStatus !== "paid" && booking.paymentStatus !== "partially_refunded") return;
  const at = autoReleaseAt(booking);
  if (at && at.getTime() > Date.now()) {
    await scheduleAutoRelease(booking);
    return;
  }
  // Undated: queued for UNDATED_RELEASE_DAYS after payment by afterCredit or the sweep, so due now.
  const result = await releaseEscrow(data.bookingId, "auto");
  if (!result.ok)
    logger.info({ bookingId: data.bookingId, reason: result.message }, "automatic release skipped");
}

/**
 * The hourly sweep: every paid booking still in escrow has its release job queued (the singleton key
 * makes this a no-op when it already is), so a crash or a queue error after a payment never leaves
 * money held for good.
 */
export async function queueMissingReleases(): Promise<number> {
  const bookings = await q.paidBookingsAwaitingRelease();
  for (const booking of bookings) await scheduleAutoRelease(booking, booking.paidAt);
  return bookings.length;
}

/**
 * Paystack settled a chargeback (charge.dispute.resolve): the held booking's automatic release runs
 * again now if it was due (it was skipped while held), else it is queued for its time.
 */
export async function resumeReleaseAfterChargeback(reference: string): Promise<void> {
  const payment = await q.findPaymentByReference(db, reference);
  if (payment?.status !== "success") return;
  await runAutoRelease({ bookingId: payment.bookingId });
}
