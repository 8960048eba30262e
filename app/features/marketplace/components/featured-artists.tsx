import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { imageSources, PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";
import { formatNairaWhole } from "~/lib/money";

export interface FeaturedArtist {
  id: string;
  stageName: string;
  roles: string[];
  imageUrl: string;
  location: string | null;
  hourlyRateKobo: number | null;
  href: string;
}

/** With no musician to feature yet, the space asks musicians to join rather than inventing any. */
function JoinInvitation() {
  return (
    <div className="mt-6 rounded-lg border border-dashed p-6 text-center">
      <p className="font-semibold">Be one of the first musicians on Stagebook</p>
      <p className="mx-auto mt-2 max-w-prose text-sm text-muted-foreground">
        Musicians with a photo and a live profile website are featured here for organisers planning weddings,
        parties and corporate events. Signing up is free.
      </p>
      <Link to="/register" className={buttonVariants({ className: "mt-4" })}>
        Join as Musician
      </Link>
    </div>
  );
}

/**
 * Landing page strip of the day's featured musicians: a CSS scroll-snap strip on phones and a grid
 * on wide screens, so it needs no script; images are lazy and sized.
 */
export function FeaturedArtists({ artists }: { artists: FeaturedArtist[] }) {
  return (
    <section aria-labelledby="featured-artists" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="featured-artists" className="text-2xl font-bold">
        Featured Artists
      </h2>
      {artists.length === 0 ? (
        <JoinInvitation />
      ) : (
        <ul
          aria-label="Featured artists"
          className="-mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 md:mx-0 md:grid md:grid-cols-5 md:overflow-visible md:px-0"
        >
          {artists.map((a) => {
            const img = imageSources(a.imageUrl, PROFILE_IMAGE_WIDTHS, "(min-width: 768px) 20vw, 66vw");
            return (
              <li key={a.id} className="w-[66%] shrink-0 snap-start sm:w-[40%] md:w-auto">
                <Link
                  to={a.href}
                  className="group block overflow-hidden rounded-lg border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <img
                    {...img}
                    alt=""
                    width={320}
                    height={320}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full bg-muted object-cover transition-transform group-hover:scale-105"
                  />
                  <div className="grid gap-0.5 p-3">
                    <p className="truncate font-semibold">{a.stageName}</p>
                    <p className="truncate text-sm text-muted-foreground">{a.roles.join(", ")}</p>
                    {a.location && <p className="truncate text-sm text-muted-foreground">{a.location}</p>}
                    {a.hourlyRateKobo !== null && (
                      <p className="text-sm font-medium">From {formatNairaWhole(a.hourlyRateKobo)}/hr</p>
                    )}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
