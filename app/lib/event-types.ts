// One vocabulary for the kinds of event a musician plays (phone walk 2): the profile form offers these
// and nothing else, the /market filter lists the same words, and old free-text values ("Weddings",
// "Corporate events") were mapped onto them by migration 0026, whose SQL follows the same rules.
// Pure and small: the profile form and the market page both ship it.

/** The spec's event types (§ option lists), without "Others": a filter cannot look for "other". */
export const EVENT_TYPES = [
  "Wedding",
  "Birthday",
  "Corporate",
  "Cocktail",
  "Concert",
  "Award",
  "Gala",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Words that name each type, as their singular stems (matched after folding and de-pluralising). */
const KEYWORDS: [EventType, string[]][] = [
  ["Wedding", ["wedding", "marriage", "engagement"]],
  ["Birthday", ["birthday"]],
  ["Corporate", ["corporate", "company", "compan", "office", "conference", "business"]],
  ["Cocktail", ["cocktail"]],
  ["Concert", ["concert", "festival", "show"]],
  ["Award", ["award"]],
  ["Gala", ["gala"]],
];

/** Words that only say "an event" ("Corporate events", "Birthday parties"): dropped beside a type. */
export const EVENT_FILLER_WORDS = new Set([
  "event",
  "party",
  "part",
  "ceremony",
  "ceremon",
  "night",
  "dinner",
]);

/** Lower-case, accent-free (as the database's stagebook_fold()). */
function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * A search word's singular stem, kept a prefix of both forms so a substring match finds either:
 * "weddings" → "wedding", "churches" → "church", "parties" → "part" (in both "parties" and "party"),
 * "galas" → "gala". Words of three letters or fewer and "-ss" words stay.
 */
export function singularStem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 5) return word.slice(0, -3);
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The type one word names ("weddings" → Wedding), or null. */
export function eventTypeOfWord(word: string): EventType | null {
  const stem = singularStem(fold(word));
  for (const [type, words] of KEYWORDS) if (words.includes(stem)) return type;
  return null;
}

/** The type a free-text value names ("Corporate events" → Corporate, "Wedding receptions" → Wedding), or null. */
export function canonicalEventType(text: string): EventType | null {
  for (const word of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    const type = eventTypeOfWord(word);
    if (type) return type;
  }
  return null;
}
