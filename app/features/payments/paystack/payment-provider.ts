// The payment provider contract shared by the real Paystack client and the built-in test provider.
// Amounts are integer kobo; references are ours and are Paystack's only idempotency key.

export type VerifiedTransaction = {
  /** Paystack's status: "success", "abandoned", "failed", "ongoing", "pending", "reversed"… */
  status: string;
  amountKobo: number;
  /** Paystack's requested_amount: what we asked for, when the customer also paid Paystack's fees. */
  requestedAmountKobo?: number;
  currency: string;
  reference: string;
  paidAt: Date | null;
  metadata: Record<string, unknown>;
  /** Paystack's `domain`: the charge's mode (test / live). */
  domain?: string;
};

export type Bank = { name: string; code: string };

export type TransferResult = { reference: string; status: string; transferCode: string; amountKobo: number };

export type RefundResult = {
  refundId: string;
  status: string;
  amountKobo: number;
  transactionReference: string;
};

export interface PaymentProvider {
  readonly kind: "paystack" | "test";
  initializeTransaction(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; reference: string }>;
  verifyTransaction(reference: string): Promise<VerifiedTransaction>;
  listBanks(): Promise<Bank[]>;
  /**
   * holderHint is read by the test provider only (it has no bank to ask, so it answers with the name
   * the caller expects); Paystack ignores it.
   */
  resolveAccount(input: {
    accountNumber: string;
    bankCode: string;
    holderHint?: string;
  }): Promise<{ accountNumber: string; accountName: string }>;
  createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  /** Safe to repeat with the same reference: a transfer that already exists is returned, not made twice. */
  initiateTransfer(input: {
    amountKobo: number;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<TransferResult>;
  /**
   * The transfer with this reference, or null when the provider answers that it has none (a definite
   * "not found"). Throws "unavailable" when it cannot tell.
   */
  verifyTransfer(reference: string): Promise<TransferResult | null>;
  /** Paystack's POST /refund has no idempotency key: a lost answer is recovered with listRefunds. */
  createRefund(input: { reference: string; amountKobo: number }): Promise<RefundResult>;
  /** The refunds the provider holds for a charge (ours by reference), any status, newest first. */
  listRefunds(transactionReference: string): Promise<RefundResult[]>;
  /**
   * One refund by the provider's id (GET /refund/:id): its status and amount, or null when the provider
   * answers that it has none (404). Throws "unavailable" when it cannot tell.
   */
  fetchRefund(refundId: string): Promise<{ refundId: string; status: string; amountKobo: number } | null>;
}

/**
 * "rejected": Paystack answered and said no (status:false or HTTP 4xx) — retrying the same request will
 * not help and the message is safe to show. "unavailable": timeout, network error, HTTP 5xx, 401 (a key
 * being rotated), 408, 429 (rate limited) or an answer we could not read — the outcome is unknown,
 * retry later with the same reference.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: "rejected" | "unavailable",
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
