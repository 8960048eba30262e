import { z } from "zod";

// Paystack's response envelopes (https://github.com/PaystackOSS/openapi, dist/paystack.yaml). Only the
// fields we use are checked; everything else passes through untouched so a new field never breaks us.

/** Strings from outside never carry NUL: PostgreSQL text cannot hold it, so a lookup would fail. */
const text = () => z.string().regex(/^[^\0]*$/, "Text must not contain NUL characters");

/** Paystack sends most amounts as integers but some events (refunds) as strings: accept both. */
const kobo = z.union([z.number().int(), text().regex(/^\d+$/).transform(Number)]);

export const paystackErrorBody = z.object({
  status: z.literal(false),
  message: text(),
  code: text().optional(),
  type: text().optional(),
});

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: text(), data });
}

export const initializeData = z.object({
  authorization_url: text().min(1),
  access_code: text(),
  reference: text().min(1),
});

/** Paystack stores metadata as a string when it was sent as one, and "" or 0 when none was sent. */
const metadata = z.unknown().transform((m): Record<string, unknown> => {
  if (typeof m === "string" && m.startsWith("{")) {
    try {
      return JSON.parse(m) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return m && typeof m === "object" && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
});

export const transactionData = z.object({
  id: z.number().int().optional(),
  status: text(),
  reference: text(),
  amount: kobo,
  /** What we asked for, when Paystack added its fees on top for the customer ("pass charges"). */
  requested_amount: kobo.optional(),
  currency: text(),
  /** "test" or "live": the mode the charge was made in (money review 3 M1). */
  domain: text().optional(),
  paid_at: text().nullable().optional(),
  metadata,
  customer: z.object({ email: text() }).partial().optional(),
});

export const bankData = z.array(
  z.object({
    name: text(),
    code: text(),
    active: z.boolean().optional(),
    currency: text().optional(),
    type: text().optional(),
  }),
);

export const resolveData = z.object({ account_number: text(), account_name: text() });

export const recipientData = z.object({
  recipient_code: text().min(1),
  name: text().nullable().optional(),
  details: z
    .object({
      account_number: text().nullable(),
      account_name: text().nullable(),
      bank_code: text().nullable(),
      bank_name: text().nullable(),
    })
    .partial()
    .optional(),
});

export const transferData = z.object({
  reference: text(),
  amount: kobo,
  currency: text(),
  status: text(),
  transfer_code: text(),
});

/** GET /refund/:id (Fetch Refund): `transaction` is the charge's numeric id. */
export const refundFetchData = z.object({
  id: z.number().int(),
  amount: kobo,
  currency: text(),
  status: text(),
});

export const refundData = refundFetchData.extend({ transaction: z.object({ reference: text() }) });

/**
 * GET /refund (List Refunds): `transaction` is the charge's numeric id there (an object with its
 * reference in POST /refund's answer); accept both.
 */
export const refundListData = z.array(
  refundFetchData.extend({
    transaction: z.union([
      z.number().int(),
      z.object({ id: z.number().int().optional(), reference: text().optional() }),
    ]),
  }),
);

// Webhook events (https://github.com/PaystackOSS/doc-code-snippets, dist/doc/payments/webhooks/events.js).
export const webhookEvent = z.object({ event: text(), data: z.record(text(), z.unknown()) });

export const transferEventData = transferData.partial({ transfer_code: true });

export const refundEventData = z.object({
  status: text(),
  transaction_reference: text(),
  refund_reference: text().nullable().optional(),
  amount: kobo,
  currency: text(),
});

export const disputeEventData = z.object({
  id: z.union([z.number(), text()]).transform(String),
  refund_amount: kobo.nullable().optional(),
  currency: text().optional(),
  status: text().optional(),
  /** On charge.dispute.resolve: merchant-accepted / auto-accepted (the cardholder won) or declined. */
  resolution: text().nullable().optional(),
  category: text().nullable().optional(),
  transaction: z.object({ reference: text(), amount: kobo }),
  messages: z
    .array(z.object({ body: text() }).partial())
    .nullable()
    .optional(),
});
