import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { listFeaturedProfiles } from "~/features/profiles/profile.server";
import type { FeaturedArtist } from "./components/featured-artists";

export const FEATURED_COUNT = 5;

export function lagosDay(now: Date = new Date()): string {
  return format(new TZDate(now, "Africa/Lagos"), "yyyy-MM-dd");
}

/**
 * The day's featured musicians (at most five): real musicians with an active website, an image, a
 * stage name and roles, in an order fixed for the whole Lagos day and the same for every visitor
 * (ARCHITECTURE §9). Never padded with invented artists: with none, the page invites musicians to
 * join instead. The order comes from the database (md5 of id and day), so every process agrees
 * without a shared cache, and a musician who qualifies today can be picked at once.
 */
export async function getFeaturedArtists(now: Date = new Date()): Promise<FeaturedArtist[]> {
  const real = await listFeaturedProfiles(lagosDay(now), FEATURED_COUNT);
  return real.map((r) => ({
    id: r.id,
    stageName: r.stageName,
    roles: r.roles,
    imageUrl: r.imageUrl,
    location: r.location?.trim() || null,
    hourlyRateKobo: r.hourlyRateKobo,
    href: `/musicians/${r.slug}`,
  }));
}
