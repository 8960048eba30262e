// Card disputes (chargebacks), ADR 0014. While Paystack's dispute is open it holds the booking's money
// (the money module's holds.cardDispute). When it is settled, or when an admin records the outcome of
// one whose resolution we cannot read (review N5):
// - won: the held automatic release runs again;
// - lost: the money module's chargebackLost transition takes the amount out (escrow first, then the
//   release's shares), capped per charge.
import { applyTransition, readBookingMoney } from "~/features/money/booking-money.server";
import { sendWaitingPayoutOfBooking } from "~/features/wallet/automatic-payouts.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { recordChargeDisputeOutcome } from "./paystack/queries.server";
import * as q from "./queries.server";
import { runAutoRelease } from "./release.server";

/** charge.dispute.resolve, after the dispute row was updated: apply its outcome (idempotent). */
export async function settleChargeback(d: {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: number | null;
  resolution: string | null;
}): Promise<void> {
  // Paystack's resolution, from the merchant's side: declined is won, accepted (by us or by default) lost.
  if (d.resolution === "declined") return chargebackWon(d.transactionReference);
  if (d.resolution !== "merchant-accepted" && d.resolution !== "auto-accepted") {
    // Still holds the money: the admin's Payments page offers "record won / lost".
    logger.error({ dispute: d }, "card dispute settled with an outcome we cannot read; an admin records it");
    return;
  }
  await postLostChargeback(d);
}

/** We won: the held automatic release runs again, and an automatic payout it kept back goes (issue 29). */
async function chargebackWon(reference: string): Promise<void> {
  const payment = await q.findPaymentByReference(db, reference);
  if (!payment) return;
  if (payment.status === "success") await runAutoRelease({ bookingId: payment.bookingId });
  await sendWaitingPayoutOfBooking(payment.bookingId);
}

async function postLostChargeback(d: {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: number | null;
}): Promise<{ ok: boolean; message: string }> {
  const result = await db.transaction(async (tx) => {
    const payment = await q.findPaymentByReference(tx, d.transactionReference);
    if (payment?.status !== "success")
      return { ok: false as const, status: 409, message: "no credited charge" };
    const money = await readBookingMoney(tx, payment.bookingId);
    if (!money) return { ok: false as const, status: 404, message: "no booking" };
    return applyTransition(tx, money, "chargebackLost", {
      providerDisputeId: d.providerDisputeId,
      amountKobo: d.amountKobo,
    });
  });
  if (result.ok && result.moved)
    logger.warn({ dispute: d.providerDisputeId, lost: result.refundKobo }, "lost chargeback posted");
  else if (!result.ok)
    logger.error({ dispute: d, reason: result.message }, "lost chargeback not posted; admin to settle");
  return result.ok
    ? { ok: true, message: "Recorded as lost: the amount was taken back" }
    : { ok: false, message: result.message };
}

/**
 * The admin's "record won / lost" for a card dispute whose outcome we cannot read (review N5): the
 * record is kept apart from Paystack's resolution, then applied as Paystack's would be.
 */
export async function recordChargebackOutcome(
  providerDisputeId: string,
  outcome: "won" | "lost",
): Promise<{ ok: boolean; message: string }> {
  const dispute = await recordChargeDisputeOutcome(providerDisputeId, outcome);
  if (!dispute) return { ok: false, message: "Card dispute not found, or its outcome is already known" };
  if (outcome === "won") {
    await chargebackWon(dispute.transactionReference);
    return { ok: true, message: "Recorded as won: the payment is no longer held by the card dispute" };
  }
  return postLostChargeback(dispute);
}
