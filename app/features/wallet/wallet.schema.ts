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

/** The amount itself is read by the shared naira parser (app/lib/naira.ts). */
export const withdrawSchema = z.object({
  amount: formText()
    .max(40, "Enter an amount in naira, e.g. 150,000")
    .regex(/^[^\0]*$/, "Enter an amount in naira, e.g. 150,000"),
});

export type ResolvedAccount = {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
};

export type WalletActionResult = {
  ok: boolean;
  intent?: "resolve" | "save-bank" | "withdraw";
  message?: string;
  fieldErrors?: Partial<Record<"bankCode" | "accountNumber" | "amount", string>>;
  resolved?: ResolvedAccount;
};
