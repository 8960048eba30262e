// SMS in the GSM 03.38 7-bit alphabet (issue 30 §3): one character outside it (₦, an emoji, a Yoruba
// "ọ") turns the whole message into UCS-2, 70 characters a segment at double the price. Texts are built
// from the basic table only (the extension table's ^{}\[~]|€ cost two septets each), so a message's
// length in characters is its length in septets.

const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const basic = new Set(BASIC);

/** One SMS segment in GSM-7: 160 septets. */
export const SMS_MAX = 160;

/** Whether every character is in the GSM-7 basic table (so no UCS-2, one septet each). */
export function isGsm7Basic(text: string): boolean {
  for (const ch of text) if (!basic.has(ch)) return false;
  return true;
}

const REPLACEMENTS: [RegExp, string][] = [
  [/₦\s?/g, "NGN "],
  [/[‘’‚‛′`´]/g, "'"],
  [/[“”„‟″«»]/g, '"'],
  [/[‐‑‒–—―−]/g, "-"],
  [/…/g, "..."],
  [/[•·]/g, "*"],
  [/[[{]/g, "("],
  [/[\]}]/g, ")"],
  [/[\\|]/g, "/"],
  [/~/g, "-"],
  [/\^/g, ""],
  [/€/g, "EUR "],
  [/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, " "],
];

/**
 * Text typed by people (names, an event's own name) in GSM-7 basic characters: accents dropped
 * ("Adébáyọ̀" → "Adebayo"), ₦ → "NGN", typographic quotes and dashes plain, anything else left out.
 */
export function toGsm7(text: string): string {
  let out = text;
  for (const [re, to] of REPLACEMENTS) out = out.replace(re, to);
  // Letters with marks: keep the base letter (NFD splits "ọ" into "o" + a combining dot).
  out = out.normalize("NFD").replace(/\p{M}/gu, "");
  let kept = "";
  for (const ch of out) kept += basic.has(ch) ? ch : "";
  return kept.replace(/ {2,}/g, " ").trim();
}
