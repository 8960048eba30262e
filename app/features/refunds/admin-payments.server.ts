// The admin's Payments view: disputes that froze a paid booking (release, refund in full, or split),
// refunds (a failed one can be retried), card disputes Paystack reported, and payments pay-core could
// not credit (amount or currency mismatch).
import { resolveBookingDisputesIn, resumeBookingReviewWindow } from "~/features/disputes/disputes.server";
import { notifyMoneyEvent } from "~/features/notifications/money-notifications.server";
import { listPaymentAnomalies } from "~/features/payments/checkout.server";
import {
  bookingPaymentState,
  lockBookingForMoney,
  moneyHolds,
} from "~/features/payments/payment-state.server";
import { listChargeDisputes } from "~/features/payments/paystack/queries.server";
import { afterRelease, type ReleaseInTx, releaseEscrowIn } from "~/features/payments/release.server";
import { openMoneyAlerts } from "~/features/wallet/wallet.server";
import { formatNaira } from "~/lib/money";
import { parseNaira } from "~/lib/naira";
import { db } from "~/server/db.server";
import { listOpenPaidDisputes } from "./queries.server";
import {
  REFUND_MESSAGES,
  refundsForAdmin,
  retryFailedRefund,
  sendRefund,
  startBookingRefundIn,
} from "./refunds.server";

export async function adminPaymentsView() {
  const [candidates, refunds, chargeDisputes, anomalies, alerts] = await Promise.all([
    listOpenPaidDisputes(),
    refundsForAdmin(),
    listChargeDisputes(),
    listPaymentAnomalies(),
    openMoneyAlerts(),
  ]);
  // Frozen means what release and client cancel mean by it (payment-state moneyHolds): a dispute
  // filed before payment is listed nowhere, since it holds nothing.
  const open = [];
  for (const d of candidates) if ((await moneyHolds(d.bookingId)).dispute) open.push(d);
  const disputes = await Promise.all(
    open.map(async (d) => {
      const state = await bookingPaymentState(d.bookingId);
      return { ...d, createdAt: d.createdAt.toISOString(), escrowKobo: state?.escrowKobo ?? 0 };
    }),
  );
  return {
    disputes,
    refunds: refunds.map((r) => ({
      id: r.id,
      bookingSlug: r.bookingSlug,
      clientName: r.clientName,
      amountKobo: r.amountKobo,
      reason: r.reason,
      status: r.status,
      lastError: r.lastError,
      attempts: r.attempts,
      createdAt: r.createdAt.toISOString(),
    })),
    chargeDisputes: chargeDisputes.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    anomalies: anomalies.map((a) => JSON.parse(JSON.stringify(a)) as Record<string, unknown>),
    // Payouts to settle by hand: a transfer paid after it was marked failed, one waiting for an OTP.
    alerts: alerts.map((a) => ({
      id: a.id,
      kind: a.kind,
      reference: a.reference,
      detail: a.detail,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

export type DisputeOutcome = "release" | "refund" | "split";

/**
 * Resolves the open dispute on a paid booking: release everything to the musician, refund the client
 * in full, or refund `refundKobo` and release the rest. Each party gets an e-mail with the outcome.
 */
export async function resolvePaymentDispute(
  bookingId: string,
  outcome: DisputeOutcome,
  refundKobo?: number,
): Promise<{ ok: boolean; message: string }> {
  // The refund, the release of the rest and the dispute's resolution commit together or not at all
  // (review #9: a release failing after a committed refund stranded the rest of the escrow); the
  // provider is asked for the refund after the commit.
  const done = await db
    .transaction(async (tx) => {
      if (!(await lockBookingForMoney(tx, bookingId)))
        return { ok: false as const, message: "Booking not found" };
      const state = await bookingPaymentState(bookingId, tx);
      if (!state) return { ok: false as const, message: "Booking not found" };
      if (state.paymentStatus !== "paid")
        return { ok: false as const, message: "This booking's payment is no longer held" };
      if ((await moneyHolds(bookingId, tx)).chargeback)
        return { ok: false as const, message: REFUND_MESSAGES.chargeback };
      const held = state.escrowKobo;
      let refunded = 0;
      let refundId: string | null = null;
      if (outcome === "refund" || outcome === "split") {
        refunded = outcome === "refund" ? held : (refundKobo ?? 0);
        if (outcome === "split" && (refunded <= 0 || refunded >= held)) {
          return { ok: false as const, message: `Enter a refund between ₦0.01 and ${formatNaira(held - 1)}` };
        }
        const r = await startBookingRefundIn(tx, bookingId, refunded, "dispute");
        if (!r.ok) return r;
        refundId = r.refundId;
      }
      let release: ReleaseInTx | null = null;
      if (outcome !== "refund") {
        release = await releaseEscrowIn(tx, bookingId, "admin");
        if (!release.ok) throw new ResolutionRefused(release.message);
      }
      const releasedKobo = release?.ok ? release.musicianKobo : 0;
      const summary =
        outcome === "release"
          ? `the payment was released to the musician (${formatNaira(releasedKobo)} after commission)`
          : outcome === "refund"
            ? `the client is refunded in full (${formatNaira(refunded)})`
            : `the client is refunded ${formatNaira(refunded)} and the rest is released to the musician (${formatNaira(releasedKobo)} after commission)`;
      await resolveBookingDisputesIn(tx, bookingId, summary);
      return { ok: true as const, summary, refundId, release, refunded, releasedKobo };
    })
    .catch((err: unknown) => {
      if (err instanceof ResolutionRefused) return { ok: false as const, message: err.message };
      throw err;
    });
  if (!done.ok) return done;
  if (done.refundId) await sendRefund(done.refundId);
  if (done.release) await afterRelease(bookingId, done.release, "admin");
  await resumeBookingReviewWindow(bookingId);
  await notifyMoneyEvent({
    kind: "dispute_resolved",
    bookingId,
    refundKobo: done.refunded,
    musicianKobo: done.releasedKobo,
  });
  return { ok: true, message: "Dispute resolved" };
}

/** Rolls the admin's resolution back (its release half was refused). */
class ResolutionRefused extends Error {}

/** The /admin Payments tab's form posts (the caller has checked the admin role). */
export async function adminPaymentsAction(form: FormData): Promise<{ ok: boolean; message: string }> {
  const intent = form.get("intent");
  if (intent === "retry-refund") return retryFailedRefund(String(form.get("refundId") ?? ""));
  const bookingId = String(form.get("bookingId") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) return { ok: false, message: "Booking not found" };
  if (intent === "release" || intent === "refund") return resolvePaymentDispute(bookingId, intent);
  if (intent === "split") {
    const amount = parseNaira(String(form.get("refundAmount") ?? ""));
    if (!amount.ok) return { ok: false, message: amount.error };
    return resolvePaymentDispute(bookingId, "split", amount.kobo);
  }
  return { ok: false, message: "Unknown action" };
}
