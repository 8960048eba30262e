// The /market option lists, apart from the zod schema so the page's browser code does not pull in
// zod just to list genres.
import { EVENT_TYPES } from "~/lib/event-types";

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

/** The profile form's list: one vocabulary (phone walk 2). */
export const MARKET_EVENT_TYPES = EVENT_TYPES;

export const SORT_OPTIONS = [
  { value: "relevance", label: "Relevance" },
  { value: "price", label: "Price: low to high" },
  { value: "newest", label: "Newest" },
  { value: "rating", label: "Rating" },
  { value: "record", label: "Track record" },
] as const;

export const PAGE_SIZE = 12;
/** Deep offsets cost a scan of every row before them; nobody browses past this by hand. */
export const MAX_PAGE = 100;
