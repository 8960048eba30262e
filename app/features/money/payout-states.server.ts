// A payout's life at Paystack as a state machine (issue 35 §3, money review 3 M2, M6, M7): every
// transfer status Paystack publishes (GET /transfer's `status` enum in PaystackOSS/openapi
// dist/paystack.yaml) has one meaning here, and every one has a way out. The wallet applies the step
// (ledger postings, notices); nothing else decides what a status means.
//
// Our payout statuses: waiting (a hold keeps it back; its money still in Available), pending (in
// transit), paid, failed (returned to Available), reversed (paid, then sent back by the bank), dropped
// (a waiting payout that will never go: its note says why, review M9).

export const PAYSTACK_TRANSFER_STATUSES = [
  "pending",
  "success",
  "failed",
  "otp",
  "abandoned",
  "reversed",
  "blocked",
  "rejected",
  "received",
] as const;

/** What Paystack's answer about a transfer does to our pending (or failed) payout. */
export type TransferStep =
  /** The bank has it: in transit → paid out (from failed: taken back from Available, M2). */
  | { kind: "paid" }
  /** It will never go: in transit → Available, with a note and a notice to the musician (M6). */
  | { kind: "returned"; outcome: "failed" | "reversed"; why: string }
  /** Still on its way: stays pending; past PAYOUT_PENDING_BOUND_MS an admin is alerted (M7). */
  | { kind: "wait" }
  /** Paystack waits for an OTP we never give by API: an admin finalises it or it is abandoned. */
  | { kind: "otp" }
  /** A status Paystack does not publish: stays pending and an admin is alerted. */
  | { kind: "unknown"; status: string };

/** Paystack's transfer status → what happens to the payout. */
export function transferStep(status: string): TransferStep {
  switch (status) {
    case "success":
      return { kind: "paid" };
    case "failed":
      return { kind: "returned", outcome: "failed", why: "the bank transfer failed" };
    case "abandoned":
      return {
        kind: "returned",
        outcome: "failed",
        why: "the transfer was not approved in time and Paystack abandoned it",
      };
    case "blocked":
      return { kind: "returned", outcome: "failed", why: "Paystack blocked the transfer" };
    case "rejected":
      return { kind: "returned", outcome: "failed", why: "the transfer was rejected" };
    case "reversed":
      return { kind: "returned", outcome: "reversed", why: "the bank sent the transfer back" };
    case "otp":
      return { kind: "otp" };
    case "pending":
    case "received":
      return { kind: "wait" };
    default:
      return { kind: "unknown", status };
  }
}

/** A payout still pending this long after it was asked for is shown to an admin (with its reference). */
export const PAYOUT_PENDING_BOUND_MS = 24 * 3_600_000;
