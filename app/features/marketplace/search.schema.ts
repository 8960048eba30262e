import { z } from "zod";
import { isCalendarDate } from "~/lib/lagos-date";
import { NIGERIA_STATES } from "~/lib/nigeria-states";

export const GENRE_OPTIONS = [
  "Afrobeats",
  "Highlife",
  "Jùjú",
  "Fuji",
  "Gospel",
  "Apala",
  "Afro-jazz",
  "Amapiano",
  "Hip-hop",
  "R&B",
  "Jazz",
  "Reggae",
  "Soul",
  "Classical",
  "Traditional",
] as const;

export const MARKET_EVENT_TYPES = [
  "Wedding",
  "Birthday",
  "Corporate",
  "Cocktail",
  "Concert",
  "Award",
  "Gala",
] as const;

export const SORT_OPTIONS = [
  { value: "relevance", label: "Relevance" },
  { value: "price", label: "Price: low to high" },
  { value: "newest", label: "Newest" },
] as const;

export const PAGE_SIZE = 12;
/** Deep offsets cost a scan of every row before them; nobody browses past this by hand. */
export const MAX_PAGE = 100;

const oneOf = <T extends readonly string[]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => (v && (values as readonly string[]).includes(v) ? (v as T[number]) : null))
    .catch(null);

/**
 * The /market query string. Every field falls back to "not set" instead of failing, so a hand-edited
 * or stale shared link still shows results.
 */
export const marketSearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => v?.replaceAll("\0", "").trim().replace(/\s+/g, " ").slice(0, 100) ?? "")
    .catch(""),
  genre: oneOf(GENRE_OPTIONS),
  eventType: oneOf(MARKET_EVENT_TYPES),
  location: oneOf(NIGERIA_STATES),
  maxRate: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number((v ?? "").replace(/[₦,\s]/g, ""));
      return v && Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 100_000_000) : null;
    })
    .catch(null),
  date: z
    .string()
    .optional()
    .transform((v) => (v && isCalendarDate(v) ? v : null))
    .catch(null),
  sort: z
    .enum(["relevance", "price", "newest"])
    .optional()
    .transform((v) => v ?? "relevance")
    .catch("relevance"),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().default(1).catch(1),
});

export type MarketSearch = z.infer<typeof marketSearchSchema>;

export function parseMarketSearch(params: URLSearchParams): MarketSearch {
  return marketSearchSchema.parse(Object.fromEntries(params));
}

/** The query string for a search, leaving out defaults so shared links stay short. */
export function marketSearchToParams(s: Partial<MarketSearch>): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set("q", s.q);
  if (s.genre) p.set("genre", s.genre);
  if (s.eventType) p.set("eventType", s.eventType);
  if (s.location) p.set("location", s.location);
  if (s.maxRate) p.set("maxRate", String(s.maxRate));
  if (s.date) p.set("date", s.date);
  if (s.sort && s.sort !== "relevance") p.set("sort", s.sort);
  if (s.page && s.page > 1) p.set("page", String(s.page));
  return p;
}
