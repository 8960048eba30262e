import { MapPinIcon, MusicIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RatingBadge } from "~/features/reviews/components/rating-badge";
import type { MarketSearch } from "../search.schema";
import type { MarketCard, MarketResults } from "../search.server";
import { marketSearchToParams } from "../search-link";

function MusicianCard({ card, record }: { card: MarketCard; record?: string }) {
  return (
    <li>
      <Link
        to={card.href}
        className="flex h-full gap-4 rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div className="size-20 shrink-0 overflow-hidden rounded-full bg-muted">
          {card.imageUrl ? (
            <img
              src={card.imageUrl}
              alt=""
              width={80}
              height={80}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <MusicIcon aria-hidden className="m-auto mt-6 size-8 text-muted-foreground" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="truncate font-semibold">{card.name}</h3>
          {card.roles.length > 0 && (
            <p className="truncate text-sm text-muted-foreground">{card.roles.join(", ")}</p>
          )}
          {card.location && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPinIcon aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{card.location}</span>
            </p>
          )}
          <RatingBadge average={card.ratingAverage} count={card.ratingCount} />
          {record && (
            <p className="text-xs text-muted-foreground" data-testid="public-record">
              {record}
            </p>
          )}
          <p className="text-sm font-medium">
            {card.rate ? `Starting from ${card.rate}/hr` : "Rate on request"}
          </p>
          {card.genres.length > 0 && (
            <div className="flex flex-wrap gap-1">
              {card.genres.slice(0, 3).map((g) => (
                <Badge key={g} variant="secondary">
                  {g}
                </Badge>
              ))}
            </div>
          )}
        </div>
      </Link>
    </li>
  );
}

function musicianCount(n: number): string {
  return `${n.toLocaleString("en-NG")} ${n === 1 ? "musician" : "musicians"}`;
}

function pageHref(search: MarketSearch, page: number): string {
  const qs = marketSearchToParams({ ...search, page }).toString();
  return qs ? `/market?${qs}` : "/market";
}

export function MarketResultsView({
  results,
  search,
  records,
}: {
  results: MarketResults;
  search: MarketSearch;
  /** Each musician's public record (issue 38), by id, for those who have one to show. */
  records?: Record<string, string>;
}) {
  if (results.failed) {
    return (
      <p role="alert" className="rounded-lg border border-destructive p-6 text-center text-destructive">
        Search is not available right now. Please try again.
      </p>
    );
  }
  if (results.cards.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">No musicians match your search</p>
        <p className="mt-1 text-sm text-muted-foreground">Try fewer filters or a different spelling.</p>
        <Button asChild variant="link">
          <Link to={search.find ? `/market?find=${search.find}` : "/market"}>Clear filters</Link>
        </Button>
      </div>
    );
  }
  const first = results.first;
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {results.correctedQuery && (
          <>
            No matches for “{search.q}”. Showing results for “{results.correctedQuery}”.{" "}
          </>
        )}
        {results.total !== null && (
          <>
            <span className="font-medium text-foreground">{musicianCount(results.total)}</span> ·{" "}
          </>
        )}
        Showing musicians {first}–{first + results.cards.length - 1}
      </p>
      <ul aria-label="Musicians" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {results.cards.map((c) => (
          <MusicianCard key={c.id} card={c} record={records?.[c.id]} />
        ))}
      </ul>
      {(results.page > 1 || results.hasNext) && (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
          {results.page > 1 ? (
            <Button asChild variant="outline">
              <Link to={pageHref(search, results.page - 1)} rel="prev">
                Previous
              </Link>
            </Button>
          ) : (
            <Button variant="outline" disabled>
              Previous
            </Button>
          )}
          <span className="text-sm">Page {results.page}</span>
          {results.hasNext ? (
            <Button asChild variant="outline">
              <Link to={pageHref(search, results.page + 1)} rel="next">
                Next
              </Link>
            </Button>
          ) : (
            <Button variant="outline" disabled>
              Next
            </Button>
          )}
        </nav>
      )}
    </div>
  );
}
