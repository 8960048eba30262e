import { z } from "zod";
import { formText } from "~/lib/form-fields";

/** ₦1,000: the smallest withdrawal. */
export const MIN_WITHDRAWAL_KOBO = 100_000;

export const bankAccountSchema = z.object({
  bankCode: formText({ error: "Choose your bank from the list" })
    .trim()
    .regex(/^\d{3,9}$/, "Choose your bank from the list"),
  accountNumber: formText({ error: "Enter your 10-digit account number" })
    .trim()
    .regex(/^\d{10}$/, "Enter your 10-digit account number"),
});

export const PASSWORD_NEEDED = "Enter your Stagebook password to save this account";
export const WRONG_PASSWORD = "That password is not right. Try again.";
export const TOO_MANY_PASSWORD_TRIES = "Too many tries. Please wait 15 minutes and try again.";

export const passwordSchema = z.object({
  password: formText({ error: PASSWORD_NEEDED }).min(1, PASSWORD_NEEDED).max(128, WRONG_PASSWORD),
});

/** The amount itself is read by the shared naira parser (app/lib/naira.ts). */
export const withdrawSchema = z.object({
  amount: formText()
    .max(40, "Enter an amount in naira, e.g. 150,000")
    .regex(/^[^\0]*$/, "Enter an amount in naira, e.g. 150,000"),
});

export type WalletActionResult = {
  ok: boolean;
  intent?: "resolve" | "save-bank" | "withdraw-review" | "withdraw" | "auto-payout";
  message?: string;
  fieldErrors?: Partial<Record<"bankCode" | "accountNumber" | "amount" | "password", string>>;
  /** The account as the bank names it, for the musician to confirm. */
  resolved?: z.infer<typeof bankAccountSchema> & { bankName: string; accountName: string };
  /** The Withdraw form's first step: what the musician is asked to confirm. */
  review?: { amountKobo: number; destination: string; question: string };
  /** The amount as typed, shown again when it is refused (without JavaScript the page is new). */
  amountText?: string;
};
