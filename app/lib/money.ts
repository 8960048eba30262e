// Money is stored as integer kobo (100 kobo = ₦1); the UI speaks naira with two decimals (spec §9).

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
