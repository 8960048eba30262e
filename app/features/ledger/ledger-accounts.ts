// Ledger account codes (TEAM contract). Pure: no server imports, so tests and scripts can share it.
export const PAYSTACK_CLEARING = "paystack_clearing";
export const PLATFORM_REVENUE = "platform_revenue";

export const escrowAccount = (bookingId: string) => `escrow:${bookingId}`;
export const musicianPayableAccount = (musicianId: string) => `musician_payable:${musicianId}`;
export const payoutsInTransitAccount = (musicianId: string) => `payouts_in_transit:${musicianId}`;
export const refundsPendingAccount = (bookingId: string) => `refunds_pending:${bookingId}`;
/** What a musician owes back after a chargeback lost on money already released and withdrawn (ADR 0014). */
export const chargebackReceivableAccount = (musicianId: string) => `chargeback_receivable:${musicianId}`;

export type LedgerAccountKind =
  | "clearing"
  | "escrow"
  | "musician_payable"
  | "payouts_in_transit"
  | "refunds_pending"
  | "revenue"
  | "receivable";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PER_OWNER = new RegExp(
  `^(escrow|musician_payable|payouts_in_transit|refunds_pending|chargeback_receivable):${UUID}$`,
);

/** The kind of a valid account code, or null for a code outside the contract. */
export function accountKind(code: string): LedgerAccountKind | null {
  if (code === PAYSTACK_CLEARING) return "clearing";
  if (code === PLATFORM_REVENUE) return "revenue";
  const m = PER_OWNER.exec(code);
  if (!m) return null;
  return m[1] === "chargeback_receivable" ? "receivable" : (m[1] as LedgerAccountKind);
}

/**
 * Every account except Paystack clearing and a receivable holds money (escrow, a wallet, money on its
 * way out, platform revenue), so its balance must never go below zero. Clearing is the other side of
 * every payment that enters or leaves the system: its balance is minus what the platform holds. A
 * receivable is money owed to the platform: zero or negative, never positive.
 */
export function mayGoNegative(code: string): boolean {
  const kind = accountKind(code);
  return kind === "clearing" || kind === "receivable";
}

/** Accounts whose balance must never be positive (owed to the platform, never owed by it). */
export function mayNotBePositive(code: string): boolean {
  return accountKind(code) === "receivable";
}
