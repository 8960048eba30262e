// The real Paystack client: plain fetch, every answer checked with zod. The npm SDKs are poorly kept.
import type { z } from "zod";
import { type PaymentProvider, PaymentProviderError, type TransferResult } from "./payment-provider";
import {
  bankData,
  envelope,
  initializeData,
  paystackErrorBody,
  recipientData,
  refundData,
  resolveData,
  transactionData,
  transferData,
} from "./paystack.schema";

export type PaystackClientOptions = {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
};

export const PAYSTACK_BASE_URL = "https://api.paystack.co";

export function createPaystackClient(options: PaystackClientOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const what = `Paystack ${method} ${path.split("?")[0]}`;
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = (err as Error)?.name === "TimeoutError";
      throw new PaymentProviderError(
        timedOut
          ? `${what} timed out after ${timeoutMs} ms`
          : `${what} could not be reached: ${(err as Error)?.message}`,
        "unavailable",
      );
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    if (!res.ok || (json as { status?: unknown })?.status === false) {
      const error = paystackErrorBody.safeParse(json);
      const reason = error.success ? error.data.message : `HTTP ${res.status}`;
      const kind = res.status >= 500 || (res.ok && !error.success) ? "unavailable" : "rejected";
      throw new PaymentProviderError(`${what} failed: ${reason}`, kind, res.status);
    }
    const parsed = envelope(schema).safeParse(json);
    if (!parsed.success) {
      throw new PaymentProviderError(
        `${what} answered in an unexpected shape: ${parsed.error.issues[0]?.message ?? "invalid"}`,
        "unavailable",
        res.status,
      );
    }
    return (parsed.data as { data: z.infer<T> }).data;
  }

  const toTransfer = (t: z.infer<typeof transferData>): TransferResult => ({
    reference: t.reference,
    status: t.status,
    transferCode: t.transfer_code,
    amountKobo: t.amount,
  });

  return {
    kind: "paystack",

    async initializeTransaction({ email, amountKobo, reference, callbackUrl, metadata }) {
      const data = await call("POST", "/transaction/initialize", initializeData, {
        email,
        amount: amountKobo,
        currency: "NGN",
        reference,
        callback_url: callbackUrl,
        metadata: metadata ?? {},
      });
      return { authorizationUrl: data.authorization_url, reference: data.reference };
    },

    async verifyTransaction(reference) {
      const t = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`, transactionData);
      return {
        status: t.status,
        amountKobo: t.amount,
        currency: t.currency,
        reference: t.reference,
        paidAt: t.paid_at ? new Date(t.paid_at) : null,
        metadata: t.metadata,
      };
    },

    async listBanks() {
      const banks = await call("GET", "/bank?country=nigeria&currency=NGN&type=nuban&perPage=100", bankData);
      return banks.filter((b) => b.active !== false).map((b) => ({ name: b.name, code: b.code }));
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call("GET", `/bank/resolve?${q}`, resolveData);
      return { accountNumber: data.account_number, accountName: data.account_name };
    },

    async createTransferRecipient({ name, accountNumber, bankCode }) {
      const data = await call("POST", "/transferrecipient", recipientData, {
        type: "nuban",
        name,
        account_number: accountNumber,
        bank_code: bankCode,
        currency: "NGN",
      });
      return { recipientCode: data.recipient_code };
    },

    async initiateTransfer({ amountKobo, recipientCode, reference, reason }) {
      try {
        const t = await call("POST", "/transfer", transferData, {
          source: "balance",
          amount: amountKobo,
          currency: "NGN",
          recipient: recipientCode,
          reference,
          reason,
        });
        return toTransfer(t);
      } catch (err) {
        // A retry after a lost answer reuses the reference; Paystack refuses the duplicate, so look
        // the first transfer up instead of reporting a failure that did not happen.
        if (!(err instanceof PaymentProviderError) || err.kind !== "rejected") throw err;
        const existing = await call(
          "GET",
          `/transfer/verify/${encodeURIComponent(reference)}`,
          transferData,
        ).catch(() => undefined);
        if (existing) return toTransfer(existing);
        throw err;
      }
    },

    async createRefund({ reference, amountKobo }) {
      const r = await call("POST", "/refund", refundData, { transaction: reference, amount: amountKobo });
      return {
        refundId: String(r.id),
        status: r.status,
        amountKobo: r.amount,
        transactionReference: r.transaction.reference,
      };
    },
  };
}
