// The wallet page's loader data and form actions (the route stays a thin parse-and-call).
import { type Bank, paymentProvider } from "~/features/payments/paystack/provider.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { parseNaira } from "~/lib/naira";
import { logger } from "~/server/logger.server";
import type { WalletActionData, WalletPageData } from "./components/wallet-page";
import { bankAccountSchema, withdrawSchema } from "./wallet.schema";
import { lookUpBankAccount, requestWithdrawal, saveOwnBankAccount, walletView } from "./wallet.server";

const BANKS_TTL_MS = 60 * 60 * 1000;
let banksCache: { at: number; banks: Bank[] } | undefined;

/** The provider's bank list, kept for an hour: it changes rarely and every wallet page shows it. */
async function banks(): Promise<Bank[]> {
  if (banksCache && Date.now() - banksCache.at < BANKS_TTL_MS) return banksCache.banks;
  const list = (await paymentProvider().listBanks()).sort((a, b) => a.name.localeCompare(b.name));
  banksCache = { at: Date.now(), banks: list };
  return list;
}

export async function walletPageData(musicianId: string): Promise<WalletPageData> {
  const [view, bankList] = await Promise.all([
    walletView(musicianId),
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
  ]);
  return {
    availableKobo: view.availableKobo,
    inEscrowKobo: view.inEscrowKobo,
    paidOutKobo: view.paidOutKobo,
    bankAccount: view.bankAccount,
    banks: bankList.list,
    banksError: bankList.error,
    payouts: view.payouts.map((p) => ({
      id: p.id,
      reference: p.reference,
      amountKobo: p.amountKobo,
      status: p.status,
      bankName: p.bankName,
      accountNumber: p.accountNumber,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
    })),
    history: view.history.map((h) => ({ ...h, at: h.at.toISOString() })),
  };
}

export async function walletAction(musicianId: string, form: FormData): Promise<WalletActionData> {
  const input = formToObject(form);
  let result: WalletActionData;
  if (input.intent === "resolve" || input.intent === "save-bank") {
    const parsed = bankAccountSchema.safeParse(input);
    if (!parsed.success) return { ok: false, intent: input.intent, fieldErrors: fieldErrors(parsed.error) };
    result =
      input.intent === "resolve"
        ? await lookUpBankAccount(musicianId, parsed.data)
        : await saveOwnBankAccount(musicianId, parsed.data);
  } else if (input.intent === "withdraw") {
    const amount = parseNaira(withdrawSchema.safeParse(input).data?.amount);
    if (!amount.ok) return { ok: false, intent: "withdraw", fieldErrors: { amount: amount.error } };
    result = await requestWithdrawal(musicianId, amount.kobo, input.idempotencyKey);
  } else {
    return { ok: false, toast: { type: "error", message: "Unknown action" } };
  }
  return result.message
    ? { ...result, toast: { type: result.ok ? "success" : "error", message: result.message } }
    : result;
}
