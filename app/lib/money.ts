// Money is stored as integer kobo (100 kobo = ₦1); the UI speaks naira with two decimals (spec §9).

/** Spec §9: the public profile shows "Starting from ₦15,000/hr" when no rate is set. */
export const DEFAULT_HOURLY_RATE_KOBO = 15_000 * 100;

const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
const wholeNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "₦15,000.00" for 1_500_000 kobo. */
export function formatNaira(kobo: number | bigint): string {
  return naira.format(Number(kobo) / 100);
}

/** "₦15,000" for 1_500_000 kobo: for headline prices where the kobo would only add noise. */
export function formatNairaWhole(kobo: number | bigint): string {
  return wholeNaira.format(Math.round(Number(kobo) / 100));
}

/** The spec's "Not specified" for an empty price, else the formatted price. */
export function formatNairaOrNotSpecified(kobo: number | bigint | null | undefined): string {
  return kobo === null || kobo === undefined ? "Not specified" : formatNaira(kobo);
}

export function koboToNaira(kobo: number | bigint): number {
  return Number(kobo) / 100;
}

/**
 * Naira as typed by a person ("15000", "15,000.50", "₦ 2,500", 2500) to integer kobo.
 * Returns null for empty input and NaN for anything that is not a non-negative amount with at most
 * two decimals, so callers can tell "not given" from "invalid".
 */
export function nairaToKobo(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return Number.NaN;
    const kobo = Math.round(value * 100);
    return Number.isSafeInteger(kobo) ? kobo : Number.NaN;
  }
  const cleaned = value.replace(/[₦,\s]/g, "").replace(/^NGN/i, "");
  if (cleaned === "") return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return Number.NaN;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const kobo = whole * 100 + fraction;
  return Number.isSafeInteger(kobo) ? kobo : Number.NaN;
}
