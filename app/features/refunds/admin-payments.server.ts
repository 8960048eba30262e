// The admin's Payments view: disputes that froze a paid booking (release, refund in full, or split),
// refunds (a failed one can be retried), card disputes Paystack reported, and payments pay-core could
// not credit (amount or currency mismatch).
import { resolveBookingDisputes } from "~/features/disputes/disputes.server";
import { notifyMoneyEvent } from "~/features/notifications/money-notifications.server";
import { listPaymentAnomalies } from "~/features/payments/checkout.server";
import { bookingPaymentState } from "~/features/payments/payment-state.server";
import { listChargeDisputes } from "~/features/payments/paystack/queries.server";
import { releaseEscrow } from "~/features/payments/release.server";
import { formatNaira } from "~/lib/money";
import { parseNaira } from "~/lib/naira";
import { listOpenPaidDisputes } from "./queries.server";
import { refundBooking, refundsForAdmin, retryFailedRefund } from "./refunds.server";

export async function adminPaymentsView() {
  const [open, refunds, chargeDisputes, anomalies] = await Promise.all([
    listOpenPaidDisputes(),
    refundsForAdmin(),
    listChargeDisputes(),
    listPaymentAnomalies(),
  ]);
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
  const state = await bookingPaymentState(bookingId);
  if (!state) return { ok: false, message: "Booking not found" };
  if (state.paymentStatus !== "paid")
    return { ok: false, message: "This booking's payment is no longer held" };
  const held = state.escrowKobo;
  let refunded = 0;
  if (outcome === "refund" || outcome === "split") {
    refunded = outcome === "refund" ? held : (refundKobo ?? 0);
    if (outcome === "split" && (refunded <= 0 || refunded >= held)) {
      return { ok: false, message: `Enter a refund between ₦0.01 and ${formatNaira(held - 1)}` };
    }
    const r = await refundBooking(bookingId, refunded, "dispute");
    if (!r.ok) return r;
  }
  let releasedKobo = 0;
  if (outcome !== "refund") {
    const released = await releaseEscrow(bookingId, "admin");
    if (!released.ok) return { ok: false, message: released.message };
    releasedKobo = released.musicianKobo;
  }
  const summary =
    outcome === "release"
      ? `the payment was released to the musician (${formatNaira(releasedKobo)} after commission)`
      : outcome === "refund"
        ? `the client is refunded in full (${formatNaira(refunded)})`
        : `the client is refunded ${formatNaira(refunded)} and the rest is released to the musician (${formatNaira(releasedKobo)} after commission)`;
  await resolveBookingDisputes(bookingId, summary);
  await notifyMoneyEvent({
    kind: "dispute_resolved",
    bookingId,
    refundKobo: refunded,
    musicianKobo: releasedKobo,
  });
  return { ok: true, message: "Dispute resolved" };
}

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
