import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { listFeaturedProfiles } from "~/features/profiles/profile.server";
import type { FeaturedArtist } from "./components/featured-artists";
import { SAMPLE_ARTISTS } from "./featured-artists.samples";

export const FEATURED_COUNT = 5;

export function lagosDay(now: Date = new Date()): string {
  return format(new TZDate(now, "Africa/Lagos"), "yyyy-MM-dd");
}

// The pick only changes at Lagos midnight; a short per-process memo spares the database on a busy
// landing page while letting a newly qualified musician appear within minutes.
const MEMO_MS = 5 * 60_000;
let memo: { day: string; at: number; artists: FeaturedArtist[] } | undefined;

/**
 * The day's five featured musicians: active websites with an image, a stage name and roles, in an
 * order fixed for the whole Lagos day and the same for every visitor (ARCHITECTURE §9), padded with
 * the sample artists (which link to /musicians) when fewer qualify.
 */
export async function getFeaturedArtists(now: Date = new Date()): Promise<FeaturedArtist[]> {
  const day = lagosDay(now);
  if (memo && memo.day === day && Date.now() - memo.at < MEMO_MS) return memo.artists;
  const real = await listFeaturedProfiles(day, FEATURED_COUNT);
  const artists: FeaturedArtist[] = real.map((r) => ({
    id: r.id,
    stageName: r.stageName,
    roles: r.roles,
    imageUrl: r.imageUrl,
    href: `/musicians/${r.slug}`,
  }));
  for (const sample of SAMPLE_ARTISTS) {
    if (artists.length >= FEATURED_COUNT) break;
    artists.push(sample);
  }
  memo = { day, at: Date.now(), artists };
  return artists;
}

/** For tests: forget the memo so a new pick is made. */
export function resetFeaturedArtistsMemo(): void {
  memo = undefined;
}
