import { Link } from "react-router";
import { formatRating, NO_REVIEWS, reviewCountLabel } from "../rating";
import type { ProfileReviews } from "../review-lists.server";
import { ReviewCard } from "./review-card";
import { Stars } from "./stars";

function pageHref(page: number) {
  return page > 1 ? `?tab=reviews&reviewsPage=${page}` : "?tab=reviews";
}

/** The public profile's Reviews tab: the real average, criteria averages and published reviews. */
export function ProfileReviewsSection({
  data,
  reportSlot,
}: {
  data: ProfileReviews;
  reportSlot?: (reviewId: string) => React.ReactNode;
}) {
  const { summary } = data;
  if (summary.count === 0 || summary.average === null) {
    return (
      <section className="grid justify-items-center gap-2 rounded-lg border p-8 text-center">
        <h2 className="text-xl font-semibold">{NO_REVIEWS}</h2>
        <p className="max-w-md text-muted-foreground">
          Reviews appear here after completed bookings on Stagebook. Every review comes from a real booking.
        </p>
      </section>
    );
  }
  return (
    <section className="grid gap-6" aria-labelledby="reviews-heading">
      <div className="grid gap-4 rounded-lg border p-6 sm:grid-cols-[auto_1fr] sm:items-center">
        <div className="grid justify-items-center gap-1 text-center">
          <h2 id="reviews-heading" className="sr-only">
            Reviews
          </h2>
          <p className="text-4xl font-bold" data-testid="rating-average">
            {formatRating(summary.average)}
          </p>
          <Stars value={summary.average} />
          <p className="text-sm text-muted-foreground" data-testid="rating-count">
            Based on {reviewCountLabel(summary.count)}
          </p>
        </div>
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          {summary.criteria.map((c) => (
            <div key={c.name} className="flex justify-between gap-2 rounded bg-muted px-3 py-1.5">
              <dt>{c.label}</dt>
              <dd className="font-semibold">{formatRating(c.average)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ul className="grid gap-4">
        {data.reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard review={r}>{reportSlot?.(r.id)}</ReviewCard>
          </li>
        ))}
      </ul>
      {(data.page > 1 || data.hasNext) && (
        <nav aria-label="Reviews pages" className="flex justify-between gap-2">
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} preventScrollReset className="text-primary underline">
              Newer reviews
            </Link>
          ) : (
            <span />
          )}
          {data.hasNext && (
            <Link to={pageHref(data.page + 1)} preventScrollReset className="text-primary underline">
              Older reviews
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
