// Card disputes (chargebacks), ADR 0014. While Paystack's dispute is open it holds the booking's money
// (the money module's holds.cardDispute). When it is settled, or when an admin records the outcome of
// one whose resolution we cannot read (review N5):
// - won: the money module's chargebackWon transition lifts the hold and releases what is due;
// - lost: the money module's chargebackLost transition takes the amount out (escrow first, then the
//   release's shares), capped per charge.
import {
  applyTransition,
  MONEY_MESSAGES,
  raiseMoneyAlert,
  readBookingMoney,
} from "~/features/money/booking-money.server";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { sendWaitingPayoutOfBooking } from "~/features/wallet/automatic-payouts.server";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import {
  listChargeDisputes,
  markChargeDisputeSettled,
  recordChargeDisputeOutcome,
} from "./paystack/queries.server";
import * as q from "./queries.server";
import { scheduleAutoRelease } from "./release.server";

/** charge.dispute.resolve, after the dispute row was updated: apply its outcome (idempotent). */
export async function settleChargeback(d: {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: number | null;
  resolution: string | null;
}): Promise<void> {
  // Paystack's resolution, from the merchant's side: declined is won, accepted (by us or by default) lost.
  if (d.resolution === "declined") {
    await chargebackWon(d);
    return;
  }
  if (d.resolution !== "merchant-accepted" && d.resolution !== "auto-accepted") {
    // Still holds the money: the admin's Payments page offers "record won / lost".
    logger.error({ dispute: d }, "card dispute settled with an outcome we cannot read; an admin records it");
    return;
  }
  await postLostChargeback(d);
}

/**
 * We won: the money module's chargebackWon transition (M12), in one transaction with the admin's record
 * of the outcome when it is theirs: a release already due goes with it; otherwise the release waits for
 * its clock (queued again). An automatic payout the dispute kept back goes (issue 29).
 */
async function chargebackWon(
  d: { providerDisputeId: string; transactionReference: string },
  adminOutcome = false,
): Promise<{ ok: boolean; message: string }> {
  const done = await db.transaction(async (tx) => {
    if (adminOutcome && !(await recordChargeDisputeOutcome(d.providerDisputeId, "won", tx)))
      return { ok: false as const, message: ALREADY_KNOWN };
    const payment = await q.findPaymentByReference(tx, d.transactionReference);
    if (payment?.status !== "success") return { ok: true as const, bookingId: payment?.bookingId ?? null };
    const money = await readBookingMoney(tx, payment.bookingId);
    if (!money) return { ok: true as const, bookingId: null };
    const won = await applyTransition(tx, money, "chargebackWon", { now: new Date() });
    if (!won.ok) logger.warn({ dispute: d.providerDisputeId, why: won.message }, "won card dispute holds on");
    return { ok: true as const, bookingId: payment.bookingId, eventId: won.ok ? won.eventId : null };
  });
  if (!done.ok) return done;
  if (done.bookingId) {
    await followMoneyEvents([done.eventId]);
    await scheduleAutoRelease(done.bookingId);
    await sendWaitingPayoutOfBooking(done.bookingId);
  }
  return { ok: true, message: "Recorded as won: the payment is no longer held by the card dispute" };
}

/**
 * Posts a lost chargeback in one transaction with what makes it known: the admin's record of the
 * outcome (M5: committed apart, a failed posting left it "already known" and holding for ever). A loss
 * that finds nothing left on the charge (already refunded or lost in full) is settled without a posting
 * and shown to an admin to recover, so it holds nothing any more. A partial loss on held money re-runs
 * the release for the rest (M14).
 */
async function postLostChargeback(
  d: { providerDisputeId: string; transactionReference: string; amountKobo: number | null },
  adminOutcome = false,
): Promise<{ ok: boolean; message: string }> {
  const result = await db.transaction(async (tx) => {
    if (adminOutcome && !(await recordChargeDisputeOutcome(d.providerDisputeId, "lost", tx)))
      return { ok: false as const, status: 409, message: ALREADY_KNOWN };
    const payment = await q.findPaymentByReference(tx, d.transactionReference);
    if (payment?.status !== "success")
      return { ok: false as const, status: 409, message: "no credited charge" };
    const money = await readBookingMoney(tx, payment.bookingId);
    if (!money) return { ok: false as const, status: 404, message: "no booking" };
    const lost = await applyTransition(tx, money, "chargebackLost", {
      providerDisputeId: d.providerDisputeId,
      amountKobo: d.amountKobo,
    });
    if (lost.ok || lost.message !== MONEY_MESSAGES.nothingToTakeBack)
      return { ...lost, bookingId: money.booking.id };
    await markChargeDisputeSettled(tx, d.providerDisputeId);
    await raiseMoneyAlert(
      tx,
      {
        reference: d.providerDisputeId,
        musicianId: money.booking.musicianId,
        amountKobo: d.amountKobo ?? money.paidKobo,
      },
      "chargeback_nothing_left",
      `Card dispute ${d.providerDisputeId} on payment ${d.transactionReference} was lost${d.amountKobo ? ` (${formatNaira(d.amountKobo)})` : ""}, but that charge was already refunded or taken back in full, so nothing was taken from the booking. Paystack may have paid the cardholder twice: recover it from Paystack or the client.`,
    );
    return {
      ok: true as const,
      moved: false,
      refundKobo: 0,
      bookingId: money.booking.id,
      settledEmpty: true,
    };
  });
  if (result.ok && "settledEmpty" in result)
    logger.error({ dispute: d.providerDisputeId }, "lost chargeback found nothing left; admin alerted");
  else if (result.ok && result.moved) {
    logger.warn({ dispute: d.providerDisputeId, lost: result.refundKobo }, "lost chargeback posted");
    // What escrow still holds after a partial loss is released on its own schedule again (M14).
    await scheduleAutoRelease(result.bookingId);
  } else if (!result.ok)
    logger.error({ dispute: d, reason: result.message }, "lost chargeback not posted; admin to settle");
  if (!result.ok) return { ok: false, message: result.message };
  return "settledEmpty" in result
    ? { ok: true, message: "Recorded as lost: nothing was left on this charge, so an admin alert was raised" }
    : { ok: true, message: "Recorded as lost: the amount was taken back" };
}

const ALREADY_KNOWN = "Card dispute not found, or its outcome is already known";

/**
 * The admin's "record won / lost" for a card dispute whose outcome we cannot read (review N5): the
 * record is kept apart from Paystack's resolution, then applied as Paystack's would be (a loss in the
 * posting's own transaction, M5).
 */
export async function recordChargebackOutcome(
  providerDisputeId: string,
  outcome: "won" | "lost",
): Promise<{ ok: boolean; message: string }> {
  if (outcome === "lost") {
    const [dispute] = (await listChargeDisputes()).filter((c) => c.providerDisputeId === providerDisputeId);
    if (!dispute) return { ok: false, message: ALREADY_KNOWN };
    return postLostChargeback(dispute, true);
  }
  const [dispute] = (await listChargeDisputes()).filter((c) => c.providerDisputeId === providerDisputeId);
  if (!dispute) return { ok: false, message: ALREADY_KNOWN };
  return chargebackWon(dispute, true);
}
