// The wallet page's loader data and form actions (the route stays a thin parse-and-call).

import { verifyOwnPassword } from "~/features/auth/accounts.server";
import { escrowReleases } from "~/features/money/release-lines.server";
import { type Bank, paymentProvider } from "~/features/payments/paystack/provider.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { parseNaira } from "~/lib/naira";
import type { ActionToast } from "~/lib/use-action-toast";
import { logger } from "~/server/logger.server";
import { chooseAutomaticPayouts, heldPayoutNotes, retryReturnedPayouts } from "./automatic-payouts.server";
import { bankDisplayName } from "./bank-names";
import {
  bankAccountSchema,
  PASSWORD_NEEDED,
  passwordSchema,
  TOO_MANY_PASSWORD_TRIES,
  type WalletActionResult,
  WRONG_PASSWORD,
  withdrawSchema,
} from "./wallet.schema";
import {
  lookUpBankAccount,
  payoutAccountHold,
  payoutDestination,
  requestWithdrawal,
  reviewWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "./wallet.server";

const BANKS_TTL_MS = 60 * 60 * 1000;
let banksCache: { at: number; banks: Bank[] } | undefined;

/** The provider's bank list, kept for an hour: it changes rarely and every wallet page shows it. */
async function banks(): Promise<Bank[]> {
  if (banksCache && Date.now() - banksCache.at < BANKS_TTL_MS) return banksCache.banks;
  const list = (await paymentProvider().listBanks())
    .map((b) => ({ ...b, name: bankDisplayName(b.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  banksCache = { at: Date.now(), banks: list };
  return list;
}

export type WalletPageData = Awaited<ReturnType<typeof walletPageData>>;
export type WalletActionData = WalletActionResult & ActionToast;

const HISTORY_LINES = 200;

export async function walletPageData(musicianId: string, now = new Date()) {
  const holdNotes = await heldPayoutNotes(musicianId, now);
  const [{ statement, ...view }, bankList, heldMessage, escrow] = await Promise.all([
    walletView(musicianId, { holdNotes }),
    banks().then(
      (list) => ({ list, error: null }),
      (err: unknown) => {
        logger.warn({ err }, "bank list unavailable");
        return {
          list: [] as Bank[],
          error: "The list of banks could not be loaded. Please try again shortly.",
        };
      },
    ),
    payoutAccountHold(musicianId, now),
    payoutDestination(musicianId).then((sendsTo) => escrowReleases(musicianId, sendsTo)),
  ]);
  return {
    ...view,
    /** Withdrawals on their way to the bank. */
    pendingPayoutKobo: statement.pendingPayoutKobo,
    /** What the payment and refund lines add up to: clients' payments after commission and refunds. */
    earnedKobo: statement.earnedKobo,
    /** Each held booking's share and when it is released (issue 38), soonest first. */
    escrow,
    /** Payouts to a new account wait (ADR 0017): what the wallet says meanwhile. */
    heldMessage,
    banks: bankList.list,
    banksError: bankList.error,
    // The newest lines; the totals above count every line.
    history: statement.lines
      .slice(0, HISTORY_LINES)
      .map(({ effectKobo: _, ...line }) => ({ ...line, at: line.at.toISOString() })),
    /** Older lines not shown (they are in the totals). */
    moreHistory: Math.max(0, statement.lines.length - HISTORY_LINES),
  };
}

/**
 * The wallet's form actions. Saving a payout account asks for the account's password again (checked
 * by Better Auth on the server); Withdraw first answers with the question to confirm.
 */
export async function walletAction(
  who: { musicianId: string; userId: string },
  form: FormData,
  request: Request,
): Promise<WalletActionData> {
  const { musicianId } = who;
  const input = formToObject(form);
  let result: WalletActionData;
  if (input.intent === "resolve" || input.intent === "save-bank") {
    const parsed = bankAccountSchema.safeParse(input);
    if (!parsed.success) return { ok: false, intent: input.intent, fieldErrors: fieldErrors(parsed.error) };
    if (input.intent === "resolve") result = await lookUpBankAccount(musicianId, parsed.data);
    else {
      const again = await lookUpBankAccount(musicianId, parsed.data);
      if (!again.ok) return { ...again, intent: "save-bank" };
      // A wrong or missing password shows the same confirmation again, with the message beside it.
      const askAgain = (password: string): WalletActionData => ({
        ok: false,
        intent: "save-bank",
        resolved: again.resolved,
        fieldErrors: { password },
      });
      const password = passwordSchema.safeParse(input);
      if (!password.success) return askAgain(PASSWORD_NEEDED);
      const checked = await verifyOwnPassword(request, who.userId, password.data.password);
      if (checked === "too-many") return askAgain(TOO_MANY_PASSWORD_TRIES);
      if (checked === "wrong") return askAgain(WRONG_PASSWORD);
      result = await saveOwnBankAccount(musicianId, parsed.data);
      // A fixed account: automatic payouts that failed are asked again, to it (issue 29 §5).
      if (result.ok) await retryReturnedPayouts(musicianId);
    }
  } else if (input.intent === "withdraw-review" || input.intent === "withdraw") {
    const typed = withdrawSchema.safeParse(input).data?.amount;
    const amount = parseNaira(typed);
    const amountText = typed?.slice(0, 40);
    if (!amount.ok)
      return { ok: false, intent: input.intent, amountText, fieldErrors: { amount: amount.error } };
    result =
      input.intent === "withdraw-review"
        ? await reviewWithdrawal(musicianId, amount.kobo)
        : await requestWithdrawal(musicianId, amount.kobo, input.idempotencyKey);
    result = { ...result, intent: input.intent, ...(result.ok ? {} : { amountText }) };
  } else if (input.intent === "auto-payout") {
    const on = input.autoPayout === "on";
    await chooseAutomaticPayouts(musicianId, on);
    result = {
      ok: true,
      intent: "auto-payout",
      message: on
        ? "Released money will go to your bank automatically"
        : "Released money will stay in Available until you withdraw it",
    };
  } else {
    return { ok: false, toast: { type: "error", message: "Unknown action" } };
  }
  return result.message
    ? { ...result, toast: { type: result.ok ? "success" : "error", message: result.message } }
    : result;
}
