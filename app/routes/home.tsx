import { deferred } from "~/components/deferred";
import { getFeaturedArtists } from "~/features/marketplace/featured-artists.server";
import { LandingHero } from "~/features/site/components/landing-hero";
import { DEFAULT_DESCRIPTION, pageTitle } from "~/lib/nav";
import type { Route } from "./+types/home";

// Below the hero: each hydrates from its own chunk (ADR 0012).
const sections = () => import("~/features/site/components/landing-sections");
const BenefitTiles = deferred(() => sections().then((m) => m.BenefitTiles));
const CallToAction = deferred(() => sections().then((m) => m.CallToAction));
const MusicianCallout = deferred(() => sections().then((m) => m.MusicianCallout));
const FeaturedArtists = deferred(() =>
  import("~/features/marketplace/components/featured-artists").then((m) => m.FeaturedArtists),
);

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
