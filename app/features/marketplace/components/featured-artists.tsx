export interface FeaturedArtist {
  id: string;
  stageName: string;
  roles: string[];
  imageUrl: string;
  href: string;
}

/** Landing page carousel of the day's five featured musicians. */
export function FeaturedArtists({ artists }: { artists: FeaturedArtist[] }) {
  return (
    <section aria-labelledby="featured-artists" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="featured-artists" className="text-2xl font-bold">
        Featured Artists
      </h2>
      {artists.length === 0 && (
        <p className="mt-4 text-muted-foreground">
          Our first featured artists are being chosen. Check back soon.
        </p>
      )}
    </section>
  );
}
