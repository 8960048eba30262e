// Ledger account codes (TEAM contract). Pure: no server imports, so tests and scripts can share it.
export const PAYSTACK_CLEARING = "paystack_clearing";
export const PLATFORM_REVENUE = "platform_revenue";

export const escrowAccount = (bookingId: string) => `escrow:${bookingId}`;
export const musicianPayableAccount = (musicianId: string) => `musician_payable:${musicianId}`;
export const payoutsInTransitAccount = (musicianId: string) => `payouts_in_transit:${musicianId}`;
export const refundsPendingAccount = (bookingId: string) => `refunds_pending:${bookingId}`;

export type LedgerAccountKind =
  | "clearing"
  | "escrow"
  | "musician_payable"
  | "payouts_in_transit"
  | "refunds_pending"
  | "revenue";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PER_OWNER = new RegExp(`^(escrow|musician_payable|payouts_in_transit|refunds_pending):${UUID}$`);

/** The kind of a valid account code, or null for a code outside the contract. */
export function accountKind(code: string): LedgerAccountKind | null {
  if (code === PAYSTACK_CLEARING) return "clearing";
  if (code === PLATFORM_REVENUE) return "revenue";
  const m = PER_OWNER.exec(code);
  return m ? (m[1] as LedgerAccountKind) : null;
}

/**
 * Every account except Paystack clearing holds money (escrow, a wallet, money on its way out, platform
 * revenue), so its balance must never go below zero. Clearing is the other side of every payment that
 * enters or leaves the system: its balance is minus what the platform holds.
 */
export function mayGoNegative(code: string): boolean {
  return accountKind(code) === "clearing";
}
