// Rating arithmetic shared by the server (aggregates) and the pages (labels). No server imports.

/**
 * Bayesian average: every musician starts with PRIOR_WEIGHT imaginary reviews of PRIOR_MEAN stars, so
 * one 5-star review (score 3.75) does not outrank forty 4.8s (score 4.66). The same constants are in
 * the SQL that maintains musician_profiles.rating_score.
 */
export const PRIOR_MEAN = 3.5;
export const PRIOR_WEIGHT = 5;

export function bayesianScore(count: number, sum: number): number {
  if (count === 0) return 0;
  return (PRIOR_MEAN * PRIOR_WEIGHT + sum) / (PRIOR_WEIGHT + count);
}

/** "4.8" — one decimal, as ratings are shown everywhere. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}

export const NO_REVIEWS = "No reviews yet";
export const REVIEW_WINDOW_DAYS = 14;
export const REPLY_EDIT_HOURS = 48;
export const REVIEWS_PAGE_SIZE = 10;

export const CLIENT_CRITERIA = [
  { name: "satisfaction", label: "Satisfaction" },
  { name: "professionalism", label: "Professionalism" },
  { name: "communication", label: "Communication" },
  { name: "punctuality", label: "Punctuality" },
] as const;

export type Criterion = (typeof CLIENT_CRITERIA)[number]["name"];

/** Photos from the event on one client review (the reviews table's CHECK allows no more). */
export const MAX_REVIEW_PHOTOS = 4;

export type OrganiserReputation =
  | { kind: "new-client" }
  | { kind: "organiser"; average: number | null; reviewCount: number; completedBookings: number };

/**
 * "★ 4.7 from 3 musicians · 5 completed bookings"; an organiser with neither reviews nor completed
 * bookings, or a client without an account, is a "New client".
 */
export function organiserReputationLabel(rep: OrganiserReputation): string {
  if (rep.kind === "new-client") return "New client";
  const completed = `${rep.completedBookings} completed ${rep.completedBookings === 1 ? "booking" : "bookings"}`;
  if (rep.reviewCount > 0 && rep.average !== null) {
    const from = `${rep.reviewCount} ${rep.reviewCount === 1 ? "musician" : "musicians"}`;
    return `★ ${formatRating(rep.average)} from ${from} · ${completed}`;
  }
  return rep.completedBookings > 0 ? `No reviews from musicians yet · ${completed}` : "New client";
}
