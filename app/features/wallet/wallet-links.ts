// Where a wallet history line's link goes (shared by the page and its tests; no server code).

/** The anchor of a member's gig on their Line-ups page. */
export const lineUpGigAnchor = (bookingId: string) => `gig-${bookingId}`;

/**
 * Where a wallet line's booking link goes for the wallet's owner (`slug`: their pages' slug); null: none.
 * A line-up member's line about a leader's booking (their fee, its payout) opens their own Line-ups page
 * at that gig: the leader's booking page is not theirs to read (issue 39).
 */
export function walletLineHref(
  line: { bookingSlug: string | null; lineUpGigId?: string },
  slug: string,
): string | null {
  if (line.lineUpGigId) return `/musician_lineups/${slug}#${lineUpGigAnchor(line.lineUpGigId)}`;
  return line.bookingSlug ? `/booking/${line.bookingSlug}` : null;
}
