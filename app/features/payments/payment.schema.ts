import { z } from "zod";
import { formText } from "~/lib/form-fields";

/** The Pay form: only an e-mail for the receipt, when the booking has none. Amounts never come from the browser. */
export const payFormSchema = z.object({
  email: formText()
    .trim()
    .max(254, "Enter a valid e-mail address for the receipt")
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email("Enter a valid e-mail address for the receipt").optional()),
});
export type PayFormInput = z.infer<typeof payFormSchema>;

/** The callback's query string as Paystack sends it (?trxref=…&reference=…). */
export const callbackQuerySchema = z.object({
  reference: formText().regex(/^[\w.=-]{1,100}$/, "Unknown payment reference"),
});
