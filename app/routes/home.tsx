import { FeaturedArtists } from "~/features/marketplace/components/featured-artists";
import { getFeaturedArtists } from "~/features/marketplace/featured-artists.server";
import {
  BenefitTiles,
  CallToAction,
  LandingHero,
  MusicianCallout,
} from "~/features/site/components/landing-sections";
import { DEFAULT_DESCRIPTION, pageTitle } from "~/lib/nav";
import type { Route } from "./+types/home";

export const meta = () => [{ title: pageTitle() }, { name: "description", content: DEFAULT_DESCRIPTION }];

export async function loader() {
  return { artists: await getFeaturedArtists() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <LandingHero />
      <BenefitTiles />
      <FeaturedArtists artists={loaderData.artists} />
      <CallToAction />
      <MusicianCallout />
    </main>
  );
}
