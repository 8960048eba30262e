// The built-in test provider: follows Paystack's contract in-process when PAYSTACK_SECRET_KEY is unset.
// No real money moves. Its state is in PostgreSQL (paystack_test_records) so several worker processes
// and restarts agree; its webhooks are signed with testProviderSecret() and posted to our own
// /webhooks/paystack exactly as Paystack would post them.
import { randomBytes, randomInt } from "node:crypto";
import { env } from "~/server/env.server";
import { type PaymentProvider, PaymentProviderError, type TransferResult } from "./payment-provider";
import {
  findTestRecord,
  findTestRecordByAccessCode,
  insertTestRecord,
  moveTestRecord,
  refundRecordsForTransaction,
  type TestRecord,
} from "./queries.server";
import { paystackSignature, testProviderSecret } from "./signature.server";
import { TEST_BANKS, TEST_UNKNOWN_ACCOUNT_NUMBER } from "./test-banks";

const rejected = (message: string) => new PaymentProviderError(message, "rejected", 400);
const paystackId = () => randomInt(100_000_000, 2_147_483_647);
const code = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export type WebhookPayload = { event: string; data: Record<string, unknown> };

/** Posts a signed webhook to our own endpoint; throws on anything but 2xx so the caller can retry. */
export async function deliverTestWebhook(payload: WebhookPayload): Promise<void> {
  const rawBody = JSON.stringify(payload);
  const res = await fetch(`http://127.0.0.1:${env().PORT}/webhooks/paystack`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "x-paystack-signature": paystackSignature(rawBody, testProviderSecret()),
    },
    body: rawBody,
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`test webhook ${payload.event} answered HTTP ${res.status}`);
}

/** Paystack's charge.success payload for a test transaction (shape: doc-code-snippets events.js). */
export function chargeSuccessPayload(t: TestRecord): WebhookPayload {
  const d = t.data as { id?: number; email?: string; metadata?: unknown; paid_at?: string };
  return {
    event: "charge.success",
    data: {
      id: d.id,
      domain: "test",
      status: "success",
      reference: t.reference,
      amount: t.amountKobo,
      message: null,
      gateway_response: "Successful",
      paid_at: d.paid_at,
      created_at: t.createdAt.toISOString(),
      channel: "card",
      currency: "NGN",
      ip_address: null,
      metadata: d.metadata ?? "",
      fees: 0,
      customer: { id: 1, first_name: null, last_name: null, email: d.email, customer_code: "CUS_test" },
      authorization: {
        authorization_code: "AUTH_test",
        bin: "408408",
        last4: "4081",
        exp_month: "12",
        exp_year: "2030",
        channel: "card",
        card_type: "visa",
        bank: "TEST BANK",
        country_code: "NG",
        brand: "visa",
        reusable: false,
      },
      plan: {},
    },
  };
}

export function transferEventPayload(
  t: TestRecord,
  event: "transfer.success" | "transfer.failed",
): WebhookPayload {
  const d = t.data as { transfer_code?: string; reason?: string; recipient?: Record<string, unknown> };
  return {
    event,
    data: {
      amount: t.amountKobo,
      currency: "NGN",
      domain: "test",
      failures: null,
      reason: d.reason,
      reference: t.reference,
      source: "balance",
      status: event === "transfer.success" ? "success" : "failed",
      transfer_code: d.transfer_code,
      transferred_at: event === "transfer.success" ? new Date().toISOString() : null,
      recipient: d.recipient,
    },
  };
}

export function refundEventPayload(
  r: TestRecord,
  event: "refund.processed" | "refund.failed",
): WebhookPayload {
  const d = r.data as { transaction_reference?: string };
  return {
    event,
    data: {
      status: event === "refund.processed" ? "processed" : "failed",
      transaction_reference: d.transaction_reference,
      refund_reference: r.reference,
      amount: String(r.amountKobo),
      currency: "NGN",
      processor: "test",
      domain: "test",
    },
  };
}

export async function findTestCheckout(reference: string) {
  const t = await findTestRecord("transaction", reference);
  if (!t) return undefined;
  const d = t.data as { email?: string; callback_url?: string; access_code?: string; closed_at?: string };
  return {
    reference: t.reference,
    accessCode: d.access_code ?? "",
    status: t.status,
    /** The customer pressed "Cancel payment": this checkout can no longer be paid. */
    closed: Boolean(d.closed_at),
    amountKobo: t.amountKobo ?? 0,
    email: d.email ?? "",
    callbackUrl: d.callback_url ?? "/",
  };
}

/**
 * The checkout its authorization_url names, by access code, as Paystack's hosted checkout finds it. Like
 * Paystack's, the page built on it never shows the reference or the callback URL: only the browser that
 * completes the payment is sent there (ADR 0025).
 */
export async function findTestCheckoutByAccessCode(accessCode: string) {
  const t = await findTestRecordByAccessCode(accessCode);
  return t ? findTestCheckout(t.reference) : undefined;
}

/** The callback URL Paystack returns the customer to: callback_url?trxref=…&reference=… */
export function callbackWithReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl, "http://placeholder.invalid");
  url.searchParams.set("trxref", reference);
  url.searchParams.set("reference", reference);
  return url.origin === "http://placeholder.invalid" ? `${url.pathname}${url.search}` : url.toString();
}

/** "Cancel payment": the checkout is closed and can no longer be paid (it stays abandoned). */
export async function closeTestCheckout(reference: string): Promise<void> {
  await moveTestRecord("transaction", reference, "abandoned", "abandoned", {
    closed_at: new Date().toISOString(),
  });
}

/**
 * "Complete test payment": the transaction becomes successful (once, whichever worker gets there
 * first) and the signed charge.success webhook is posted. Returns the record for the redirect.
 */
export async function completeTestCheckout(
  reference: string,
  deliver: (p: WebhookPayload) => Promise<void> = deliverTestWebhook,
) {
  const open = await findTestCheckout(reference);
  if (open && !open.closed)
    await moveTestRecord("transaction", reference, "abandoned", "success", {
      paid_at: new Date().toISOString(),
    });
  const t = await findTestRecord("transaction", reference);
  if (!t) return undefined;
  // Paystack posts the webhook whether or not an earlier attempt got through; so do we, every time
  // the button is pressed — the endpoint is idempotent.
  if (t.status === "success") await deliver(chargeSuccessPayload(t));
  return findTestCheckout(reference);
}

export function createTestProvider(): PaymentProvider {
  return {
    kind: "test",

    async initializeTransaction({ email, amountKobo, reference, callbackUrl, metadata }) {
      if (!Number.isSafeInteger(amountKobo) || amountKobo < 100) throw rejected("Invalid Amount Sent");
      if (!/^[\w.=-]+$/.test(reference)) throw rejected("Invalid transaction reference");
      // Paystack's authorization_url is its hosted checkout named by an access code, not the reference.
      const accessCode = randomBytes(12).toString("base64url");
      const { created } = await insertTestRecord({
        kind: "transaction",
        reference,
        status: "abandoned",
        amountKobo,
        data: {
          id: paystackId(),
          email,
          callback_url: callbackUrl,
          access_code: accessCode,
          metadata: metadata ?? {},
        },
      });
      if (!created) throw rejected("Duplicate Transaction Reference");
      const authorizationUrl = `${env().ORIGIN ?? ""}/test-checkout/${accessCode}`;
      return { authorizationUrl, reference };
    },

    async verifyTransaction(reference) {
      const t = await findTestRecord("transaction", reference);
      if (!t) throw rejected("Transaction reference not found");
      const d = t.data as { paid_at?: string; metadata?: Record<string, unknown> };
      return {
        status: t.status,
        amountKobo: t.amountKobo ?? 0,
        currency: "NGN",
        reference: t.reference,
        paidAt: d.paid_at ? new Date(d.paid_at) : null,
        metadata: d.metadata ?? {},
      };
    },

    async listBanks() {
      return TEST_BANKS.map((b) => ({ ...b }));
    },

    async resolveAccount({ accountNumber, bankCode, holderHint }) {
      if (!TEST_BANKS.some((b) => b.code === bankCode)) throw rejected(`Unknown bank code: ${bankCode}`);
      if (!/^\d{10}$/.test(accountNumber) || accountNumber === TEST_UNKNOWN_ACCOUNT_NUMBER) {
        throw rejected("Could not resolve account name. Check parameters or try again.");
      }
      const name = holderHint?.trim() ? holderHint.trim().toUpperCase() : "TEST ACCOUNT HOLDER";
      return { accountNumber, accountName: name };
    },

    async createTransferRecipient({ name, accountNumber, bankCode }) {
      const bank = TEST_BANKS.find((b) => b.code === bankCode);
      if (!bank) throw rejected(`Unknown bank code: ${bankCode}`);
      const recipientCode = code("RCP");
      await insertTestRecord({
        kind: "recipient",
        reference: recipientCode,
        status: "active",
        data: {
          recipient_code: recipientCode,
          name,
          type: "nuban",
          details: {
            account_number: accountNumber,
            account_name: name,
            bank_code: bankCode,
            bank_name: bank.name,
          },
        },
      });
      return { recipientCode };
    },

    async initiateTransfer({ amountKobo, recipientCode, reference, reason }) {
      if (!Number.isSafeInteger(amountKobo) || amountKobo < 100) throw rejected("Invalid Amount Sent");
      const recipient = await findTestRecord("recipient", recipientCode);
      if (!recipient) throw rejected("Recipient specified is invalid");
      const { record } = await insertTestRecord({
        kind: "transfer",
        reference,
        status: "pending",
        amountKobo,
        data: {
          transfer_code: code("TRF"),
          reason,
          recipient_code: recipientCode,
          recipient: recipient.data,
        },
      });
      if (record.amountKobo !== amountKobo || record.data.recipient_code !== recipientCode) {
        throw rejected("Duplicate Transfer Reference");
      }
      return toTransfer(record);
    },

    async verifyTransfer(reference) {
      const record = await findTestRecord("transfer", reference);
      return record ? toTransfer(record) : null;
    },

    async createRefund({ reference, amountKobo }) {
      const t = await findTestRecord("transaction", reference);
      if (!t) throw rejected("Transaction reference not found");
      if (t.status !== "success") throw rejected("Cannot refund a transaction that is not successful");
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) throw rejected("Invalid Amount Sent");
      const refunded = (await refundRecordsForTransaction(reference))
        .filter((x) => x.status !== "failed")
        .reduce((sum, x) => sum + (x.amountKobo ?? 0), 0);
      if (refunded + amountKobo > (t.amountKobo ?? 0)) {
        throw rejected("Refund amount cannot be more than the transaction amount");
      }
      const refundId = String(paystackId());
      await insertTestRecord({
        kind: "refund",
        reference: refundId,
        status: "pending",
        amountKobo,
        data: { transaction_reference: reference },
      });
      return { refundId, status: "pending", amountKobo, transactionReference: reference };
    },

    async fetchRefund(refundId) {
      const r = await findTestRecord("refund", refundId);
      return r ? { refundId, status: r.status, amountKobo: r.amountKobo ?? 0 } : null;
    },

    async listRefunds(transactionReference) {
      const t = await findTestRecord("transaction", transactionReference);
      if (!t) throw rejected("Transaction reference not found");
      return (await refundRecordsForTransaction(transactionReference)).map((r) => ({
        refundId: r.reference,
        status: r.status,
        amountKobo: r.amountKobo ?? 0,
        transactionReference,
      }));
    },
  };
}

function toTransfer(record: TestRecord): TransferResult {
  return {
    reference: record.reference,
    status: record.status,
    transferCode: String(record.data.transfer_code),
    amountKobo: record.amountKobo ?? 0,
  };
}
