import { Link } from "react-router";
import { imageSources, PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";

export interface FeaturedArtist {
  id: string;
  stageName: string;
  roles: string[];
  imageUrl: string;
  href: string;
}

/**
 * Landing page carousel of the day's five featured musicians: a CSS scroll-snap strip on phones and
 * a grid on wide screens, so it needs no script; images are lazy and sized.
 */
export function FeaturedArtists({ artists }: { artists: FeaturedArtist[] }) {
  return (
    <section aria-labelledby="featured-artists" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="featured-artists" className="text-2xl font-bold">
        Featured Artists
      </h2>
      {artists.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          Our first featured artists are being chosen. Check back soon.
        </p>
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
                    alt={a.stageName}
                    width={320}
                    height={320}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full bg-muted object-cover transition-transform group-hover:scale-105"
                  />
                  <div className="p-3">
                    <p className="truncate font-semibold">{a.stageName}</p>
                    <p className="truncate text-sm text-muted-foreground">{a.roles.join(", ")}</p>
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
