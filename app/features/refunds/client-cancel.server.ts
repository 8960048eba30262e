// The client cancels a booking from its public page (/booking/{slug}). Unpaid: it is simply cancelled.
// Paid: the musician's cancellation policy decides the refund (cancellation-policy.ts, computed here on
// the server at the moment of cancelling); the refund leaves escrow for "refunds pending" and the rest
// is shared as a release would share it, all in one database transaction with the status change, so
// no state exists in which the automatic release could still pay the musician the whole amount.
import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { notifyMoneyEvent } from "~/features/notifications/money-notifications.server";
import { type ClientActor, payerRefusal } from "~/features/payments/payer.server";
import {
  bookingPaymentState,
  governingCancellationPolicy,
  moneyHolds,
  setBookingPaymentStatus,
} from "~/features/payments/payment-state.server";
import { releaseKeptOnCancellation } from "~/features/payments/release.server";
import { sendRequestedPayout } from "~/features/wallet/automatic-payouts.server";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import {
  type CancellationPolicy,
  cancellationRefundKobo,
  eventStartsAt,
  POLICY_LABELS,
} from "./cancellation-policy";
import { type CancellableBooking, findBookingForCancel, markCancelled } from "./queries.server";
import { sendRefund, startRefund } from "./refunds.server";

export const CLIENT_CANCEL_MESSAGES = {
  notCancellable: "This booking can no longer be cancelled.",
  started:
    "The event has already started, so the booking can no longer be cancelled. If something went wrong, please contact support.",
  disputed: "A dispute is open on this booking. Our team will resolve it with you.",
  chargeback:
    "The card payment for this booking is disputed with the bank, so the booking cannot be cancelled until that dispute is resolved.",
} as const;

/** What the booking page shows before the client cancels (recomputed on the server when they do). */
export type ClientCancelPreview = {
  policy: CancellationPolicy;
  canCancel: boolean;
  paid: boolean;
  paidKobo: number;
  refundKobo: number;
};

function refusal(
  booking: CancellableBooking,
  now: Date,
  holds: { dispute: boolean; chargeback: boolean },
): string | null {
  if (!["pending", "confirmed"].includes(booking.status)) return CLIENT_CANCEL_MESSAGES.notCancellable;
  if (!["unpaid", "paid"].includes(booking.paymentStatus)) return CLIENT_CANCEL_MESSAGES.notCancellable;
  const startsAt = eventStartsAt(booking);
  if (startsAt && now.getTime() >= startsAt.getTime()) return CLIENT_CANCEL_MESSAGES.started;
  // The same holds as the release's (payment-state moneyHolds): what holds one holds the other.
  if (holds.chargeback) return CLIENT_CANCEL_MESSAGES.chargeback;
  if (holds.dispute) return CLIENT_CANCEL_MESSAGES.disputed;
  return null;
}

/**
 * The cancel panel of /booking/{slug}. `policy` is the musician's policy today; a paid booking follows
 * the one frozen on its payment instead (what the client was shown when they paid).
 */
export async function clientCancelPreviewFor(
  booking: CancellableBooking,
  policy: CancellationPolicy,
  now = new Date(),
  ex: DbExecutor = db,
): Promise<ClientCancelPreview> {
  // An unpaid booking has no payment to hold or to have frozen a policy: no reads for it (the page's
  // query budget, issue 14 item 2).
  const unpaid = booking.paymentStatus === "unpaid";
  const holds = unpaid ? { dispute: false, chargeback: false } : await moneyHolds(booking.id, ex);
  const canCancel = refusal(booking, now, holds) === null;
  const paid = booking.paymentStatus === "paid";
  const state = paid ? await bookingPaymentState(booking.id, ex) : null;
  const paidKobo = state?.escrowKobo ?? 0;
  if (!unpaid) policy = await governingCancellationPolicy(booking.id, policy, ex);
  return {
    policy,
    canCancel,
    paid,
    paidKobo,
    refundKobo: paid ? cancellationRefundKobo(policy, paidKobo, eventStartsAt(booking), now) : 0,
  };
}

export type ClientCancelResult =
  | { ok: true; message: string; refundKobo: number }
  | { ok: false; status: number; message: string };

/**
 * The client's "Yes, cancel this booking" on /booking/{slug}. Unpaid, the link is enough; paid, only the
 * payer (ADR 0013); never the booking's musician.
 */
export async function cancelBookingAsClient(
  slug: string,
  clientIp: string,
  actor: ClientActor,
  now = new Date(),
): Promise<ClientCancelResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const done = await db.transaction(async (tx) => {
    const booking = await findBookingForCancel(slug, tx);
    if (!booking) return { ok: false as const, status: 404, message: BOOKING_NOT_FOUND };
    const refused = await payerRefusal(tx, booking, actor, "client-cancel");
    if (refused) return refused;
    const why = refusal(booking, now, await moneyHolds(booking.id, tx));
    if (why) return { ok: false as const, status: 409, message: why };
    await markCancelled(tx, booking.id);
    if (booking.paymentStatus !== "paid")
      return {
        ok: true as const,
        booking,
        refundKobo: 0,
        keptKobo: 0,
        refundId: null,
        policy: null,
        payout: null,
      };

    const state = await bookingPaymentState(booking.id, tx);
    if (!state?.reference || !state.cancellationPolicy)
      throw new Error(`paid booking ${booking.id} has no successful payment`);
    // The policy the client paid under, frozen on the payment (a later change applies to new payments).
    const policy = state.cancellationPolicy;
    const refundKobo = cancellationRefundKobo(policy, state.escrowKobo, eventStartsAt(booking), now);
    let refundId: string | null = null;
    if (refundKobo > 0) {
      await setBookingPaymentStatus(
        tx,
        booking.id,
        refundKobo === state.paidKobo ? "refunded" : "partially_refunded",
        ["paid"],
      );
      const { refund } = await startRefund(tx, {
        bookingId: booking.id,
        transactionReference: state.reference,
        amountKobo: refundKobo,
        reason: "client_cancelled",
      });
      refundId = refund.id;
    }
    const kept =
      refundKobo < state.escrowKobo
        ? await releaseKeptOnCancellation(tx, booking.id)
        : { musicianKobo: 0, platformKobo: 0, payout: null };
    return {
      ok: true as const,
      booking,
      refundKobo,
      keptKobo: kept.musicianKobo,
      refundId,
      policy,
      payout: kept.payout,
    };
  });
  if (!done.ok) return done;
  if (done.refundId) await sendRefund(done.refundId);
  await sendRequestedPayout(done.payout);
  await notifyMoneyEvent({
    kind: "cancelled",
    bookingId: done.booking.id,
    by: "client",
    refundKobo: done.refundKobo,
    musicianKobo: done.keptKobo,
    policy: done.policy,
  });
  return {
    ok: true,
    refundKobo: done.refundKobo,
    message:
      done.refundKobo > 0
        ? `Booking cancelled. A refund of ${formatNaira(done.refundKobo)} is on its way to you.`
        : done.policy
          ? `Booking cancelled. Under the musician's ${POLICY_LABELS[done.policy]} policy no refund is due.`
          : "Booking cancelled.",
  };
}
