// Links to /market searches, apart from the schema (no zod in the browser) and from the option lists
// the schema is built on (so neither imports the other).
import type { MarketSearch } from "./search.schema";

/** The query string for a search, leaving out defaults so shared links stay short. */
export function marketSearchToParams(s: Partial<MarketSearch>): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set("q", s.q);
  if (s.genre) p.set("genre", s.genre);
  if (s.eventType) p.set("eventType", s.eventType);
  if (s.role) p.set("role", s.role);
  if (s.location) p.set("location", s.location);
  if (s.maxRate) p.set("maxRate", String(s.maxRate));
  if (s.date) p.set("date", s.date);
  if (s.sort && s.sort !== "relevance") p.set("sort", s.sort);
  if (s.find) p.set("find", s.find);
  if (s.page && s.page > 1) p.set("page", String(s.page));
  return p;
}
