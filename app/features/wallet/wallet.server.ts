// The musician's wallet: balances read from the ledger (never a cached number), the bank account
// payouts go to, withdrawals (ledger first, then a Paystack transfer whose reference is its idempotency
// key) and the transfer webhooks that settle them.
import { createHash, randomBytes } from "node:crypto";
import { listOwnBookings } from "~/features/bookings/bookings.server";
import {
  accountBalanceKobo,
  accountBalancesKobo,
  accountHistory,
  postLedgerTransaction,
} from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  payoutsInTransitAccount,
} from "~/features/ledger/ledger-accounts";
import { bookingCharges, releaseSplit } from "~/features/payments/fees";
import { configuredFeeRates } from "~/features/payments/fees.server";
import { PaymentProviderError, paymentProvider } from "~/features/payments/paystack/provider.server";
import { scheduleTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import {
  type CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
} from "~/features/refunds/cancellation-policy";
import { isIdempotencyKey } from "~/lib/idempotency";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  findPaymentSettings,
  findPayoutByReference,
  insertPayout,
  listPayouts,
  lockMusicianWallet,
  movePayout,
  type PayoutRow,
  profileNames,
  saveBankAccount,
  saveCancellationPolicy,
} from "./queries.server";
import { MIN_WITHDRAWAL_KOBO, type WalletActionResult } from "./wallet.schema";

export const WITHDRAWALS_PER_HOUR = 5;
export const RETRY_PAYOUT_JOB = "wallet-retry-payout";
const ESCROW_HISTORY_BOOKINGS = 50;

export type BankAccountView = {
  bankName: string;
  accountNumber: string;
  accountName: string;
  verified: boolean;
};

export type WalletHistoryItem = {
  id: string;
  at: Date;
  label: string;
  amountKobo: number;
  bookingSlug: string | null;
  bookingLabel: string | null;
};

export type WalletView = {
  availableKobo: number;
  inEscrowKobo: number;
  paidOutKobo: number;
  bankAccount: BankAccountView | null;
  payouts: PayoutRow[];
  history: WalletHistoryItem[];
};

/** The musician's cancellation policy (Flexible until they choose another). */
export async function cancellationPolicyOf(musicianId: string): Promise<CancellationPolicy> {
  return policyOf(await findPaymentSettings(musicianId));
}

function policyOf(settings: Awaited<ReturnType<typeof findPaymentSettings>>): CancellationPolicy {
  return isCancellationPolicy(settings?.cancellationPolicy)
    ? settings.cancellationPolicy
    : DEFAULT_CANCELLATION_POLICY;
}

/** The musician chooses their cancellation policy (their own profile only: the caller passes their id). */
export async function chooseCancellationPolicy(
  musicianId: string,
  policy: CancellationPolicy,
): Promise<void> {
  await saveCancellationPolicy(musicianId, policy);
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

/** True when the bank's name for the account matches the profile's first and last name (any order). */
function namesMatch(accountName: string | null, firstName: string | null, lastName: string | null): boolean {
  const wanted = normalName(`${firstName ?? ""} ${lastName ?? ""}`)
    .split(" ")
    .filter(Boolean);
  if (wanted.length < 2 || !accountName) return false;
  const have = new Set(normalName(accountName).split(" "));
  return wanted.every((w) => have.has(w));
}

type ProfileNames = { firstName: string | null; lastName: string | null } | null | undefined;

function isVerified(settings: Awaited<ReturnType<typeof findPaymentSettings>>, names: ProfileNames): boolean {
  return (
    Boolean(settings?.recipientCode) &&
    namesMatch(settings?.accountName ?? null, names?.firstName ?? null, names?.lastName ?? null)
  );
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

const KIND_LABELS: Record<string, string> = {
  release: "Released to your wallet",
  payout: "Withdrawal to your bank",
  payout_paid: "Paid out to your bank",
  payout_returned: "Payout failed — money returned to Available",
  payout_reversed: "Payout reversed — money returned to Available",
  refund: "Refunded to the client from escrow",
};

export async function walletView(musicianId: string): Promise<WalletView> {
  const payable = musicianPayableAccount(musicianId);
  const inTransit = payoutsInTransitAccount(musicianId);
  const [settings, names, bookings, payouts] = await Promise.all([
    findPaymentSettings(musicianId),
    profileNames(musicianId),
    listOwnBookings({ id: musicianId }),
    listPayouts(musicianId),
  ]);
  // Payments into and refunds out of escrow, for the bookings that have seen money.
  const moneyBookings = bookings.filter((b) => b.status !== "pending").slice(0, ESCROW_HISTORY_BOOKINGS);
  // Every ledger figure from one snapshot: read one by one, a release committing in between showed
  // its money both in escrow and in Available.
  const { balances, payableHistory, transitHistory, escrowHistory } = await db.transaction(
    async (tx) => ({
      balances: await accountBalancesKobo([payable, ...bookings.map((b) => escrowAccount(b.id))], tx),
      payableHistory: await accountHistory(payable, tx),
      transitHistory: await accountHistory(inTransit, tx),
      escrowHistory: (
        await Promise.all(moneyBookings.map((b) => accountHistory(escrowAccount(b.id), tx)))
      ).flat(),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  // Escrow holds what the client paid (price + service fee); the musician will receive their share of
  // it, price − commission when whole, in the same proportion after a partial refund.
  const rates = configuredFeeRates();
  let inEscrowKobo = 0;
  for (const b of bookings) {
    const held = balances.get(escrowAccount(b.id)) ?? 0;
    if (held <= 0 || b.priceKobo === null) continue;
    const charges = bookingCharges(b.priceKobo, rates);
    inEscrowKobo += releaseSplit(charges, Math.min(held, charges.totalKobo)).musicianKobo;
  }
  const paidOutKobo = transitHistory
    .filter((h) => h.kind === "payout_paid")
    .reduce((sum, h) => sum - h.amountKobo, 0);
  const bySlug = new Map(bookings.map((b) => [b.id, b]));
  const history: WalletHistoryItem[] = [
    ...payableHistory,
    ...transitHistory.filter((h) => h.kind === "payout_paid"),
    ...escrowHistory.filter((h) => h.kind !== "release"),
  ]
    .map((h) => {
      const booking = h.bookingId ? bySlug.get(h.bookingId) : undefined;
      return {
        id: `${h.transactionId}:${h.kind}`,
        at: h.createdAt,
        label: KIND_LABELS[h.kind] ?? h.memo,
        amountKobo: h.kind === "payout_paid" ? -h.amountKobo : h.amountKobo,
        bookingSlug: booking?.slug ?? null,
        bookingLabel: booking ? `${booking.clientName} · ${booking.eventDate ?? "no date"}` : null,
      };
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    availableKobo: balances.get(payable) ?? 0,
    inEscrowKobo,
    paidOutKobo,
    bankAccount:
      settings?.recipientCode && settings.accountNumber
        ? {
            bankName: settings.bankName ?? "",
            accountNumber: settings.accountNumber,
            accountName: settings.accountName ?? "",
            verified: namesMatch(settings.accountName, names?.firstName ?? null, names?.lastName ?? null),
          }
        : null,
    payouts,
    history,
  };
}

function providerMessage(err: unknown, fallback: string): string {
  if (err instanceof PaymentProviderError && err.kind === "rejected") {
    return err.message.replace(/^Paystack \w+ \S+ failed: /, "");
  }
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
    bankName = (await provider.listBanks()).find((b) => b.code === input.bankCode)?.name;
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
      resolved: {
        bankCode: input.bankCode,
        bankName,
        accountNumber: input.accountNumber,
        accountName: resolved.accountName,
      },
    };
  } catch (err) {
    // Paystack answers a number it cannot match with "Could not resolve account name. Check parameters
    // or try again." (422): API wording. The musician reads what to do, with the bank they chose.
    const message =
      err instanceof PaymentProviderError && err.kind === "rejected"
        ? accountNotFoundMessage(bankName)
        : providerMessage(err, "Could not check the account right now. Please try again.");
    return { ok: false, fieldErrors: { accountNumber: message } };
  }
}

export function accountNotFoundMessage(bankName: string): string {
  return `We couldn't find this account at ${bankName}. Check the 10-digit number.`;
}

/** Saves the account payouts go to. The name is resolved again here: the browser's copy is not trusted. */
export async function saveOwnBankAccount(
  musicianId: string,
  input: { bankCode: string; accountNumber: string },
): Promise<WalletActionResult> {
  const looked = await lookUpBankAccount(musicianId, input);
  if (!looked.ok || !looked.resolved) return looked;
  const { bankCode, bankName, accountNumber, accountName } = looked.resolved;
  try {
    const { recipientCode } = await paymentProvider().createTransferRecipient({
      name: accountName,
      accountNumber,
      bankCode,
    });
    await saveBankAccount(musicianId, { bankCode, bankName, accountNumber, accountName, recipientCode });
  } catch (err) {
    return { ok: false, message: providerMessage(err, "Could not save the bank account. Please try again.") };
  }
  return { ok: true, intent: "save-bank", message: "Bank account saved" };
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
): Promise<WalletActionResult> {
  if (amountKobo < MIN_WITHDRAWAL_KOBO) {
    return {
      ok: false,
      fieldErrors: { amount: `The minimum withdrawal is ${formatNaira(MIN_WITHDRAWAL_KOBO)}` },
    };
  }
  const reference = payoutReferenceFor(musicianId, amountKobo, idempotencyKey);
  const seen = await findPayoutByReference(reference);
  if (seen) return withdrawalAnswer(seen);
  const settings = await findPaymentSettings(musicianId);
  if (!settings?.recipientCode || !settings.accountNumber) {
    return { ok: false, message: "Add your bank account before you withdraw" };
  }
  if (!(await hitRateLimit(`withdraw:${musicianId}`, WITHDRAWALS_PER_HOUR, 3_600_000))) {
    return { ok: false, message: "Too many withdrawals. Please try again in an hour." };
  }
  const { recipientCode, accountNumber } = settings;
  const reserved = await db.transaction(async (tx) => {
    await lockMusicianWallet(tx, musicianId);
    // A duplicate that raced the first one past the check above waits on the lock and finds it here.
    const first = await findPayoutByReference(reference, tx);
    if (first) return { payout: first, replay: true };
    const available = await accountBalanceKobo(musicianPayableAccount(musicianId), tx);
    if (amountKobo > available) return null;
    const row = await insertPayout(tx, {
      musicianId,
      reference,
      amountKobo,
      bankName: settings.bankName ?? "",
      accountNumber,
      recipientCode,
    });
    await postLedgerTransaction(tx, {
      idempotencyKey: `payout:${row.reference}`,
      kind: "payout",
      memo: `Withdrawal ${row.reference} to ${row.bankName} ${accountNumber}`,
      entries: [
        { account: musicianPayableAccount(musicianId), amountKobo: -amountKobo },
        { account: payoutsInTransitAccount(musicianId), amountKobo },
      ],
    });
    return { payout: row, replay: false };
  });
  if (!reserved) {
    return { ok: false, fieldErrors: { amount: "You cannot withdraw more than your Available balance" } };
  }
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
  const outcome = await sendPayout(data.reference);
  if (outcome === "unavailable") throw new Error(`payout ${data.reference}: provider unavailable`);
}

async function sendPayout(reference: string): Promise<"sent" | "rejected" | "unavailable" | "settled"> {
  const payout = await findPayoutByReference(reference);
  if (payout?.status !== "pending") return "settled";
  try {
    const transfer = await paymentProvider().initiateTransfer({
      amountKobo: payout.amountKobo,
      recipientCode: payout.recipientCode,
      reference: payout.reference,
      reason: "Stagebook payout",
    });
    await scheduleTestWebhook("transfer", transfer.reference);
    return "sent";
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === "rejected") {
      const reason = err.message.replace(/^Paystack \w+ \S+ failed: /, "");
      await settlePayout(
        reference,
        "failed",
        `The bank transfer was refused (${reason}). The money is back in Available.`,
      );
      return "rejected";
    }
    logger.warn({ err, reference }, "payout transfer not sent yet; a job will retry it");
    await scheduleJob(RETRY_PAYOUT_JOB, { reference }, { startAfter: new Date(Date.now() + 60_000) });
    return "unavailable";
  }
}

/**
 * Applies a transfer's outcome once: success moves the money out of the platform (Paid out); failed or
 * reversed returns it to Available with a note. A repeat or late event finds the payout already moved
 * and changes nothing.
 */
async function settlePayout(
  reference: string,
  outcome: "paid" | "failed" | "reversed",
  note: string | null,
): Promise<PayoutRow | undefined> {
  return db.transaction(async (tx) => {
    const current = await findPayoutByReference(reference, tx);
    if (!current) return undefined;
    const payable = musicianPayableAccount(current.musicianId);
    const inTransit = payoutsInTransitAccount(current.musicianId);
    const amount = current.amountKobo;
    if (outcome === "paid") {
      const moved = await movePayout(tx, reference, "pending", "paid", null);
      if (!moved) return undefined;
      await postLedgerTransaction(tx, {
        idempotencyKey: `payout-paid:${reference}`,
        kind: "payout_paid",
        memo: `Transfer ${reference} paid`,
        entries: [
          { account: inTransit, amountKobo: -amount },
          { account: PAYSTACK_CLEARING, amountKobo: amount },
        ],
      });
      return moved;
    }
    // A reversal can follow a success (the bank sent the money back): it then comes back from clearing.
    const fromPaid =
      outcome === "reversed" ? await movePayout(tx, reference, "paid", "reversed", note) : undefined;
    const moved = fromPaid ?? (await movePayout(tx, reference, "pending", outcome, note));
    if (!moved) return undefined;
    await postLedgerTransaction(tx, {
      idempotencyKey: `payout-returned:${reference}`,
      kind: fromPaid ? "payout_reversed" : "payout_returned",
      memo: note ?? `Transfer ${reference} ${outcome}`,
      entries: [
        { account: fromPaid ? PAYSTACK_CLEARING : inTransit, amountKobo: -amount },
        { account: payable, amountKobo: amount },
      ],
    });
    return moved;
  });
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
    logger.error(
      { event, reference: data.reference, data },
      "transfer event does not match the payout; ignored",
    );
    return;
  }
  const amount = formatNaira(payout.amountKobo);
  const account = `${payout.bankName} ••${payout.accountNumber.slice(-4)}`;
  const settled =
    event === "transfer.success"
      ? await settlePayout(data.reference, "paid", null)
      : await settlePayout(
          data.reference,
          event === "transfer.failed" ? "failed" : "reversed",
          `The transfer of ${amount} to ${account} ${event === "transfer.failed" ? "failed" : "was reversed by the bank"}. The money is back in Available.`,
        );
  if (!settled) return;
  const names = await profileNames(payout.musicianId);
  if (!names?.email) return;
  await sendMail(
    settled.status === "paid"
      ? {
          to: names.email,
          subject: `Payout of ${amount} sent to your bank`,
          text: `Hello ${names.firstName ?? ""},\n\nYour withdrawal of ${amount} has been paid to ${account} (reference ${payout.reference}).\n\n— Stagebook`,
        }
      : {
          to: names.email,
          subject: `Payout of ${amount} failed`,
          text: `Hello ${names.firstName ?? ""},\n\n${settled.note}\n\nCheck your bank account details in your wallet and withdraw again.\n\n— Stagebook`,
        },
  ).catch((err) => logger.warn({ err }, "payout e-mail not sent"));
}
