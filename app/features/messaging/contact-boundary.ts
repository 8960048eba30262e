// Issue 36 §1: the one boundary between text one person typed and another person reading it (a page,
// a PDF, a calendar file, an e-mail, a text). A row reaches a reader through `shownTo`, with a table
// naming how each of its text fields may be read; the table's type lists every text field of the row,
// so a field added to a query and not named here is a type error, not a leak found in review.
import { maskContactDetails } from "./contact-mask";
import { contactsShared } from "./contact-shared";

/** The keys of `T` whose values are text or lists of text. */
type TextKeys<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string | readonly string[] ? K : never;
}[keyof T];

/**
 * How each text field of a row may reach another person:
 * - `typed`: a person typed it; contact details in it are masked until the booking is paid;
 * - `contact`: a phone number or e-mail address; withheld (null) until the booking is paid;
 * - `ours`: the system wrote it (ids, slugs, statuses, option values, dates, addresses we built).
 */
export type TextFields<T> = { readonly [K in TextKeys<T>]-?: "typed" | "contact" | "ours" };

/**
 * Who is reading, as far as contact details go: the public (a profile, /market, a review: before
 * payment for everyone), the other side of a booking in its money state, or "band": a band leader and
 * a musician who agreed to play in their line-up, reading each other (issue 39 §3: no masking between
 * two musicians working together; ADR 0034).
 */
export type Reader = "public" | "band" | { paymentStatus: string | null | undefined };

/** Whether this reader may see contact details. */
export function seesContacts(reader: Reader): boolean {
  if (reader === "band") return true;
  return reader !== "public" && contactsShared(reader.paymentStatus);
}

declare const shownBrand: unique symbol;
/**
 * Text that has passed the boundary: produced only by this module's functions (and `publicText`), so
 * a builder of an e-mail, a text, a calendar file or a PDF that takes `Shown` for a slot where a name,
 * a venue, "Others", notes or a message goes refuses a raw `string` from a row at compile time.
 */
export type Shown = string & { readonly [shownBrand]: true };

/** A value once through the boundary: its text (a literal union keeps its members), lists of text. */
export type ShownValue<V> = V extends string
  ? V & Shown
  : V extends readonly (infer E)[]
    ? E extends string
      ? (E & Shown)[]
      : V
    : V;
/** A row once through the boundary: every text field (typed, contact or ours) branded `Shown`. */
export type ShownRow<T> = { [K in keyof T]: K extends TextKeys<T> ? ShownValue<T[K]> : T[K] };

/**
 * Words we wrote (fixed copy, option labels, formatted dates and money, links we built), never text
 * a person typed: passed as they are. Reaching for this with a row's typed field is the mistake the
 * type exists to catch, so it takes a literal-free call site that a reviewer can grep for.
 */
export function ourWords<T extends string | null | undefined>(text: T): ShownValue<T> {
  return text as ShownValue<T>;
}

/** Text read by the person who typed it (a musician's own events in their own feed): nothing to mask. */
export function readByAuthor<T extends string | null | undefined>(text: T): ShownValue<T> {
  return text as ShownValue<T>;
}

/**
 * A piece of a sentence or an e-mail: `Shown` text, a number, or a string literal written in our code
 * ("", "— Stagebook", `flag ? "a" : "b"`). A `string` (a row's field, a template with a `string` hole)
 * is not a literal and becomes `Shown` here, so it no longer matches the argument and does not compile.
 */
type OurPiece<V> = V extends Shown | number
  ? V
  : Record<never, never> extends Record<V & string, 1>
    ? Shown
    : V;
type OurPieces<T extends readonly unknown[]> = { [K in keyof T]: OurPiece<T[K]> };

/**
 * A sentence of our words around values that have passed the boundary (or numbers, or literals):
 * sentence`Booking for ${name}`. The template's words are ours; a raw string in a slot does not compile.
 */
export function sentence<const T extends readonly (string | number)[]>(
  words: TemplateStringsArray,
  ...values: T & OurPieces<T>
): Shown {
  return words.reduce(
    (out, word, i) => out + word + (i < values.length ? String(values[i]) : ""),
    "",
  ) as Shown;
}

/** The `Shown` pieces given (empty ones left out), joined by one of our separators. */
export function joined(parts: readonly (Shown | null | undefined)[], separator: " · " | ", " | " "): Shown {
  return parts.filter(Boolean).join(separator) as Shown;
}

/** Lines of an e-mail (each `Shown` or a literal, as in `sentence`), joined by newlines. */
export function lines<const T extends readonly string[]>(...parts: T & OurPieces<T>): Shown {
  return parts.join("\n") as Shown;
}

const masked = (text: string) => maskContactDetails(text).text;

/** The row as `reader` may see it: typed fields masked and contact fields withheld until paid. */
export function shownTo<T extends object>(row: T, fields: TextFields<T>, reader: Reader): ShownRow<T> {
  if (seesContacts(reader)) return row as ShownRow<T>;
  const out = { ...row } as Record<string, unknown>;
  for (const [key, kind] of Object.entries(fields) as [string, "typed" | "contact" | "ours"][]) {
    const value = out[key];
    if (value === null || value === undefined || kind === "ours") continue;
    if (kind === "contact") out[key] = null;
    else if (typeof value === "string") out[key] = masked(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === "string" ? masked(v) : v));
  }
  return out as ShownRow<T>;
}

/** Each row of a list as `reader` may see it. */
export function allShownTo<T extends object>(
  rows: readonly T[],
  fields: TextFields<T>,
  reader: Reader,
): ShownRow<T>[] {
  return rows.map((r) => shownTo(r, fields, reader));
}

/** One piece of typed text as `reader` may see it. */
export function textShownTo<T extends string | null | undefined>(text: T, reader: Reader): ShownValue<T> {
  return (text && !seesContacts(reader) ? masked(text) : text) as ShownValue<T>;
}
