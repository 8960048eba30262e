// Automatic payouts (issue 29): money released to a musician goes to their bank on its own. Every
// release's money event (ADR 0026: the "payout" follow-up in money-followups) asks for the payout of the
// released share in the follow-up's own transaction (requestReleasePayout: the
// payout row and, unless a hold keeps it back, the ledger posting Available → payouts in transit); the
// Paystack transfer goes out after commit, by the payout's reference, from the job queue (sendPayout:
// a lost answer never pays twice, only Paystack's "not found" fails it).
//
// A held payout waits (status "waiting", its money still in Available) while the musician's payout
// account is in its 24 h hold after a change, while a card dispute is open on the booking, or while its
// money is test-mode money and the provider is real Paystack. The wallet says why and until when; a job
// queued for the end of the hold (and the hourly sweep) sends it then.
import { lockMusicianWallet, withdrawableKobo } from "~/features/money/booking-money.server";
import { type BookingPayoutHolds, bookingPayoutHolds } from "~/features/payments/payout-holds.server";
import { paymentMode } from "~/features/payments/paystack/provider.server";
import { LAGOS_TZ, lagosToday } from "~/lib/lagos-date";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import {
  bookingMusicianId,
  dropWaitingPayouts,
  findPaymentSettings,
  findPayoutByReference,
  insertPayout,
  listPayouts,
  type PaymentSettings,
  type PayoutRow,
  payoutReferences,
  payoutsOfBooking,
  profileNames,
  returnedAutomaticPayouts,
  savePaymentSettings,
  updatePayoutIn,
} from "./queries.server";
import { MIN_WITHDRAWAL_KOBO } from "./wallet.schema";
import {
  formatHoldUntil,
  hasPayoutAccount,
  heldUntil,
  isVerified,
  PAYOUT_ACCOUNT_HOLD_MS,
  type PayoutAccount,
  reservePayout,
  retryPayoutTransfer,
} from "./wallet.server";

/** The job that sends one payout by reference: a pending one now, a waiting one once its hold ends. */
export const SEND_PAYOUT_JOB = "wallet-send-payout";

type PayoutHold = { kind: "account"; until: Date } | { kind: "card-dispute" } | { kind: "test-money" };

/** The payout row's provider: "test" while no real money moves (built-in provider or a test key, M1). */
const payoutProviderNow = () => (paymentMode() === "live" ? "paystack" : "test");

/**
 * One reference per release, musician and attempt: a retry after a failure is a new transfer, never the
 * same. A line-up member's (ADR 0033) carries the start of their id (Paystack allows 50 characters).
 */
const releasePayoutReference = (bookingId: string, attempt: number, member: string | null) =>
  `po_rel_${bookingId.replaceAll("-", "")}${member ? `_${member.replaceAll("-", "").slice(0, 6)}` : ""}${attempt > 1 ? `_${attempt}` : ""}`;

/** What keeps an automatic payout back now, the first that applies, or null. */
function payoutHold(
  settings: Pick<PaymentSettings, "bankAccountHoldUntil">,
  holds: BookingPayoutHolds,
  now: Date,
  realProvider = paymentMode() === "live",
): PayoutHold | null {
  if (holds.testMoney && realProvider) return { kind: "test-money" };
  if (holds.cardDispute) return { kind: "card-dispute" };
  const until = heldUntil(settings, now);
  return until ? { kind: "account", until } : null;
}

/** "yesterday", "today" or "on 26 Nov": when the payout account was saved (its hold began). */
function savedWhen(changedAt: Date, now: Date): string {
  if (lagosToday(changedAt) === lagosToday(now)) return "today";
  if (lagosToday(changedAt) === lagosToday(new Date(now.getTime() - 86_400_000))) return "yesterday";
  return `on ${changedAt.toLocaleDateString("en-NG", { day: "numeric", month: "short", timeZone: LAGOS_TZ })}`;
}

/** The wallet's words for a hold: why the money waits and when it will go. */
function payoutHoldMessage(hold: PayoutHold, now = new Date()): string {
  switch (hold.kind) {
    case "account":
      return `Held until ${formatHoldUntil(hold.until)}: your payout account is new (saved ${savedWhen(new Date(hold.until.getTime() - PAYOUT_ACCOUNT_HOLD_MS), now)}). It goes to your bank on its own then.`;
    case "card-dispute":
      return "Held while the client's bank looks into a card dispute on this booking. It goes to your bank on its own when the dispute is settled in your favour.";
    case "test-money":
      return "Not sent: this booking was paid in test mode, where no real money moved, so it cannot go to your bank.";
  }
}

/** Whether money released to this musician goes to their bank automatically (setting on, account verified). */
async function automaticPayoutsOn(tx: DbExecutor, musicianId: string): Promise<PayoutAccount | null> {
  const settings = await findPaymentSettings(musicianId, tx);
  if (!settings?.autoPayout || !hasPayoutAccount(settings)) return null;
  return isVerified(settings, await profileNames(musicianId, tx)) ? settings : null;
}

/**
 * A new payout of a booking's release to the musician's current account; null when the release already
 * has a live one (waiting, pending or paid: the database allows one).
 */
async function insertReleasePayout(
  tx: DbExecutor,
  account: PayoutAccount,
  release: { bookingId: string; amountKobo: number; status: "waiting" | "pending" },
): Promise<PayoutRow | null> {
  // One live payout per release and musician: the leader's and each line-up member's (ADR 0033).
  const earlier = await payoutsOfBooking(release.bookingId, tx, account.musicianId);
  if (earlier.some((p) => p.status === "waiting" || p.status === "pending" || p.status === "paid"))
    return null;
  const member = (await bookingMusicianId(tx, release.bookingId)) !== account.musicianId;
  return insertPayout(tx, {
    ...release,
    musicianId: account.musicianId,
    reference: releasePayoutReference(
      release.bookingId,
      earlier.length + 1,
      member ? account.musicianId : null,
    ),
    bankName: account.bankName ?? "",
    accountNumber: account.accountNumber,
    recipientCode: account.recipientCode,
    provider: payoutProviderNow(),
  });
}

/**
 * The release's money event's "payout" follow-up (money-followups, in its own transaction; the wallet
 * locked here): asks for the payout of what this release put in the musician's Available. Nothing when the musician turned
 * automatic payouts off, has no verified payout account, or the share is below the smallest
 * withdrawal; a release that already has a live payout gets no second one. Call sendRequestedPayout
 * with the result once the transaction has committed.
 */
export async function requestReleasePayout(
  tx: DbExecutor,
  release: { musicianId: string; bookingId: string; amountKobo: number; holds: BookingPayoutHolds },
  now = new Date(),
): Promise<PayoutRow | null> {
  if (release.amountKobo < MIN_WITHDRAWAL_KOBO) return null;
  await lockMusicianWallet(tx, release.musicianId);
  const settings = await automaticPayoutsOn(tx, release.musicianId);
  if (!settings) return null;
  const hold = payoutHold(settings, release.holds, now);
  // What may leave now: the one rule withdrawals and waiting payouts apply (M9). Released money that a
  // card dispute on another booking still keeps back waits here until it may go; so does money that left
  // Available between the release's commit and this, its money event's follow-up (ADR 0026).
  const may = (await withdrawableKobo(tx, release.musicianId, paymentMode() === "live")).withdrawableKobo;
  const amountKobo = hold ? release.amountKobo : Math.min(release.amountKobo, may);
  const goesNow = !hold && amountKobo >= MIN_WITHDRAWAL_KOBO;
  const payout = await insertReleasePayout(tx, settings, {
    bookingId: release.bookingId,
    amountKobo: goesNow ? amountKobo : release.amountKobo,
    status: goesNow ? "pending" : "waiting",
  });
  if (payout && !goesNow) return payout;
  if (payout) await reservePayout(tx, payout);
  return payout;
}

/**
 * After the release committed: queue the transfer (now, or at the end of the account's hold). If the
 * queue cannot be reached, the hourly sweep sends it.
 */
export async function sendRequestedPayout(
  payout: Pick<PayoutRow, "reference" | "status" | "musicianId"> | null | undefined,
): Promise<void> {
  if (!payout) return;
  const settings = payout.status === "waiting" ? await findPaymentSettings(payout.musicianId) : undefined;
  await scheduleSend(payout.reference, heldUntil(settings, new Date()) ?? undefined);
}

async function scheduleSend(reference: string, startAfter?: Date): Promise<void> {
  await scheduleJob(
    SEND_PAYOUT_JOB,
    { reference },
    { startAfter, singletonKey: `${reference}:${startAfter?.toISOString() ?? "now"}` },
  ).catch((err) => logger.error({ err, reference }, "payout not queued; the money sweep sends it"));
}

type Started = { started: PayoutRow } | { hold: PayoutHold } | { dropped: string } | { gone: true };

/**
 * A waiting payout whose holds have ended becomes pending, under the wallet lock: its amount leaves
 * Available (never more than Available holds now, less test-mode money when the provider is real) and
 * it goes to the musician's current payout account.
 */
async function startIfHoldEnded(reference: string, now: Date): Promise<Started> {
  return db.transaction(async (tx) => {
    const first = await findPayoutByReference(reference, tx);
    if (!first?.bookingId) return { gone: true };
    await lockMusicianWallet(tx, first.musicianId);
    const payout = await findPayoutByReference(reference, tx);
    if (payout?.status !== "waiting" || !payout.bookingId) return { gone: true };
    const settings = await automaticPayoutsOn(tx, payout.musicianId);
    const holds = await bookingPayoutHolds(tx, payout.bookingId);
    if (!settings || !holds) {
      const why =
        "Not sent: automatic payouts are off or your payout account is not verified. The money stays in Available for Withdraw.";
      await dropWaitingPayouts(tx, payout.musicianId, why, payout.reference);
      return { dropped: why };
    }
    const hold = payoutHold(settings, holds, now);
    if (hold) return { hold };
    // What may leave now (the money module): Available less disputed and, paying out for real, test money.
    const funds = await withdrawableKobo(tx, payout.musicianId, paymentMode() === "live");
    const amountKobo = Math.min(payout.amountKobo, funds.withdrawableKobo);
    if (amountKobo < MIN_WITHDRAWAL_KOBO) {
      // Kept back by a card dispute on another booking: it waits for that dispute (M9).
      if (funds.disputedKobo > 0 && funds.availableKobo >= MIN_WITHDRAWAL_KOBO)
        return { hold: { kind: "card-dispute" } };
      // Never deleted without a word (M9): the row stays, saying why.
      const why = `Not sent: only ${formatNaira(Math.max(0, amountKobo))} of it was still in Available, below the ${formatNaira(MIN_WITHDRAWAL_KOBO)} minimum.`;
      await dropWaitingPayouts(tx, payout.musicianId, why, payout.reference);
      return { dropped: why };
    }
    // It goes now: with the amount that goes and to the account it goes to now.
    const started = await updatePayoutIn(tx, reference, "waiting", {
      status: "pending",
      note: null,
      amountKobo,
      bankName: settings.bankName ?? "",
      accountNumber: settings.accountNumber,
      recipientCode: settings.recipientCode,
      provider: payoutProviderNow(),
    });
    if (!started) return { gone: true };
    await reservePayout(tx, started);
    return { started };
  });
}

/**
 * The job: a waiting payout is started once its holds have ended (re-queued for the account hold's end
 * if that is what still holds it); a pending one is sent. An unknown outcome throws, so the queue
 * retries this same job (same reference: never a second transfer).
 */
export async function runSendPayout(data: { reference: string }, now = new Date()): Promise<void> {
  const payout = await findPayoutByReference(data.reference);
  if (!payout) return;
  if (payout.status === "waiting") {
    const result = await startIfHoldEnded(data.reference, now);
    if ("hold" in result) {
      if (result.hold.kind === "account") await scheduleSend(data.reference, result.hold.until);
      // Touched, so the sweep's oldest-first batch moves on to others (M14).
      await updatePayoutIn(db, data.reference, "waiting", {});
      return;
    }
    if ("dropped" in result)
      logger.info({ reference: data.reference, why: result.dropped }, "waiting automatic payout dropped");
    if (!("started" in result)) return;
  }
  await retryPayoutTransfer(data);
}

/** The sweep: every waiting payout whose hold has ended goes now (a lost job, a settled card dispute). */
export async function sendDueWaitingPayouts(now = new Date()): Promise<number> {
  const references = await payoutReferences("waiting", { limit: 500 });
  let sent = 0;
  for (const reference of references) {
    try {
      const before = await findPayoutByReference(reference);
      await runSendPayout({ reference }, now);
      const after = await findPayoutByReference(reference);
      if (before?.status === "waiting" && after?.status !== "waiting") sent += 1;
    } catch (err) {
      logger.warn({ err, reference }, "waiting payout not sent; the next sweep tries again");
    }
  }
  return sent;
}

/** A card dispute on the booking was settled: its waiting payouts go now if nothing else holds them. */
export async function sendWaitingPayoutOfBooking(bookingId: string): Promise<void> {
  // The leader's and each line-up member's (ADR 0033).
  for (const waiting of (await payoutsOfBooking(bookingId)).filter((p) => p.status === "waiting"))
    await scheduleSend(waiting.reference);
}

/**
 * "Send released money to my bank automatically" (the musician's own wallet only: the caller passes
 * their id). Turning it off drops the payouts still waiting for a hold: their money stays in Available
 * for Withdraw, as before automatic payouts.
 */
export async function chooseAutomaticPayouts(musicianId: string, on: boolean): Promise<void> {
  await savePaymentSettings(musicianId, { autoPayout: on });
  if (!on)
    await db.transaction(async (tx) => {
      await lockMusicianWallet(tx, musicianId);
      await dropWaitingPayouts(
        tx,
        musicianId,
        "Not sent: you turned automatic payouts off. The money stays in Available for Withdraw.",
      );
    });
}

/**
 * The payout account was fixed (a new account saved): automatic payouts that failed or were sent back
 * by the bank are asked for again, to the new account, as waiting payouts that go when its hold ends.
 * Only what Available still holds is asked for.
 */
export async function retryReturnedPayouts(musicianId: string): Promise<PayoutRow[]> {
  const asked = await db.transaction(async (tx) => {
    await lockMusicianWallet(tx, musicianId);
    const settings = await automaticPayoutsOn(tx, musicianId);
    if (!settings) return [];
    const out: PayoutRow[] = [];
    for (const returned of await returnedAutomaticPayouts(tx, musicianId)) {
      const payout = await insertReleasePayout(tx, settings, {
        bookingId: returned.bookingId!,
        amountKobo: returned.amountKobo,
        status: "waiting",
      });
      if (payout) out.push(payout);
    }
    return out;
  });
  for (const payout of asked) await sendRequestedPayout(payout);
  return asked;
}

/** The wallet's explanation for each of the musician's held payouts (by payout id), read now. */
export async function heldPayoutNotes(musicianId: string, now = new Date()): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  const waiting = (await listPayouts(musicianId)).filter((p) => p.status === "waiting");
  if (waiting.length === 0) return notes;
  const settings = await findPaymentSettings(musicianId);
  for (const payout of waiting) {
    if (!payout.bookingId) continue;
    const holds = await bookingPayoutHolds(db, payout.bookingId);
    const hold = settings && holds ? payoutHold(settings, holds, now) : null;
    notes.set(
      payout.id,
      hold ? payoutHoldMessage(hold, now) : "Its hold has ended: it goes to your bank in a moment.",
    );
  }
  return notes;
}
