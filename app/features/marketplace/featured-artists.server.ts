import type { FeaturedArtist } from "./components/featured-artists";

/** The day's five featured musicians for the landing page (the profiles feature fills this in). */
export async function getFeaturedArtists(): Promise<FeaturedArtist[]> {
  return [];
}
