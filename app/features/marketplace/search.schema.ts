import { z } from "zod";
import { formText } from "~/lib/form-fields";
import { isCalendarDate } from "~/lib/lagos-date";
import { parseOptionalNaira } from "~/lib/naira";
import { NIGERIA_STATES } from "~/lib/nigeria-states";
import { canonicalRole } from "~/lib/role-spellings";
import { GENRE_OPTIONS, MARKET_EVENT_TYPES, MAX_PAGE } from "./search-options";

const oneOf = <T extends readonly string[]>(values: T) =>
  formText()
    .optional()
    .transform((v) => (v && (values as readonly string[]).includes(v) ? (v as T[number]) : null))
    .catch(null);

/**
 * The /market query string. Every field falls back to "not set" instead of failing, so a hand-edited
 * or stale shared link still shows results.
 */
export const marketSearchSchema = z.object({
  q: formText()
    .optional()
    .transform((v) => v?.replaceAll("\0", "").trim().replace(/\s+/g, " ").slice(0, 100) ?? "")
    .catch(""),
  genre: oneOf(GENRE_OPTIONS),
  eventType: oneOf(MARKET_EVENT_TYPES),
  // One of the roles, in any spelling the vocabulary knows (?role=drums is the Drummer filter).
  role: formText()
    .optional()
    .transform((v) => (v ? canonicalRole(v) : null))
    .catch(null),
  location: oneOf(NIGERIA_STATES),
  maxRate: formText()
    .optional()
    .transform((v) => {
      const r = parseOptionalNaira(v);
      return r.ok && r.kobo ? Math.max(1, Math.floor(r.kobo / 100)) : null;
    })
    .catch(null),
  date: formText()
    .optional()
    .transform((v) => (v && isCalendarDate(v) ? v : null))
    .catch(null),
  sort: z
    .enum(["relevance", "price", "newest", "rating", "record"])
    .optional()
    .transform((v) => v ?? "relevance")
    .catch("relevance"),
  // Reached from the dashboard's "Find collaborators": the page leads with the Role filter.
  find: z
    .literal("collaborators")
    .optional()
    .transform((v) => v ?? null)
    .catch(null),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().default(1).catch(1),
});

export type MarketSearch = z.infer<typeof marketSearchSchema>;

export function parseMarketSearch(params: URLSearchParams): MarketSearch {
  return marketSearchSchema.parse(Object.fromEntries(params));
}

/** The message for a maximum rate that could not be read (the search then ignores it). */
export function maxRateError(params: URLSearchParams): string | null {
  const r = parseOptionalNaira(params.get("maxRate"));
  return r.ok ? null : r.error;
}
