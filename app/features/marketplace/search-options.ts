// The /market option lists and link builder, apart from the zod schema so the page's browser code
// does not pull in zod just to list genres.
import type { MarketSearch } from "./search.schema";

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
