// What musicians charge (issue 38 item 3): the words for a stored band. Pure: /market, the price field
// and Create Booking share it.

export type PriceBand = { eventType: string; state: string | null; lowKobo: number; highKobo: number };

/** Bands are rounded to ₦5,000. */
export const BAND_ROUNDING_KOBO = 500_000;
/** A band is kept only with at least this many bookings… */
export const BAND_MIN_BOOKINGS = 5;
/** …from at least this many musicians, so no one's price can be worked out. */
export const BAND_MIN_MUSICIANS = 3;

const whole = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const naira = (kobo: number) => `₦${whole.format(Math.round(kobo / 100))}`;

/** "₦250k", "₦1.5m". */
export function shortNaira(kobo: number): string {
  const n = kobo / 100;
  if (n >= 1_000_000) return `₦${Number((n / 1_000_000).toFixed(2))}m`;
  if (n >= 1_000) return `₦${Number((n / 1_000).toFixed(1))}k`;
  return naira(kobo);
}

const rangeOf = (b: PriceBand) => `${naira(b.lowKobo)}–${naira(b.highKobo)}`;

/** "Wedding musicians in Lagos are usually booked for ₦250,000–₦600,000". */
export function bandSentence(b: PriceBand): string {
  return `${b.eventType} musicians${b.state ? ` in ${b.state}` : ""} are usually booked for ${rangeOf(b)}`;
}

/** "Most Lagos wedding bookings: ₦250k–₦600k". */
export function bandHint(b: PriceBand): string {
  const where = b.state ? `${b.state} ` : "";
  return `Most ${where}${b.eventType.toLowerCase()} bookings: ${shortNaira(b.lowKobo)}–${shortNaira(b.highKobo)}`;
}

/** "₦250,000–₦600,000" (the Numbers page's "others are booked for"). */
export const bandRange = rangeOf;
