// Refunds: the money leaves the booking's escrow for "refunds pending" in the ledger first, then the
// provider is asked (Paystack refunds are asynchronous and may be partial); refund.processed moves it
// out of the platform, refund.failed leaves it pending and shows it to the admin, who retries.
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { escrowAccount, PAYSTACK_CLEARING, refundsPendingAccount } from "~/features/ledger/ledger-accounts";
import { bookingPaymentState, setBookingPaymentStatus } from "~/features/payments/payment-state.server";
import { PaymentProviderError, paymentProvider } from "~/features/payments/paystack/provider.server";
import { scheduleTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import {
  bookingContact,
  findOpenRefundByTransaction,
  findRefund,
  findRefundForBooking,
  insertRefund,
  listRefundsForAdmin,
  moveRefund,
  noteRefundAttempt,
  type RefundRow,
} from "./queries.server";

export type { AdminRefundRow, RefundRow } from "./queries.server";
export const RETRY_REFUND_JOB = "refunds-retry";

export type RefundReason = "musician_cancelled" | "client_cancelled" | "dispute";

/**
 * Starts the booking's refund of amountKobo (once per booking: a repeat returns the first). The
 * caller passes its own database transaction so the booking's state change and the ledger posting
 * commit together; call sendRefund(refund.id) after that commit.
 */
export async function startRefund(
  tx: Parameters<typeof postLedgerTransaction>[0],
  input: { bookingId: string; transactionReference: string; amountKobo: number; reason: RefundReason },
): Promise<{ refund: RefundRow; created: boolean }> {
  if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
    throw new Error(`refund amount must be positive kobo (got ${input.amountKobo})`);
  }
  const result = await insertRefund(tx, input);
  if (result.created) {
    await postLedgerTransaction(tx, {
      idempotencyKey: `refund:${input.bookingId}`,
      kind: "refund",
      bookingId: input.bookingId,
      memo: `Refund of ${formatNaira(input.amountKobo)} (${input.reason.replace("_", " ")})`,
      entries: [
        { account: escrowAccount(input.bookingId), amountKobo: -input.amountKobo },
        { account: refundsPendingAccount(input.bookingId), amountKobo: input.amountKobo },
      ],
    });
  }
  return result;
}

/**
 * Refunds amountKobo of a paid booking's escrow: the booking becomes refunded (all of it) or
 * partially_refunded, the ledger moves the money to refunds pending, then the provider is asked.
 */
export async function refundBooking(
  bookingId: string,
  amountKobo: number,
  reason: RefundReason,
): Promise<{ ok: boolean; message: string }> {
  const outcome = await db.transaction(async (tx) => {
    const state = await bookingPaymentState(bookingId, tx);
    if (!state?.reference || state.paymentStatus !== "paid")
      return { ok: false, message: "This booking has no payment to refund" };
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > state.escrowKobo) {
      return { ok: false, message: `A refund must be between ₦0.01 and ${formatNaira(state.escrowKobo)}` };
    }
    const moved = await setBookingPaymentStatus(
      tx,
      bookingId,
      amountKobo === state.paidKobo ? "refunded" : "partially_refunded",
      ["paid"],
    );
    if (!moved) return { ok: false, message: "This booking has no payment to refund" };
    const { refund } = await startRefund(tx, {
      bookingId,
      transactionReference: state.reference,
      amountKobo,
      reason,
    });
    return { ok: true, message: `Refund of ${formatNaira(amountKobo)} started`, refundId: refund.id };
  });
  if (outcome.ok && "refundId" in outcome && outcome.refundId) await sendRefund(outcome.refundId);
  return { ok: outcome.ok, message: outcome.message };
}

/** The musician cancelled: whatever a paid booking holds in escrow goes back to the client. */
export async function refundPaidBookingInFull(bookingId: string): Promise<void> {
  const state = await bookingPaymentState(bookingId);
  if (state?.paymentStatus !== "paid" || state.escrowKobo <= 0) return;
  const result = await refundBooking(bookingId, state.escrowKobo, "musician_cancelled");
  if (!result.ok) logger.error({ bookingId, result }, "refund after the musician cancelled did not start");
}

/**
 * Asks the provider for the refund. Rejected: marked failed for the admin. Unreachable: a job retries.
 * Returns the refund's status afterwards.
 */
export async function sendRefund(refundId: string): Promise<string> {
  const refund = await findRefund(refundId);
  if (!refund || refund.status === "processed") return refund?.status ?? "missing";
  if (refund.status === "pending" && refund.providerRefundId) return "pending";
  try {
    const created = await paymentProvider().createRefund({
      reference: refund.transactionReference,
      amountKobo: refund.amountKobo,
    });
    await noteRefundAttempt(refund.id, { providerRefundId: created.refundId, lastError: null });
    await moveRefund(db, refund.id, ["failed"], "pending");
    await scheduleTestWebhook("refund", created.refundId);
    return "pending";
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === "rejected") {
      const reason = err.message.replace(/^Paystack \w+ \S+ failed: /, "");
      await noteRefundAttempt(refund.id, { lastError: reason });
      await moveRefund(db, refund.id, ["pending"], "failed", reason);
      logger.error({ refundId, reason }, "refund refused by the provider; shown to the admin");
      return "failed";
    }
    await noteRefundAttempt(refund.id, { lastError: (err as Error).message });
    await scheduleJob(RETRY_REFUND_JOB, { refundId }, { startAfter: new Date(Date.now() + 60_000) });
    return "pending";
  }
}

/** Job: a refund whose request did not reach the provider is asked for again. */
export async function retryRefundJob(data: { refundId: string }): Promise<void> {
  const refund = await findRefund(data.refundId);
  if (refund?.status === "pending" && !refund.providerRefundId) await sendRefund(data.refundId);
}

/** Admin "Retry refund" on a failed refund. */
export async function retryFailedRefund(refundId: string): Promise<{ ok: boolean; message: string }> {
  const refund = /^[0-9a-f-]{36}$/.test(refundId) ? await findRefund(refundId) : undefined;
  if (!refund) return { ok: false, message: "Refund not found" };
  if (refund.status !== "failed") return { ok: false, message: "Only a failed refund can be retried" };
  await noteRefundAttempt(refundId, { providerRefundId: null });
  const status = await sendRefund(refundId);
  return status === "failed"
    ? { ok: false, message: "The refund was refused again" }
    : { ok: true, message: "Refund sent again" };
}

/** refund.processed | refund.failed from Paystack (already signature-checked). */
export async function handleRefundEvent(
  event: "refund.processed" | "refund.failed",
  data: { transaction_reference: string; amount: number; currency: string },
): Promise<void> {
  const refund = await findOpenRefundByTransaction(data.transaction_reference);
  if (!refund) {
    logger.info(
      { event, reference: data.transaction_reference },
      "refund event for no open refund; nothing to do",
    );
    return;
  }
  if (data.amount !== refund.amountKobo || data.currency !== "NGN") {
    logger.error({ event, data, refundId: refund.id }, "refund event does not match the refund; ignored");
    return;
  }
  if (event === "refund.failed") {
    await moveRefund(db, refund.id, ["pending"], "failed", "Paystack reported the refund failed");
    return;
  }
  const processed = await db.transaction(async (tx) => {
    const moved = await moveRefund(tx, refund.id, ["pending", "failed"], "processed");
    if (!moved) return undefined;
    await postLedgerTransaction(tx, {
      idempotencyKey: `refund-processed:${refund.bookingId}`,
      kind: "refund_processed",
      bookingId: refund.bookingId,
      memo: `Refund of ${formatNaira(refund.amountKobo)} paid back to the client`,
      entries: [
        { account: refundsPendingAccount(refund.bookingId), amountKobo: -refund.amountKobo },
        { account: PAYSTACK_CLEARING, amountKobo: refund.amountKobo },
      ],
    });
    return moved;
  });
  if (processed) await sendRefundReceipt(processed);
}

async function sendRefundReceipt(refund: RefundRow): Promise<void> {
  const booking = await bookingContact(refund.bookingId);
  if (!booking?.email) return;
  await sendMail({
    to: booking.email,
    subject: `Refund of ${formatNaira(refund.amountKobo)} processed`,
    text:
      `Hello ${booking.clientName},\n\nYour refund of ${formatNaira(refund.amountKobo)} for booking ${booking.slug} ` +
      `has been processed (payment reference ${refund.transactionReference}). Depending on your bank it ` +
      "can take a few working days to show on your statement.\n\n— Stagebook",
  }).catch((err) => logger.warn({ err }, "refund receipt not sent"));
}

export function refundForBooking(bookingId: string): Promise<RefundRow | undefined> {
  return findRefundForBooking(bookingId);
}

export function refundsForAdmin() {
  return listRefundsForAdmin();
}
