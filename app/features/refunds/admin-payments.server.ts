// The admin's Payments view: every unresolved dispute (those holding money first: release, refund in
// full, or split; one that holds nothing can be closed, review N7), refunds (a failed one can be
// retried), card disputes Paystack reported (one settled with an outcome we cannot read is recorded won
// or lost here, review N5), and payments that could not be credited.
import { resolveBookingDisputesIn } from "~/features/disputes/disputes.server";
import { applyTransition, peekBookingsMoney, readBookingMoney } from "~/features/money/booking-money.server";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { recordChargebackOutcome } from "~/features/payments/chargeback.server";
import { listPaymentAnomalies } from "~/features/payments/checkout.server";
import { listChargeDisputes } from "~/features/payments/paystack/queries.server";
import { resumeReviewWindow } from "~/features/reviews/reviews.server";
import { markMoneyAlertDone, openMoneyAlerts } from "~/features/wallet/wallet.server";
import { formatNaira } from "~/lib/money";
import { parseNaira } from "~/lib/naira";
import { db } from "~/server/db.server";
import { listOpenDisputes, listRefundsForAdmin } from "./queries.server";
import { recordRefundMadeByHand, retryFailedRefund } from "./refunds.server";

const KNOWN_RESOLUTIONS = ["declined", "merchant-accepted", "auto-accepted"];

export async function adminPaymentsView() {
  const [candidates, refunds, chargeDisputes, anomalies, alerts] = await Promise.all([
    listOpenDisputes(),
    listRefundsForAdmin(),
    listChargeDisputes(),
    listPaymentAnomalies(),
    openMoneyAlerts(),
  ]);
  const money = await peekBookingsMoney([...new Set(candidates.map((d) => d.bookingId))]);
  // Every unresolved dispute reaches the admin; those holding money first.
  const disputes = candidates
    .map((d) => {
      const m = money.get(d.bookingId);
      return {
        ...d,
        createdAt: d.createdAt.toISOString(),
        holdsMoney: Boolean(m?.holds.clientDispute),
        escrowKobo: m?.held ? m.escrowKobo : 0,
      };
    })
    .sort((a, b) => Number(b.holdsMoney) - Number(a.holdsMoney));
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
    chargeDisputes: chargeDisputes.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      // Settled by Paystack with an outcome we cannot read, and nobody has recorded it yet.
      needsOutcome:
        (c.status === "resolved" || c.status === "archived") &&
        !c.adminOutcome &&
        !KNOWN_RESOLUTIONS.includes(c.resolution ?? ""),
    })),
    anomalies: anomalies.map((a) => JSON.parse(JSON.stringify(a)) as Record<string, unknown>),
    // Payouts to settle by hand: a transfer paid after it was marked failed, one waiting for an OTP.
    alerts: alerts.map((a) => {
      // A refund's alert (its reference is the refund) offers the refund's action while it is unsettled.
      const refund = a.kind.startsWith("refund_") ? refunds.find((r) => r.id === a.reference) : undefined;
      return {
        id: a.id,
        kind: a.kind,
        reference: a.reference,
        detail: a.detail,
        createdAt: a.createdAt.toISOString(),
        refund:
          refund && (refund.status === "failed" || refund.status === "needs_attention")
            ? { id: refund.id, status: refund.status }
            : null,
      };
    }),
  };
}

export type DisputeOutcome = "release" | "refund" | "split" | "close";

/**
 * Resolves the open dispute on a booking: release everything held to the musician, refund the client
 * in full, or refund `refundKobo` and release the rest (the money module's adminSplit, one
 * transaction); "close" resolves a dispute that holds no money. Both parties get an e-mail.
 */
export async function resolvePaymentDispute(
  bookingId: string,
  outcome: DisputeOutcome,
  refundKobo?: number,
): Promise<{ ok: boolean; message: string }> {
  const done = await db.transaction(async (tx) => {
    const money = await readBookingMoney(tx, bookingId);
    if (!money) return { ok: false as const, message: "Booking not found" };
    if (outcome === "close") {
      if (money.holds.clientDispute)
        return { ok: false as const, message: "This dispute holds the payment: release, refund or split it" };
      const closed = await resolveBookingDisputesIn(tx, bookingId, "closed by our team; no payment was held");
      if (closed === 0) return { ok: false as const, message: "No open dispute on this booking" };
      return {
        ok: true as const,
        summary: "closed",
        eventId: null,
      };
    }
    // Whether anything is held to resolve is the adminSplit plan's refusal (M12), not restated here.
    const held = money.held ? money.escrowKobo : 0;
    const refund = outcome === "refund" ? held : outcome === "split" ? (refundKobo ?? 0) : 0;
    // A split is a part of what is held, both sides getting some (nothing held: the plan refuses).
    if (outcome === "split" && held > 0 && (refund <= 0 || refund >= held))
      return { ok: false as const, message: `Enter a refund between ₦0.01 and ${formatNaira(held - 1)}` };
    // The split's event brings the released rest's automatic payout (issue 29), the notices and texts.
    const split = await applyTransition(tx, money, "adminSplit", { refundKobo: refund });
    if (!split.ok) return { ok: false as const, message: split.message };
    const summary =
      outcome === "release"
        ? `the payment was released to the musician (${formatNaira(split.musicianKobo)} after commission)`
        : outcome === "refund"
          ? `the client is refunded in full (${formatNaira(refund)})`
          : `the client is refunded ${formatNaira(refund)} and the rest is released to the musician (${formatNaira(split.musicianKobo)} after commission)`;
    await resolveBookingDisputesIn(tx, bookingId, summary);
    return {
      ok: true as const,
      summary,
      eventId: split.eventId,
    };
  });
  if (!done.ok) return done;
  // The split's event asks Paystack for the refund and tells both sides (money-followups).
  await followMoneyEvents([done.eventId]);
  await resumeReviewWindow(bookingId);
  return { ok: true, message: done.summary === "closed" ? "Dispute closed" : "Dispute resolved" };
}

/** The /admin Payments tab's form posts (the caller has checked the admin role). */
export async function adminPaymentsAction(form: FormData): Promise<{ ok: boolean; message: string }> {
  const intent = form.get("intent");
  if (intent === "retry-refund") return retryFailedRefund(String(form.get("refundId") ?? ""));
  if (intent === "refund-by-hand") return recordRefundMadeByHand(String(form.get("refundId") ?? ""));
  if (intent === "alert-done") return markMoneyAlertDone(String(form.get("alertId") ?? ""));
  if (intent === "card-dispute-won" || intent === "card-dispute-lost")
    return recordChargebackOutcome(
      String(form.get("disputeId") ?? ""),
      intent === "card-dispute-won" ? "won" : "lost",
    );
  const bookingId = String(form.get("bookingId") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) return { ok: false, message: "Booking not found" };
  if (intent === "release" || intent === "refund" || intent === "close")
    return resolvePaymentDispute(bookingId, intent);
  if (intent === "split") {
    const amount = parseNaira(String(form.get("refundAmount") ?? ""));
    if (!amount.ok) return { ok: false, message: amount.error };
    return resolvePaymentDispute(bookingId, "split", amount.kobo);
  }
  return { ok: false, message: "Unknown action" };
}
