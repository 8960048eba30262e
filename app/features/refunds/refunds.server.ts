// Refunds: the money leaves the booking's escrow for "refunds pending" in the ledger first, then the
// provider is asked (Paystack refunds are asynchronous and may be partial); refund.processed moves it
// out of the platform, refund.failed leaves it pending and shows it to the admin, who retries.
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { PAYSTACK_CLEARING, refundsPendingAccount } from "~/features/ledger/ledger-accounts";
import {
  applyTransition,
  peekBookingMoney,
  raiseMoneyAlert,
  readBookingMoney,
} from "~/features/money/booking-money.server";
import { followMoneyEvents, writeMoneyNews } from "~/features/money/money-events.server";
import { refundStep } from "~/features/money/provider-refund-states.server";

import {
  PaymentProviderError,
  paymentProvider,
  type RefundResult,
} from "~/features/payments/paystack/provider.server";
import { scheduleTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import {
  claimRefund,
  endRefundClaim,
  findOpenRefundByTransaction,
  findRefund,
  findRefundForBooking,
  moveRefund,
  providerRefundIdTaken,
  type RefundRow,
  refundsAwaitingOutcome,
  refundsToRedrive,
} from "./queries.server";

export const RETRY_REFUND_JOB = "refunds-retry";

/** The booking's own refund as its documents state it (null: none was made). */
export async function bookingRefundFacts(
  bookingId: string,
): Promise<{ amountKobo: number; status: string; at: Date } | null> {
  const refund = await findRefundForBooking(bookingId);
  return refund ? { amountKobo: refund.amountKobo, status: refund.status, at: refund.createdAt } : null;
}

/** The ledger key of a refund's settlement (a duplicate charge's refund settles on its own). */
const refundProcessedKey = (refund: RefundRow) =>
  refund.reason === "duplicate_charge"
    ? `refund-processed:${refund.transactionReference}`
    : `refund-processed:${refund.bookingId}`;

/**
 * The musician cancelled (inside their transaction, the booking already cancelled and locked): whatever
 * the booking's escrow holds goes back to the client, whatever its payment status says (review N4: a
 * partly settled booking too). Refused while a card dispute is open; the caller rolls the cancel back.
 */
export async function startRefundOnMusicianCancel(
  tx: Parameters<typeof postLedgerTransaction>[0],
  bookingId: string,
): Promise<{ ok: true; refundId: string | null; eventId: string | null } | { ok: false; message: string }> {
  const money = await readBookingMoney(tx, bookingId);
  if (!money?.held) return { ok: true, refundId: null, eventId: null };
  const done = await applyTransition(tx, money, "refund", {
    amountKobo: money.escrowKobo,
    reason: "musician_cancelled",
  });
  return done.ok
    ? { ok: true, refundId: done.refundIds[0] ?? null, eventId: done.eventId }
    : { ok: false, message: done.message };
}

/**
 * Asks the provider for the refund, once: the row is claimed first (compare-and-set), so two clicks,
 * two workers or a job and the sweep make one call. A refund that may have been asked for before
 * (its answer lost) is first looked up among the charge's refunds at the provider and adopted.
 * Rejected: marked failed for the admin. Unreachable: from a request, a job retries; from a job, it
 * throws (pg-boss retries it). Returns the refund's status afterwards.
 */
export async function sendRefund(
  refundId: string,
  options: { fromJob?: boolean; retryFailed?: boolean } = {},
): Promise<string> {
  const claim = await claimRefund(refundId, options.retryFailed);
  if (!claim) return (await findRefund(refundId))?.status ?? "missing";
  let sent: RefundResult | undefined;
  try {
    // attempts counts claims: above 1, an earlier call may have reached the provider.
    if (claim.attempts > 1) sent = await adoptableRefund(claim);
    sent ??= await paymentProvider().createRefund({
      reference: claim.transactionReference,
      amountKobo: claim.amountKobo,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === "rejected") {
      const reason = err.message.replace(/^Paystack \w+ \S+ failed: /, "");
      await endRefundClaim(claim, { lastError: reason });
      await delayRefund(claim, "failed", reason, ["pending"]);
      logger.error({ refundId, reason }, "refund refused by the provider; shown to the admin");
      return "failed";
    }
    await endRefundClaim(claim, { lastError: (err as Error).message });
    if (options.fromJob) throw err;
    // The sweep re-drives it if even the job cannot be queued.
    await scheduleJob(
      RETRY_REFUND_JOB,
      { refundId },
      { startAfter: new Date(Date.now() + 60_000), singletonKey: `refund:${refundId}` },
    ).catch((e) => logger.error({ err: e, refundId }, "refund retry could not be queued; the sweep will"));
    return "pending";
  }
  // Only the provider id is recorded: a refund.failed or refund.processed that arrived while we were
  // waiting for the answer has already moved the status, and that move stands.
  const ended = await endRefundClaim(claim, { providerRefundId: sent.refundId, lastError: null });
  await scheduleTestWebhook("refund", sent.refundId).catch((err) =>
    logger.warn({ err, refundId }, "test refund webhook not queued"),
  );
  return ended?.status ?? "pending";
}

/** A refund the provider already holds for this charge and amount that none of ours stands for. */
async function adoptableRefund(claim: RefundRow): Promise<RefundResult | undefined> {
  const existing = await paymentProvider().listRefunds(claim.transactionReference);
  for (const candidate of existing) {
    if (candidate.amountKobo !== claim.amountKobo) continue;
    if (candidate.status === "failed" || candidate.status === "reversed") continue;
    if (candidate.refundId === claim.providerRefundId) continue;
    if (await providerRefundIdTaken(candidate.refundId, claim.id)) continue;
    logger.info(
      { refundId: claim.id, providerRefundId: candidate.refundId },
      "adopted the provider's refund",
    );
    return candidate;
  }
  return undefined;
}

/** Job: a refund whose request did not reach the provider is asked for again (throws to be retried). */
export async function retryRefundJob(data: { refundId: string }): Promise<void> {
  await sendRefund(data.refundId, { fromJob: true });
}

/** Admin "Retry refund" on a failed refund. */
export async function retryFailedRefund(refundId: string): Promise<{ ok: boolean; message: string }> {
  const refund = /^[0-9a-f-]{36}$/.test(refundId) ? await findRefund(refundId) : undefined;
  if (!refund) return { ok: false, message: "Refund not found" };
  if (refund.status !== "failed") return { ok: false, message: "Only a failed refund can be retried" };
  const status = await sendRefund(refundId, { retryFailed: true });
  return status === "failed"
    ? { ok: false, message: "The refund was refused again" }
    : { ok: true, message: "Refund sent again" };
}

/** The sweep: pending refunds never (successfully) asked for, older than a few minutes. */
export async function redrivePendingRefunds(olderThanMs = 10 * 60_000): Promise<number> {
  const ids = await refundsToRedrive(new Date(Date.now() - olderThanMs));
  for (const id of ids) {
    await sendRefund(id).catch((err) =>
      logger.warn({ err, refundId: id }, "sweep could not send the refund"),
    );
  }
  return ids.length;
}

/** A refund accepted by Paystack whose outcome has not arrived within this long is asked about (review N9). */
export const REFUND_QUESTION_AFTER_MS = 24 * 3_600_000;

/**
 * The sweep, for refunds Paystack accepted (they have its id) whose outcome never came: Paystack is asked
 * (GET /refund/:id) and its answer is applied as the money module's table says
 * (provider-refund-states.server.ts): processed and failed through the webhook's own code; needs-attention,
 * a different amount, or pending past the bound go to an admin (M7); still on its way, touched so the
 * oldest-first batch moves on (M14). Any doubt leaves it for the next sweep.
 */
export async function askAboutPendingRefunds(
  olderThanMs = REFUND_QUESTION_AFTER_MS,
  now = new Date(),
): Promise<number> {
  const refunds = await refundsAwaitingOutcome(new Date(now.getTime() - olderThanMs));
  let settled = 0;
  for (const refund of refunds) {
    const known = await paymentProvider()
      .fetchRefund(refund.providerRefundId!)
      .catch((err) => logger.warn({ err, refundId: refund.id }, "sweep could not ask about the refund"));
    if (known === undefined) continue;
    const step = known
      ? refundStep(known, { amountKobo: refund.amountKobo, pendingSince: refund.createdAt }, now)
      : ({ kind: "needs_attention", why: "Paystack answers that it has no refund with this id" } as const);
    if (step.kind === "wait") {
      await moveRefund(db, refund.id, ["pending"], "pending", refund.lastError);
      continue;
    }
    if (step.kind === "needs_attention") await needsAttention(refund, step.why);
    else
      await handleRefundEvent(step.kind === "processed" ? "refund.processed" : "refund.failed", {
        transaction_reference: refund.transactionReference,
        amount: refund.amountKobo,
        currency: "NGN",
      });
    settled += 1;
  }
  return settled;
}

/**
 * A refund Paystack cannot finish by itself: it leaves "pending" for needs_attention (its money stays
 * in refunds pending) and an admin is alerted, with the action on the Payments tab: pay the client by hand
 * (Paystack's dashboard asks for their bank account) and record it (M7).
 */
async function needsAttention(refund: RefundRow, why: string): Promise<void> {
  if (await delayRefund(refund, "needs_attention", why, ["pending", "failed"]))
    logger.error({ refundId: refund.id, why }, "refund needs an admin");
}

/**
 * A refund Paystack reported failed, or cannot finish by itself (issue 35 §3): in one transaction its
 * status moves, the admin gets an alert with its action (Retry refund; Record refunded once paid by hand),
 * and the payer is told plainly from its money event that their money is safe and being looked into
 * (once per refund and state). False: it was not in a state to move (told before).
 */
async function delayRefund(
  refund: Pick<RefundRow, "id">,
  to: "failed" | "needs_attention",
  why: string,
  from: string[],
): Promise<boolean> {
  const eventId = await db.transaction(async (tx) => {
    const moved = await moveRefund(tx, refund.id, from, to, why);
    if (!moved) return undefined;
    const what = `Refund of ${formatNaira(moved.amountKobo)} on payment ${moved.transactionReference}: ${why}.`;
    await raiseMoneyAlert(
      tx,
      { reference: moved.id, musicianId: null, amountKobo: moved.amountKobo },
      to === "failed" ? "refund_failed" : "refund_needs_attention",
      to === "failed"
        ? `${what} Press "Retry refund"; if Paystack refuses it again, pay the client by hand and press "Record refunded".`
        : `${what} Settle it in the Paystack dashboard (or pay the client by hand), then press "Record refunded".`,
    );
    const money = await peekBookingMoney(moved.bookingId, tx);
    if (!money) return null;
    return writeMoneyNews(tx, {
      key: `refundDelayed:${moved.id}:${to}`,
      bookingId: moved.bookingId,
      musicianId: money.booking.musicianId,
      news: { kind: "refundDelayed", refundId: moved.id, refundKobo: moved.amountKobo, status: to },
    });
  });
  if (eventId === undefined) return false;
  await followMoneyEvents([eventId]);
  return true;
}

/** refund.* from Paystack (already signature-checked), applied as provider-refund-states says. */
export async function handleRefundEvent(
  event: string,
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
  if (data.currency !== "NGN" || data.amount !== refund.amountKobo) {
    await needsAttention(
      refund,
      `Paystack's ${event} names ${formatNaira(data.amount)} ${data.currency}, ours is ${formatNaira(refund.amountKobo)}`,
    );
    return;
  }
  const step = refundStep(
    { status: event.replace(/^refund\./, ""), amountKobo: data.amount },
    { amountKobo: refund.amountKobo, pendingSince: refund.createdAt },
  );
  if (step.kind === "wait") return;
  if (step.kind === "needs_attention") return needsAttention(refund, step.why);
  if (step.kind === "failed") {
    await delayRefund(refund, "failed", "Paystack reported the refund failed", ["pending"]);
    return;
  }
  await settleRefundProcessed(refund);
}

/**
 * The refund reached the client: refunds pending → out of the platform, once, with its money event (the
 * client is told from it, ADR 0026 addendum: a crash after the commit loses no notice).
 */
async function settleRefundProcessed(refund: RefundRow): Promise<boolean> {
  const eventId = await db.transaction(async (tx) => {
    const moved = await moveRefund(tx, refund.id, ["pending", "failed", "needs_attention"], "processed");
    if (!moved) return undefined;
    await postLedgerTransaction(tx, {
      idempotencyKey: refundProcessedKey(refund),
      kind: "refund_processed",
      bookingId: refund.bookingId,
      memo: `Refund of ${formatNaira(refund.amountKobo)} paid back to the client`,
      entries: [
        { account: refundsPendingAccount(refund.bookingId), amountKobo: -refund.amountKobo },
        { account: PAYSTACK_CLEARING, amountKobo: refund.amountKobo },
      ],
    });
    const money = await peekBookingMoney(moved.bookingId, tx);
    if (!money) return null;
    return writeMoneyNews(tx, {
      key: `refundSettled:${moved.id}`,
      bookingId: moved.bookingId,
      musicianId: money.booking.musicianId,
      news: {
        kind: "refundSettled",
        refundId: moved.id,
        refundKobo: moved.amountKobo,
        paidKobo: money.paidKobo,
        duplicate: moved.reason === "duplicate_charge",
      },
    });
  });
  if (eventId === undefined) return false;
  await followMoneyEvents([eventId]);
  return true;
}

/** Admin: the client was paid back by hand (a refund Paystack could not finish, M7). */
export async function recordRefundMadeByHand(refundId: string): Promise<{ ok: boolean; message: string }> {
  const refund = /^[0-9a-f-]{36}$/.test(refundId) ? await findRefund(refundId) : undefined;
  if (!refund) return { ok: false, message: "Refund not found" };
  if (refund.status !== "needs_attention" && refund.status !== "failed")
    return { ok: false, message: "Only a refund Paystack could not finish can be recorded by hand" };
  return (await settleRefundProcessed(refund))
    ? { ok: true, message: "Refund recorded as paid by hand" }
    : { ok: false, message: "This refund was already settled" };
}
