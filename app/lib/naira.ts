// One parser for every money field: people write naira as "150000", "150,000", "₦150,000",
// "150 000", "N150,000", "#150,000" (the keyboard stand-in for ₦), "150k", with or without kobo.
// Amounts are integer kobo everywhere after this point. No zod here: public pages import this and
// stay light; the zod fields built on it are in form-fields.ts.

export const NAIRA_ERROR = "Enter an amount in naira, e.g. 150,000";
/** ₦1,000,000,000: larger amounts are typing mistakes, and stay far inside safe integers. */
export const MAX_NAIRA_KOBO = 100_000_000_000;

export type NairaResult = { ok: true; kobo: number } | { ok: false; error: string };
export type OptionalNairaResult = { ok: true; kobo: number | null } | { ok: false; error: string };
export type NairaLimits = { minKobo?: number; maxKobo?: number };

const grouped = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** "₦150,000" for whole naira, "₦150,000.50" when there are kobo: what a field shows after typing. */
export function formatNairaAmount(kobo: number): string {
  const naira = kobo / 100;
  return `₦${kobo % 100 === 0 ? grouped.format(naira) : twoDecimals.format(naira)}`;
}

// Any kind of space a phone keyboard or a paste can produce (NBSP, thin and narrow spaces).
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g;
// The integer part: plain digits, or groups of three after the first separated by "," or a space.
const AMOUNT = /^(\d+|\d{1,3}(?:[, ]\d{3})+)(?:\.(\d{1,2}))?(k|m)?$/;

/** Text as typed → integer kobo, or the message to show beside the field. Empty is an error. */
export function parseNaira(text: string | null | undefined, limits: NairaLimits = {}): NairaResult {
  const r = parseOptionalNaira(text, limits);
  if (!r.ok) return r;
  return r.kobo === null ? { ok: false, error: NAIRA_ERROR } : { ok: true, kobo: r.kobo };
}

/** Like parseNaira, but an empty field is "not given" (kobo null) rather than an error. */
export function parseOptionalNaira(
  text: string | null | undefined,
  { minKobo = 0, maxKobo = MAX_NAIRA_KOBO }: NairaLimits = {},
): OptionalNairaResult {
  const compact = (text ?? "").normalize("NFKC").replace(SPACES, " ").trim().toLowerCase();
  if (compact === "") return { ok: true, kobo: null };
  const amount = compact
    .replace(/^(₦|ngn|n|#)\s?/, "")
    .replace(/\s?(naira|ngn)$/, "")
    .replace(/\s?([km])$/, "$1");
  const match = AMOUNT.exec(amount);
  if (!match) return { ok: false, error: NAIRA_ERROR };
  const [, whole = "", fraction = "", suffix] = match;
  const multiplier = suffix === "m" ? 1_000_000 : suffix === "k" ? 1_000 : 1;
  const digits = whole.replace(/[, ]/g, "");
  if (digits.length > 13) return { ok: false, error: tooLarge(maxKobo) };
  // Work in kobo with integers only: "1.5k" is 150,000 kobo × 1,000 / 100 without float drift.
  const kobo = (Number(digits) * 100 + Number(fraction.padEnd(2, "0"))) * multiplier;
  if (!Number.isSafeInteger(kobo) || kobo > maxKobo) return { ok: false, error: tooLarge(maxKobo) };
  if (kobo < minKobo)
    return {
      ok: false,
      error: minKobo <= 100 ? NAIRA_ERROR : `Enter at least ${formatNairaAmount(minKobo)}`,
    };
  return { ok: true, kobo };
}

function tooLarge(maxKobo: number): string {
  return `Enter an amount up to ${formatNairaAmount(maxKobo)}`;
}
