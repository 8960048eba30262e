// The musician's wallet: balances read from the ledger (never a cached number), the bank account
// payouts go to, withdrawals (ledger first, then a Paystack transfer whose reference is its idempotency
// key) and the transfer webhooks that settle them.

import { createHash, randomBytes } from "node:crypto";
import { listOwnBookings } from "~/features/bookings/bookings.server";
import {
  accountBalanceKobo,
  accountBalancesKobo,
  accountHistory,
  accountsHistory,
  postLedgerTransaction,
} from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  payoutsInTransitAccount,
} from "~/features/ledger/ledger-accounts";
import { lines, ourWords, readByAuthor, sentence } from "~/features/messaging/contact-boundary";
import {
  lineUpsOf,
  lockMusicianWallet,
  moneyBackEntries,
  musicianHoldsEscrow,
  withdrawableKobo,
} from "~/features/money/booking-money.server";
import {
  type CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
} from "~/features/money/cancellation-policy";
import { configuredFeeRates } from "~/features/money/fees.server";
import { lineUpPartsOf } from "~/features/money/line-up-shares";
import { followMoneyEvents, writeMoneyNews } from "~/features/money/money-events.server";
import { PAYOUT_PENDING_BOUND_MS, transferStep } from "~/features/money/payout-states.server";

import {
  PaymentProviderError,
  paymentMode,
  paymentProvider,
  type TransferResult,
} from "~/features/payments/paystack/provider.server";
import { scheduleTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { recordedPayments } from "~/features/payments/recorded-payments.server";
import { isIdempotencyKey } from "~/lib/idempotency";
import { lagosToday } from "~/lib/lagos-date";
import { formatNaira } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { type DbExecutor, db } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { sendMail, writeToUs } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { bankDisplayName } from "./bank-names";
import {
  findPaymentSettings,
  findPayoutByReference,
  insertPayout,
  lineUpGigsOf,
  listOpenMoneyAlerts,
  listPayouts,
  lockPayout,
  type MoneyAlertRow,
  type PaymentSettings,
  type PayoutRow,
  payoutReferences,
  payoutsOfBooking,
  profileNames,
  recordPayoutAlert,
  resolveMoneyAlert,
  savePaymentSettings,
  updatePayoutIn,
} from "./queries.server";
import { MIN_WITHDRAWAL_KOBO, type WalletActionResult } from "./wallet.schema";
import { walletStatement } from "./wallet-history";

const WITHDRAWALS_PER_HOUR = 5;
export const RETRY_PAYOUT_JOB = "wallet-retry-payout";

/** The musician's cancellation policy (Flexible until they choose another). */
export async function cancellationPolicyOf(musicianId: string): Promise<CancellationPolicy> {
  return policyOf(await findPaymentSettings(musicianId));
}

function policyOf(settings: PaymentSettings | undefined): CancellationPolicy {
  return isCancellationPolicy(settings?.cancellationPolicy)
    ? settings.cancellationPolicy
    : DEFAULT_CANCELLATION_POLICY;
}

/** The musician chooses their cancellation policy (their own profile only: the caller passes their id). */
export async function chooseCancellationPolicy(
  musicianId: string,
  policy: CancellationPolicy,
): Promise<void> {
  await savePaymentSettings(musicianId, { cancellationPolicy: policy, policyChosenAt: new Date() });
}

/** What the musician can withdraw now (their payable account). */
export function availableKobo(musicianId: string): Promise<number> {
  return accountBalanceKobo(musicianPayableAccount(musicianId));
}

const normalName = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .replace(/[^a-z\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(" ");

type ProfileNames = { firstName: string | null; lastName: string | null } | null | undefined;

/**
 * A payout account is verified when it is saved and the bank's name for it is the profile's first and
 * last name (any order).
 */
export function isVerified(settings: PaymentSettings | undefined, names: ProfileNames): boolean {
  const wanted = normalName(`${names?.firstName ?? ""} ${names?.lastName ?? ""}`)
    .split(" ")
    .filter(Boolean);
  if (!settings?.recipientCode || wanted.length < 2 || !settings.accountName) return false;
  const have = new Set(normalName(settings.accountName).split(" "));
  return wanted.every((w) => have.has(w));
}

export type PayoutAccount = PaymentSettings & { recipientCode: string; accountNumber: string };

/** The musician has saved an account payouts can go to. */
export const hasPayoutAccount = (settings: PaymentSettings | undefined): settings is PayoutAccount =>
  Boolean(settings?.recipientCode && settings.accountNumber);

/** Until when payouts to a new account wait (ADR 0017), or null when they may go now. */
export function heldUntil(settings: Pick<PaymentSettings, "bankAccountHoldUntil"> | undefined, now: Date) {
  const until = settings?.bankAccountHoldUntil;
  return until && until > now ? until : null;
}

/**
 * What a public profile shows of the musician's payment settings, from one read of them. Verified: a
 * payout account is saved and the bank's name for it is the profile's name.
 */
export async function publicPaymentFacts(
  musicianId: string,
  names: ProfileNames,
): Promise<{ cancellationPolicy: CancellationPolicy; verified: boolean }> {
  const settings = await findPaymentSettings(musicianId);
  return { cancellationPolicy: policyOf(settings), verified: isVerified(settings, names) };
}

/**
 * The wallet's figures, the payout account and the statement (the musician's side of every money
 * event, newest first, and what the lines add up to).
 */
export async function walletView(musicianId: string, options: { holdNotes?: Map<string, string> } = {}) {
  const payable = musicianPayableAccount(musicianId);
  const inTransit = payoutsInTransitAccount(musicianId);
  const debt = chargebackReceivableAccount(musicianId);
  const [settings, names, bookings, lineUpGigs] = await Promise.all([
    findPaymentSettings(musicianId),
    profileNames(musicianId),
    listOwnBookings({ id: musicianId }),
    lineUpGigsOf(musicianId),
  ]);
  const lineUps = await lineUpsOf(bookings.map((b) => b.id));
  const escrows = bookings.map((b) => escrowAccount(b.id));
  // Every ledger figure from one snapshot: read one by one, a release committing in between showed
  // its money both in escrow and in Available.
  const { balances, transitHistory, entries, payments, payouts, funds } = await db.transaction(
    async (tx) => {
      const entries = await accountsHistory([payable, debt, ...escrows], tx);
      // The bookings money has moved for, whatever their status says now.
      const moved = [...new Set(entries.flatMap((e) => (e.bookingId ? [e.bookingId] : [])))];
      return {
        balances: await accountBalancesKobo([payable, debt, ...escrows], tx),
        // What may leave now, from the same snapshot (a card dispute keeps the released share back).
        funds: await withdrawableKobo(tx, musicianId, paymentMode() === "live"),
        transitHistory: await accountHistory(inTransit, tx),
        entries,
        payments: await recordedPayments(moved, tx),
        payouts: await listPayouts(musicianId, tx),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  // Escrow holds what the client paid (price + service fee); the musician will receive their share of
  // it: price − commission when whole, in the same proportion after a partial refund, with the rates
  // the payment recorded (money review #16: today's rates were used).
  let inEscrowKobo = 0;
  for (const b of bookings) {
    const payment = payments.get(b.id);
    // The musician keeps their share less their line-up's fees (ADR 0033).
    if (payment)
      inEscrowKobo += lineUpPartsOf(
        payment,
        balances.get(escrowAccount(b.id)) ?? 0,
        lineUps.get(b.id) ?? [],
      ).leaderKobo;
  }
  // Paid out: transfers the bank paid, less those it sent back later (#16: reversals were not subtracted).
  const paidOutKobo =
    transitHistory.filter((h) => h.kind === "payout_paid").reduce((sum, h) => sum - h.amountKobo, 0) -
    entries
      // What a reversal brought back, to Available or to repay a chargeback debt (the probe).
      .filter((e) => (e.account === payable || e.account === debt) && e.kind === "payout_reversed")
      .reduce((sum, e) => sum + e.amountKobo, 0);
  const statement = walletStatement({
    bookings: bookings.map((b) => ({
      id: b.id,
      slug: b.slug,
      clientName: b.clientName,
      eventLabel: b.eventType === "Others" && b.eventTypeOther ? b.eventTypeOther : b.eventType,
      eventDate: b.eventDate,
      payment: payments.get(b.id) ?? null,
      lineUp: lineUps.get(b.id) ?? [],
    })),
    lineUpGigs,
    escrowEntries: entries.filter((e) => e.account !== payable && e.account !== debt),
    availableEntries: entries.filter((e) => e.account === payable),
    debtEntries: entries.filter((e) => e.account === debt),
    payouts,
    holdNotes: options.holdNotes,
  });
  return {
    availableKobo: balances.get(payable) ?? 0,
    /** What may be withdrawn now (Available less the share a card dispute holds, less test money). */
    withdrawableKobo: funds.withdrawableKobo,
    /** Held back from Available by a card dispute still open (the probe: never "yours to withdraw now"). */
    disputedKobo: funds.disputedKobo,
    /** Owed for a card chargeback on money already paid out. */
    owedKobo: Math.max(0, -(balances.get(debt) ?? 0)),
    inEscrowKobo,
    paidOutKobo,
    bankAccount: hasPayoutAccount(settings)
      ? {
          bankName: settings.bankName ?? "",
          accountNumber: settings.accountNumber,
          accountName: settings.accountName ?? "",
          verified: isVerified(settings, names),
        }
      : null,
    autoPayout: settings?.autoPayout ?? true,
    statement,
    /** The commission rate bookings are paid at now. */
    commissionBp: configuredFeeRates().commissionBp,
  };
}

/** The provider's own words for a refusal, without our "Paystack POST /path failed: " prefix. */
const providerReason = (err: PaymentProviderError) => err.message.replace(/^Paystack \w+ \S+ failed: /, "");

function providerMessage(err: unknown, fallback: string): string {
  if (err instanceof PaymentProviderError && err.kind === "rejected") return providerReason(err);
  logger.warn({ err }, fallback);
  return fallback;
}

/** Asks the bank (through the provider) whose account this is, so the musician can confirm it. */
export async function lookUpBankAccount(
  musicianId: string,
  input: { bankCode: string; accountNumber: string },
): Promise<WalletActionResult> {
  const provider = paymentProvider();
  const names = await profileNames(musicianId);
  let bankName: string | undefined;
  try {
    const listed = (await provider.listBanks()).find((b) => b.code === input.bankCode)?.name;
    bankName = listed && bankDisplayName(listed);
  } catch (err) {
    return { ok: false, message: providerMessage(err, "Could not reach the bank list. Please try again.") };
  }
  if (!bankName) return { ok: false, fieldErrors: { bankCode: "Choose your bank from the list" } };
  try {
    const resolved = await provider.resolveAccount({
      ...input,
      holderHint: `${names?.firstName ?? ""} ${names?.lastName ?? ""}`.trim(),
    });
    return {
      ok: true,
      intent: "resolve",
      resolved: { ...input, bankName, accountName: resolved.accountName },
    };
  } catch (err) {
    // Paystack answers a number it cannot match with "Could not resolve account name. Check parameters
    // or try again." (422): API wording. The musician reads what to do, with the bank they chose.
    const message =
      err instanceof PaymentProviderError && err.kind === "rejected"
        ? `We couldn't find this account at ${bankName}. Check the 10-digit number.`
        : providerMessage(err, "Could not check the account right now. Please try again.");
    return { ok: false, fieldErrors: { accountNumber: message } };
  }
}

/**
 * A new payout account receives no payout for this long (ADR 0017): a changed one always, the first
 * one when Available already holds money.
 */
export const PAYOUT_ACCOUNT_HOLD_MS = 24 * 60 * 60 * 1000;

const lagosTime = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

/** "26 Nov, 14:03": when a held account can receive payouts. */
export const formatHoldUntil = (at: Date) => lagosTime.format(at);

const holdSentence = (until: Date) =>
  `For your safety, payouts to it start at ${formatHoldUntil(until)} (Lagos time).`;

const accountHeldMessage = (until: Date) => `Your payout account is new. ${holdSentence(until)}`;

const destination = (a: { bankName: string | null; accountNumber: string }) =>
  `${a.bankName ?? "your bank"} ••${a.accountNumber.slice(-4)}`;

/**
 * Saves the account payouts go to (the caller has checked the musician's password again). The name is
 * resolved again here: the browser's copy is not trusted. Replacing an account holds payouts to the new
 * one for 24 hours; so does adding the first account while Available or escrow holds money, else a
 * stolen session could add one and withdraw (or catch the next release) at once (ADR 0017, N11, M16). Either way the musician is e-mailed,
 * so a change they did not make is seen.
 */
export async function saveOwnBankAccount(
  musicianId: string,
  input: { bankCode: string; accountNumber: string },
  now = new Date(),
): Promise<WalletActionResult> {
  const looked = await lookUpBankAccount(musicianId, input);
  if (!looked.ok || !looked.resolved) return looked;
  const { bankCode, bankName, accountNumber, accountName } = looked.resolved;
  const before = await findPaymentSettings(musicianId);
  const hadAccount = hasPayoutAccount(before);
  const same = hadAccount && before.bankCode === bankCode && before.accountNumber === accountNumber;
  // Saving the same account again changes nothing about where money goes: any hold stays as it was.
  // A first account is held only when there is money it could take at once; a new musician's is not.
  // Escrow already due would reach a just-added first account at once through automatic payouts (M16).
  const held =
    !same && (hadAccount || (await availableKobo(musicianId)) > 0 || (await musicianHoldsEscrow(musicianId)));
  const holdUntil = same
    ? (before?.bankAccountHoldUntil ?? null)
    : held
      ? new Date(now.getTime() + PAYOUT_ACCOUNT_HOLD_MS)
      : null;
  try {
    const { recipientCode } = await paymentProvider().createTransferRecipient({
      name: accountName,
      accountNumber,
      bankCode,
    });
    await savePaymentSettings(musicianId, {
      bankCode,
      bankName,
      accountNumber,
      accountName,
      recipientCode,
      bankAccountHoldUntil: holdUntil,
    });
  } catch (err) {
    return { ok: false, message: providerMessage(err, "Could not save the bank account. Please try again.") };
  }
  if (!same)
    await mailAccountChange(musicianId, { bankName, accountNumber, accountName }, hadAccount, holdUntil);
  return {
    ok: true,
    intent: "save-bank",
    message:
      holdUntil && !same ? `Bank account saved. ${accountHeldMessage(holdUntil)}` : "Bank account saved",
  };
}

async function mailAccountChange(
  musicianId: string,
  account: { bankName: string; accountNumber: string; accountName: string },
  changed: boolean,
  holdUntil: Date | null,
): Promise<void> {
  const names = await profileNames(musicianId);
  if (!names?.email) return;
  // The musician's own account and name, read by them; the bank's name for the account is the bank's.
  const to = readByAuthor(`${destination(account)} (${account.accountName})`);
  const support = writeToUs();
  const text = lines(
    sentence`Hello ${readByAuthor(names.firstName ?? "")},`,
    "",
    changed
      ? sentence`Your payout account was changed to ${to}.`
      : sentence`A payout account was added: ${to}.`,
    holdUntil ? ourWords(holdSentence(holdUntil)) : "Your withdrawals will be paid to it.",
    "",
    // "Reply to this e-mail" only when a reply reaches someone (SUPPORT_EMAIL/PHONE, phone walk 2).
    sentence`If this wasn't you, sign in and change your password now, then put back your own account in your wallet${
      support ? sentence`, and ${ourWords(support)} so we can look into it.` : "."
    }`,
    "",
    "— Stagebook",
  );
  await sendMail({
    to: names.email,
    subject: ourWords(changed ? "Your payout account was changed" : "A payout account was added"),
    text,
  }).catch((err) => logger.warn({ err }, "payout account e-mail not sent"));
}

/** What the wallet says while payouts to a new account wait, or null. */
export async function payoutAccountHold(musicianId: string, now = new Date()): Promise<string | null> {
  const until = heldUntil(await findPaymentSettings(musicianId), now);
  return until ? accountHeldMessage(until) : null;
}

const belowMinimum = (amountKobo: number): WalletActionResult | null =>
  amountKobo < MIN_WITHDRAWAL_KOBO
    ? { ok: false, fieldErrors: { amount: `The minimum withdrawal is ${formatNaira(MIN_WITHDRAWAL_KOBO)}` } }
    : null;

/** The account a withdrawal goes to, or why none can go now (checked again when it is made). */
function withdrawalAccount(
  settings: PaymentSettings | undefined,
  now: Date,
): PayoutAccount | WalletActionResult {
  if (!hasPayoutAccount(settings)) return { ok: false, message: "Add your bank account before you withdraw" };
  const until = heldUntil(settings, now);
  return until ? { ok: false, message: accountHeldMessage(until) } : settings;
}

const OVER_AVAILABLE: WalletActionResult = {
  ok: false,
  fieldErrors: { amount: "You cannot withdraw more than your Available balance" },
};

/**
 * The Withdraw form's first step: the amount read and checked, and the question to confirm
 * ("Send ₦405,000 to GTBank ••6789?"). Nothing moves until the musician answers yes.
 */
export async function reviewWithdrawal(musicianId: string, amountKobo: number, now = new Date()) {
  const minimum = belowMinimum(amountKobo);
  if (minimum) return minimum;
  const account = withdrawalAccount(await findPaymentSettings(musicianId), now);
  if ("ok" in account) return account;
  // The question is asked only for what may leave now: the same rule the withdrawal applies (M9).
  const funds = await db.transaction((tx) => withdrawableKobo(tx, musicianId, paymentMode() === "live"));
  if (amountKobo > funds.availableKobo) return OVER_AVAILABLE;
  if (amountKobo > funds.withdrawableKobo)
    return { ok: false, fieldErrors: { amount: withdrawalLimitMessage(funds) } } satisfies WalletActionResult;
  const to = destination(account);
  return {
    ok: true,
    intent: "withdraw-review",
    review: { amountKobo, destination: to, question: `Send ${formatNairaAmount(amountKobo)} to ${to}?` },
  } satisfies WalletActionResult;
}

/** Why only part of Available can be withdrawn now, in the musician's words. */
function withdrawalLimitMessage(f: { disputedKobo: number; testKobo: number; withdrawableKobo: number }) {
  const parts = [
    f.disputedKobo > 0
      ? `${formatNaira(f.disputedKobo)} of your balance is from a booking whose card payment the bank is still disputing, so it stays until that dispute is settled.`
      : null,
    f.testKobo > 0
      ? `${formatNaira(f.testKobo)} of your balance came from test-mode payments, where no real money moved, so it cannot be withdrawn to your bank.`
      : null,
  ].filter(Boolean);
  return `${parts.join(" ")} You can withdraw up to ${formatNaira(f.withdrawableKobo)}.`;
}

const newPayoutReference = () => `po_${Date.now().toString(36)}_${randomBytes(6).toString("hex")}`;

/**
 * The payout reference of one submission of the Withdraw form: made from its idempotency key (with
 * the musician and the amount), so a double click or a resubmit names the same transfer, and Paystack's
 * transfer reference, its only idempotency key, does the rest.
 */
function payoutReferenceFor(musicianId: string, amountKobo: number, idempotencyKey?: string): string {
  if (!isIdempotencyKey(idempotencyKey)) return newPayoutReference();
  const digest = createHash("sha256")
    .update(`${musicianId}:${amountKobo}:${idempotencyKey.toLowerCase()}`)
    .digest("hex");
  return `po_${digest.slice(0, 40)}`;
}

/** The two entries that move `amountKobo` from one account to another. */
const fromTo = (from: string, to: string, amountKobo: number) => [
  { account: from, amountKobo: -amountKobo },
  { account: to, amountKobo },
];

/** Available → payouts in transit for a payout that goes now (key payout:{reference}, once). */
export function reservePayout(tx: DbExecutor, payout: PayoutRow) {
  const { reference, musicianId, amountKobo } = payout;
  return postLedgerTransaction(tx, {
    idempotencyKey: `payout:${reference}`,
    kind: "payout",
    memo: `${payout.bookingId ? "Automatic payout" : "Withdrawal"} ${reference} to ${payout.bankName} ${payout.accountNumber}`,
    entries: fromTo(musicianPayableAccount(musicianId), payoutsInTransitAccount(musicianId), amountKobo),
  });
}

function withdrawalAnswer(payout: PayoutRow): WalletActionResult {
  if (payout.status === "failed" || payout.status === "reversed")
    return { ok: false, message: payout.note ?? "The bank transfer was refused." };
  return {
    ok: true,
    intent: "withdraw",
    message: `Withdrawal of ${formatNaira(payout.amountKobo)} is on its way to your bank`,
  };
}

/**
 * Withdraw: the money leaves Available in the ledger first (under a per-musician lock, so two
 * withdrawals cannot both spend the same naira), then the transfer is asked for with the payout's
 * reference. If Paystack cannot be reached the same reference is retried by a job. The same
 * submission arriving again (same idempotency key) creates nothing and gets the first answer.
 */
export async function requestWithdrawal(
  musicianId: string,
  amountKobo: number,
  idempotencyKey?: string,
  now = new Date(),
): Promise<WalletActionResult> {
  const minimum = belowMinimum(amountKobo);
  if (minimum) return minimum;
  const reference = payoutReferenceFor(musicianId, amountKobo, idempotencyKey);
  const seen = await findPayoutByReference(reference);
  if (seen) return withdrawalAnswer(seen);
  const account = withdrawalAccount(await findPaymentSettings(musicianId), now);
  if ("ok" in account) return account;
  if (!(await hitRateLimit(`withdraw:${musicianId}`, WITHDRAWALS_PER_HOUR, 3_600_000))) {
    return { ok: false, message: "Too many withdrawals. Please try again in an hour." };
  }
  const reserved = await db.transaction(async (tx) => {
    await lockMusicianWallet(tx, musicianId);
    // A duplicate that raced the first one past the check above waits on the lock and finds it here.
    const first = await findPayoutByReference(reference, tx);
    if (first) return { payout: first, replay: true };
    // What may leave (the money module): Available, less the share of bookings a bank is still
    // disputing and, through real Paystack, less test-mode money that was never real.
    const mode = paymentMode();
    const funds = await withdrawableKobo(tx, musicianId, mode === "live");
    if (amountKobo > funds.availableKobo) return null;
    if (amountKobo > funds.withdrawableKobo) return { refused: true as const, ...funds };
    const row = await insertPayout(tx, {
      musicianId,
      reference,
      amountKobo,
      bankName: account.bankName ?? "",
      accountNumber: account.accountNumber,
      recipientCode: account.recipientCode,
      provider: mode === "live" ? "paystack" : "test",
    });
    await reservePayout(tx, row);
    return { payout: row, replay: false };
  });
  if (!reserved) return OVER_AVAILABLE;
  if ("refused" in reserved) return { ok: false, fieldErrors: { amount: withdrawalLimitMessage(reserved) } };
  if (reserved.replay) return withdrawalAnswer(reserved.payout);
  const outcome = await sendPayout(reference);
  if (outcome === "rejected") {
    const failed = await findPayoutByReference(reference);
    return { ok: false, message: failed?.note ?? "The bank transfer was refused." };
  }
  return withdrawalAnswer(reserved.payout);
}

/** Job: asks the provider again for a pending payout's transfer (same reference, so never twice). */
export async function retryPayoutTransfer(data: { reference: string }): Promise<void> {
  // Unknown outcome: throw, and pg-boss retries this same job with backoff (it never adds another).
  const outcome = await sendPayout(data.reference, { fromJob: true });
  if (outcome === "unavailable") throw new Error(`payout ${data.reference}: provider unavailable`);
}

const OTP_NOTE = "Waiting for Stagebook to approve the transfer with Paystack (OTP).";
const BALANCE_NOTE = "Waiting for Stagebook's Paystack balance to be topped up; it goes out then.";

/** Paystack refuses a transfer its balance cannot cover: that is ours to fix, not the musician's failure. */
function isBalanceShortfall(err: PaymentProviderError): boolean {
  return /balance/i.test(err.message) && /(not enough|insufficient|low)/i.test(err.message);
}

/**
 * Asks the provider for the payout's transfer. A refusal is a failure only once the provider says it
 * has no transfer with this reference (an earlier attempt whose answer was lost may have made one); any
 * doubt leaves the payout pending with its money in transit. From a request, an unknown outcome queues
 * one retry job (keyed by the reference); from that job, the job itself is retried.
 */
export async function sendPayout(
  reference: string,
  options: { fromJob?: boolean } = {},
): Promise<"sent" | "rejected" | "unavailable" | "settled"> {
  const payout = await findPayoutByReference(reference);
  if (payout?.status !== "pending") return "settled";
  const provider = paymentProvider();
  try {
    let transfer: TransferResult | null;
    try {
      transfer = await provider.initiateTransfer({
        amountKobo: payout.amountKobo,
        recipientCode: payout.recipientCode,
        reference: payout.reference,
        reason: "Stagebook payout",
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError) || err.kind !== "rejected") throw err;
      if (isBalanceShortfall(err)) {
        // Issue 29 §6: never failed for this. The payout stays pending (its money in transit), an admin
        // is alerted, and the retry job or the sweep sends it once the balance is topped up.
        await updatePayoutIn(db, reference, "pending", { note: BALANCE_NOTE });
        // One alert a day, however many payouts wait on the balance (M15): they would bury the rest.
        await recordPayoutAlert(
          db,
          { ...payout, reference: `balance:${lagosToday(new Date())}` },
          "transfer_balance_low",
          `The Paystack balance cannot cover transfer ${reference} of ${formatNaira(payout.amountKobo)}: top up the Paystack balance. The payout stays pending and is sent again on its own.`,
        );
        logger.error({ reference }, "Paystack balance too low for a payout; it stays pending, admin alerted");
        throw err;
      }
      transfer = await provider.verifyTransfer(reference);
      if (!transfer) {
        // On a request the form shows the refusal; from a job (automatic payouts, retries, the sweep)
        // nobody is looking, so the musician is told by e-mail and text (M10).
        await settleTransfer(reference, "failed", {
          note: `The bank transfer was refused (${providerReason(err)}). The money is back in Available.`,
          mail: options.fromJob === true,
        });
        return "rejected";
      }
    }
    await applyTransferStatus(payout, transfer.status);
    await scheduleTestWebhook("transfer", transfer.reference).catch((err) =>
      logger.warn({ err, reference }, "test transfer webhook not queued"),
    );
    return "sent";
  } catch (err) {
    logger.warn({ err, reference }, "payout transfer outcome unknown; it stays pending and is asked again");
    if (!options.fromJob) {
      await scheduleJob(
        RETRY_PAYOUT_JOB,
        { reference },
        { startAfter: new Date(Date.now() + 60_000), singletonKey: `payout:${reference}` },
      ).catch((e) => logger.error({ err: e, reference }, "payout retry not queued; the sweep will ask"));
    }
    return "unavailable";
  }
}

/**
 * What the provider says of an existing transfer, applied as the money module's table says
 * (payout-states.server.ts): every published status has a way out (M6), an OTP and a payout pending past
 * its bound are shown to an admin (M7), and a status Paystack does not publish too.
 */
async function applyTransferStatus(payout: PayoutRow, status: string, now = new Date()): Promise<void> {
  const step = transferStep(status);
  const amount = formatNaira(payout.amountKobo);
  switch (step.kind) {
    case "paid":
      await settleTransfer(payout.reference, "paid");
      return;
    case "returned":
      await settleTransfer(payout.reference, step.outcome, {
        note: `The transfer of ${amount} to ${destination(payout)} did not go through: ${step.why}. The money is back in Available.`,
      });
      return;
    case "otp": {
      // A transfer.failed webhook can overtake the API's "otp" answer: only a payout still pending is
      // noted and alerted, in one transaction with its row locked, so a failed one raises no alert.
      const stillPending = await db.transaction(async (tx) => {
        if (!(await updatePayoutIn(tx, payout.reference, "pending", { note: OTP_NOTE }))) return false;
        await recordPayoutAlert(
          tx,
          payout,
          "transfer_otp",
          `Transfer ${payout.reference} of ${amount} waits for an OTP: finalise it in the Paystack dashboard within 30 minutes (Paystack abandons it after that and the money returns to the musician's Available), or turn off OTP for transfers.`,
        );
        return true;
      });
      if (stillPending)
        logger.error({ reference: payout.reference }, "transfer waits for an OTP; shown to the admin");
      return;
    }
    case "wait":
    case "unknown": {
      // Touched, so the sweep's oldest-first batch moves on to others (M14).
      await updatePayoutIn(db, payout.reference, "pending", {});
      const overdue = now.getTime() - payout.createdAt.getTime() > PAYOUT_PENDING_BOUND_MS;
      if (step.kind === "unknown" || overdue)
        await recordPayoutAlert(
          db,
          payout,
          "transfer_pending_long",
          step.kind === "unknown"
            ? `Paystack answers transfer ${payout.reference} of ${amount} with a status we do not know ("${step.status}"). Check it in the Paystack dashboard; its money stays in transit until Paystack settles it.`
            : `Transfer ${payout.reference} of ${amount} has been ${status} at Paystack for over a day. Check it in the Paystack dashboard; its money stays in transit until Paystack settles it.`,
        );
      return;
    }
  }
}

/**
 * The sweep for one pending payout: the provider is asked what became of its transfer; one it has
 * never heard of is sent now; any doubt leaves it pending for the next sweep.
 */
async function redrivePayout(reference: string, now: Date): Promise<void> {
  const payout = await findPayoutByReference(reference);
  if (payout?.status !== "pending") return;
  const transfer = await paymentProvider().verifyTransfer(reference);
  if (transfer) await applyTransferStatus(payout, transfer.status, now);
  else await sendPayout(reference, { fromJob: true });
}

/** The sweep: pending payouts untouched for a while are asked about (webhooks can be lost too). */
export async function redrivePendingPayouts(olderThanMs = 10 * 60_000, now = new Date()): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  const references = await payoutReferences("pending", { before, limit: 100 });
  for (const reference of references) {
    await redrivePayout(reference, now).catch((err) =>
      logger.warn({ err, reference }, "sweep could not settle the payout; next sweep tries again"),
    );
  }
  return references.length;
}

type PayoutOutcome = "paid" | "failed" | "reversed";

/**
 * Applies a transfer's outcome once, the payout row locked first so concurrent events are applied one
 * after the other: success moves the money out of the platform (Paid out); failed or reversed returns
 * it to Available with a note. A success after we had marked the payout failed takes the money back
 * from Available (or, if it is no longer there, raises an alert). A repeat changes nothing.
 */
async function settlePayout(
  reference: string,
  outcome: PayoutOutcome,
  note: string | null,
  tell: { account: string } | null,
): Promise<{ settled: PayoutRow; eventId: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const settled = await applyPayoutOutcome(tx, reference, outcome, note);
    if (!settled) return undefined;
    // Told from its money event, written with the settlement (ADR 0026 addendum): a crash after the
    // commit loses no notice. On a request the form shows the outcome and nothing is written.
    const eventId = tell
      ? await writeMoneyNews(tx, {
          key: `payoutSettled:${reference}:${settled.status}`,
          bookingId: settled.bookingId,
          musicianId: settled.musicianId,
          news: {
            kind: "payoutSettled",
            reference,
            status:
              settled.status === "paid" ? "paid" : settled.status === "reversed" ? "reversed" : "failed",
            amountKobo: settled.amountKobo,
            account: tell.account,
            note: settled.note,
          },
        })
      : null;
    return { settled, eventId };
  });
}

/** settlePayout's money part, in its transaction. */
async function applyPayoutOutcome(
  tx: DbExecutor,
  reference: string,
  outcome: PayoutOutcome,
  note: string | null,
): Promise<PayoutRow | undefined> {
  {
    const current = await lockPayout(tx, reference);
    if (!current) return undefined;
    const inTransit = payoutsInTransitAccount(current.musicianId);
    const amount = current.amountKobo;
    const paidOut = () =>
      postLedgerTransaction(tx, {
        idempotencyKey: `payout-paid:${reference}`,
        kind: "payout_paid",
        memo: `Transfer ${reference} paid`,
        entries: fromTo(inTransit, PAYSTACK_CLEARING, amount),
      });
    if (outcome === "paid") {
      if (current.status === "failed") return paidAfterFailure(tx, current, paidOut);
      if (current.status !== "pending") return undefined;
      const moved = await updatePayoutIn(tx, reference, "pending", { status: "paid", note: null });
      if (moved) await paidOut();
      return moved;
    }
    if (outcome === "reversed" && current.status === "paid") {
      // The bank sent the money back after a success: it comes back from clearing, repaying any debt
      // for a lost chargeback first (the payout row is locked first, then the wallet).
      const moved = await updatePayoutIn(tx, reference, "paid", { status: "reversed", note });
      if (!moved) return undefined;
      await lockMusicianWallet(tx, current.musicianId);
      await postLedgerTransaction(tx, {
        idempotencyKey: `payout-reversed:${reference}`,
        kind: "payout_reversed",
        memo: note ?? `Transfer ${reference} reversed`,
        entries: await moneyBackEntries(tx, current.musicianId, PAYSTACK_CLEARING, amount),
      });
      return moved;
    }
    if (current.status !== "pending") return undefined;
    const moved = await updatePayoutIn(tx, reference, "pending", { status: outcome, note });
    if (!moved) return undefined;
    await lockMusicianWallet(tx, current.musicianId);
    await postLedgerTransaction(tx, {
      idempotencyKey: `payout-returned:${reference}`,
      kind: "payout_returned",
      memo: note ?? `Transfer ${reference} ${outcome}`,
      entries: await moneyBackEntries(tx, current.musicianId, inTransit, amount),
    });
    return moved;
  }
}

/**
 * Paystack paid a transfer we had marked failed (its money went back to Available): the money is taken
 * back from Available if it is still there, else an admin alert says what to recover. Never ignored.
 */
async function paidAfterFailure(
  tx: DbExecutor,
  payout: PayoutRow,
  paidOut: () => Promise<unknown>,
): Promise<PayoutRow | undefined> {
  await lockMusicianWallet(tx, payout.musicianId);
  // An automatic payout asked again after the failure (M2): a waiting one is dropped, because its money
  // is the money this success took; one already on its way or paid means Paystack paid twice.
  const successor = payout.bookingId
    ? (await payoutsOfBooking(payout.bookingId, tx, payout.musicianId)).find(
        (p) => p.id !== payout.id && ["waiting", "pending", "paid"].includes(p.status),
      )
    : undefined;
  if (successor && successor.status !== "waiting") {
    await recordPayoutAlert(
      tx,
      payout,
      "transfer_paid_after_failed",
      `Paystack paid transfer ${payout.reference} (${formatNaira(payout.amountKobo)}) after it was marked failed, and the same release was already sent again as ${successor.reference}: the musician was paid twice. Recover ${formatNaira(payout.amountKobo)} from the musician.`,
    );
    logger.error({ reference: payout.reference }, "transfer paid after a retry went out; admin alerted");
    return undefined;
  }
  if (successor)
    await updatePayoutIn(tx, successor.reference, "waiting", {
      status: "dropped",
      note: `Not sent: the first transfer (${payout.reference}) reached your bank after all.`,
    });
  const payable = musicianPayableAccount(payout.musicianId);
  const available = await accountBalanceKobo(payable, tx);
  if (available < payout.amountKobo) {
    await recordPayoutAlert(
      tx,
      payout,
      "transfer_paid_after_failed",
      `Paystack paid transfer ${payout.reference} (${formatNaira(payout.amountKobo)}) after it was marked failed and its money returned to Available, which now holds only ${formatNaira(available)}. Recover the difference from the musician.`,
    );
    logger.error({ reference: payout.reference }, "transfer paid after it was marked failed; admin alerted");
    return undefined;
  }
  await postLedgerTransaction(tx, {
    idempotencyKey: `payout-again:${payout.reference}`,
    kind: "payout",
    memo: `Transfer ${payout.reference} paid by the bank after it was marked failed`,
    entries: fromTo(payable, payoutsInTransitAccount(payout.musicianId), payout.amountKobo),
  });
  await paidOut();
  return updatePayoutIn(tx, payout.reference, "failed", { status: "paid", note: null });
}

/** Settles the payout and tells the musician (when it changed). */
async function settleTransfer(
  reference: string,
  outcome: PayoutOutcome,
  options: { note?: string; mail?: boolean } = {},
): Promise<PayoutRow | undefined> {
  const payout = await findPayoutByReference(reference);
  if (!payout) return undefined;
  const amount = formatNaira(payout.amountKobo);
  const account = destination(payout);
  const note =
    outcome === "paid"
      ? null
      : (options.note ??
        `The transfer of ${amount} to ${account} ${outcome === "failed" ? "failed" : "was reversed by the bank"}. The money is back in Available.`);
  const done = await settlePayout(reference, outcome, note, options.mail === false ? null : { account });
  if (!done) return undefined;
  await followMoneyEvents([done.eventId]);
  return done.settled;
}

/** transfer.success | transfer.failed | transfer.reversed from Paystack (already signature-checked). */
export async function handleTransferEvent(
  event: "transfer.success" | "transfer.failed" | "transfer.reversed",
  data: { reference: string; amountKobo: number; currency: string },
): Promise<void> {
  const payout = await findPayoutByReference(data.reference);
  if (!payout) {
    logger.warn({ event, reference: data.reference }, "transfer event for an unknown payout; ignored");
    return;
  }
  if (data.amountKobo !== payout.amountKobo || data.currency !== "NGN") {
    // Never applied, never silent (M1): an admin compares it with the Paystack dashboard.
    await recordPayoutAlert(
      db,
      payout,
      "transfer_amount_mismatch",
      `Paystack sent ${event} for transfer ${data.reference} with ${formatNaira(data.amountKobo)} ${data.currency}, but the payout is ${formatNaira(payout.amountKobo)} NGN. It was not applied: check the transfer in the Paystack dashboard.`,
    );
    logger.error(
      { event, reference: data.reference, data },
      "transfer event does not match the payout; not applied, admin alerted",
    );
    return;
  }
  await settleTransfer(
    data.reference,
    event === "transfer.success" ? "paid" : event === "transfer.failed" ? "failed" : "reversed",
  );
}

/** Alerts about money a person must settle (shown on the admin's payments page). */
export function openMoneyAlerts(): Promise<MoneyAlertRow[]> {
  return listOpenMoneyAlerts();
}

/**
 * Where released money goes next (issue 38): "GTBank ••6789" when automatic payouts are on and an
 * account is saved, else null (it stays in Available until withdrawn).
 */
export async function payoutDestination(musicianId: string): Promise<string | null> {
  const settings = await findPaymentSettings(musicianId);
  if (!hasPayoutAccount(settings) || !(settings.autoPayout ?? true)) return null;
  return `${settings.bankName ?? "your bank"} ••${settings.accountNumber.slice(-4)}`;
}

/** The admin's "Done" on an alert (M15). */
export async function markMoneyAlertDone(id: string): Promise<{ ok: boolean; message: string }> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return { ok: false, message: "Alert not found" };
  return (await resolveMoneyAlert(id))
    ? { ok: true, message: "Alert marked done" }
    : { ok: false, message: "This alert was already done" };
}
