// A refund's life at Paystack as a state machine (issue 35 §3, money review 3 M7): every refund status
// Paystack publishes (the refund.pending, .processing, .needs-attention, .failed and .processed events in
// PaystackOSS/doc-code-snippets; Retry Refund in dist/paystack.yaml) has one meaning here, and none
// leaves a refund pending for ever: past its bound, or when Paystack's amount differs from ours, an
// admin is shown it with an action (retry, or record the refund made by hand).

/** The refund.* events and Retry Refund's answers name these statuses; "reversed" is read defensively. */
export const PAYSTACK_REFUND_STATUSES = [
  "pending",
  "processing",
  "needs-attention",
  "failed",
  "processed",
] as const;

/** Our refund statuses: pending (asked or to ask), processed, failed (admin retries), needs_attention. */
export type RefundStep =
  | { kind: "processed" }
  | { kind: "failed"; why: string }
  /** Paystack cannot finish it by itself, or it differs from ours: an admin decides (M7). */
  | { kind: "needs_attention"; why: string }
  | { kind: "wait" };

/** A refund Paystack accepted but has not finished after this long needs an admin (M7). */
export const REFUND_PENDING_BOUND_MS = 10 * 24 * 3_600_000;

/**
 * Paystack's refund status (and amount) → what happens to our refund. `pendingSince` is when we asked;
 * a refund still pending or processing past REFUND_PENDING_BOUND_MS needs an admin.
 */
export function refundStep(
  known: { status: string; amountKobo: number },
  ours: { amountKobo: number; pendingSince: Date },
  now = new Date(),
): RefundStep {
  if (known.amountKobo !== ours.amountKobo)
    return {
      kind: "needs_attention",
      why: `Paystack reports this refund as ${known.amountKobo} kobo, ours is ${ours.amountKobo} kobo`,
    };
  switch (known.status) {
    case "processed":
      return { kind: "processed" };
    case "failed":
    case "reversed":
      return { kind: "failed", why: `Paystack reported the refund ${known.status}` };
    case "needs-attention":
      return {
        kind: "needs_attention",
        why: "Paystack could not return the money to the card and needs the customer's bank account details",
      };
    case "pending":
    case "processing":
      return now.getTime() - ours.pendingSince.getTime() > REFUND_PENDING_BOUND_MS
        ? { kind: "needs_attention", why: `Paystack has kept this refund ${known.status} for over 10 days` }
        : { kind: "wait" };
    default:
      return { kind: "needs_attention", why: `Paystack reports an unknown refund status "${known.status}"` };
  }
}
