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
  refundFetchData,
  refundListData,
  resolveData,
  transactionData,
  transferData,
} from "./paystack.schema";

export function createPaystackClient(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}): PaymentProvider {
  const baseUrl = (options.baseUrl ?? "https://api.paystack.co").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** A request with a body is a POST, one without a GET (as every endpoint we use is). */
  async function call<T extends z.ZodType>(path: string, schema: T, body?: object): Promise<z.infer<T>> {
    const method = body === undefined ? "GET" : "POST";
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
      // 401 (a key being rotated), 408 and 429 (rate limited) say nothing about the request itself: the
      // outcome is unknown, so the caller keeps the money where it is and asks again later.
      const unknown = res.status >= 500 || res.status === 401 || res.status === 408 || res.status === 429;
      const kind = unknown || (res.ok && !error.success) ? "unavailable" : "rejected";
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

  const toRefund = (r: { id: number; status: string; amount: number }) => ({
    refundId: String(r.id),
    status: r.status,
    amountKobo: r.amount,
  });

  const verifyCharge = (reference: string) =>
    call(`/transaction/verify/${encodeURIComponent(reference)}`, transactionData);

  async function verifyTransfer(reference: string): Promise<TransferResult | null> {
    try {
      return toTransfer(await call(`/transfer/verify/${encodeURIComponent(reference)}`, transferData));
    } catch (err) {
      if (err instanceof PaymentProviderError && err.httpStatus === 404) return null;
      if (err instanceof PaymentProviderError && err.kind === "unavailable") throw err;
      throw new PaymentProviderError(
        `Paystack GET /transfer/verify could not tell whether ${reference} exists: ${(err as Error).message}`,
        "unavailable",
        err instanceof PaymentProviderError ? err.httpStatus : undefined,
      );
    }
  }

  return {
    kind: "paystack",

    async initializeTransaction({ email, amountKobo, reference, callbackUrl, metadata }) {
      const data = await call("/transaction/initialize", initializeData, {
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
      const t = await verifyCharge(reference);
      return {
        status: t.status,
        amountKobo: t.amount,
        ...(t.requested_amount === undefined ? {} : { requestedAmountKobo: t.requested_amount }),
        currency: t.currency,
        reference: t.reference,
        paidAt: t.paid_at ? new Date(t.paid_at) : null,
        metadata: t.metadata,
        ...(t.domain === undefined ? {} : { domain: t.domain }),
      };
    },

    async listBanks() {
      const banks = await call("/bank?country=nigeria&currency=NGN&type=nuban&perPage=100", bankData);
      return banks.filter((b) => b.active !== false).map((b) => ({ name: b.name, code: b.code }));
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call(`/bank/resolve?${q}`, resolveData);
      return { accountNumber: data.account_number, accountName: data.account_name };
    },

    async createTransferRecipient({ name, accountNumber, bankCode }) {
      const data = await call("/transferrecipient", recipientData, {
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
        const t = await call("/transfer", transferData, {
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
        // the first transfer up instead of reporting a failure that did not happen. Only a definite
        // "not found" keeps the refusal; a look-up that fails leaves the outcome unknown.
        if (!(err instanceof PaymentProviderError) || err.kind !== "rejected") throw err;
        const existing = await verifyTransfer(reference);
        if (existing) return existing;
        throw err;
      }
    },

    verifyTransfer,

    async createRefund({ reference, amountKobo }) {
      const r = await call("/refund", refundData, { transaction: reference, amount: amountKobo });
      return { ...toRefund(r), transactionReference: r.transaction.reference };
    },

    async fetchRefund(refundId) {
      try {
        return toRefund(await call(`/refund/${encodeURIComponent(refundId)}`, refundFetchData));
      } catch (err) {
        if (err instanceof PaymentProviderError && err.httpStatus === 404) return null;
        throw err;
      }
    },

    async listRefunds(transactionReference) {
      // List Refunds names the charge by its numeric id: ask for it first, then keep only its refunds
      // (whatever else the list holds).
      const t = await verifyCharge(transactionReference);
      if (t.id === undefined) {
        throw new PaymentProviderError(
          "Paystack GET /transaction/verify answered without an id",
          "unavailable",
        );
      }
      const q = new URLSearchParams({ transaction: String(t.id), perPage: "100" });
      const list = await call(`/refund?${q}`, refundListData);
      return list
        .filter((r) => (typeof r.transaction === "number" ? r.transaction : r.transaction.id) === t.id)
        .map((r) => ({ ...toRefund(r), transactionReference }));
    },
  };
}
