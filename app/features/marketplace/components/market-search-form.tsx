import { SearchIcon, SlidersHorizontalIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Form } from "react-router";
import { deferred } from "~/components/deferred";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/features/bookings/components/use-hydrated";
import { cn } from "~/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import type { MarketSearch } from "../search.schema";

// The filter fields: plain form fields until their own chunk hydrates them (ADR 0012); the search box,
// the page's first action, is in the first chunk.
const MarketFilterFields = deferred(() => import("./market-filter-fields").then((m) => m.MarketFilterFields));
// On a phone the sheet, and the fields in it, are rendered from their chunks on its first opening.
const NativeDialog = lazy(() =>
  import("~/components/ui/native-dialog").then((m) => ({ default: m.NativeDialog })),
);

/** How many filters (not the text search, not the order) narrow the results: the "Filters (n)" count. */
export function activeFilterCount(search: MarketSearch): number {
  return [search.genre, search.role, search.eventType, search.location, search.maxRate, search.date].filter(
    Boolean,
  ).length;
}

/**
 * A plain GET form: the filters live in the URL, so a search can be shared and works without JavaScript.
 * On a phone the search box stays on the first screen and the filters sit behind "Filters (n)": a
 * native <dialog> sheet once the page's JavaScript runs, a <details> before (or without) it. Applying
 * the filters moves the view to the results (#results).
 */
export function MarketSearchForm({
  search,
  today,
  maxRateError,
}: {
  search: MarketSearch;
  today: string;
  maxRateError?: string | null;
}) {
  const hydrated = useHydrated();
  const phone = useMediaQuery(PHONE_QUERY);
  // A rate the server could not read opens the sheet on it; so does "Find collaborators" until a role
  // is chosen (the sheet leads with Role).
  const [sheetOpen, setSheetOpen] = useState(
    Boolean(maxRateError) || (search.find === "collaborators" && !search.role),
  );
  const [sheetOpened, setSheetOpened] = useState(sheetOpen);
  const filtersLabel = `Filters (${activeFilterCount(search)})`;
  const filters = <MarketFilterFields search={search} today={today} maxRateError={maxRateError} />;
  return (
    <Form
      method="get"
      action="/market"
      role="search"
      aria-label="Find musicians"
      onSubmit={() => setSheetOpen(false)}
      className="grid gap-3 rounded-lg border p-3 md:gap-4 md:p-4"
    >
      {search.find && <input type="hidden" name="find" value={search.find} />}
      <div className="grid gap-2">
        <Label htmlFor="q">Search by name, genre or role</Label>
        <div className="flex gap-2">
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={search.q}
            placeholder="e.g. Afrobeats, saxophonist, Tunde"
            maxLength={100}
          />
          <Button type="submit">
            <SearchIcon aria-hidden />
            Search
          </Button>
        </div>
      </div>
      {hydrated && phone ? (
        <>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            aria-haspopup="dialog"
            onClick={() => {
              setSheetOpened(true);
              setSheetOpen(true);
            }}
          >
            <SlidersHorizontalIcon aria-hidden />
            {filtersLabel}
          </Button>
          {sheetOpened && (
            <Suspense fallback={null}>
              <NativeDialog
                open={sheetOpen}
                onOpenChange={setSheetOpen}
                label="Filters"
                className="mx-0 mb-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-xl"
              >
                <h2 className="mb-4 text-lg font-semibold">Filters</h2>
                {filters}
              </NativeDialog>
            </Suspense>
          )}
        </>
      ) : (
        // Before JavaScript: a disclosure on a phone; always open from `md` up.
        <details
          open={hydrated || sheetOpen || undefined}
          className="group md:[&::details-content]:[content-visibility:visible]"
        >
          <summary
            className={cn(
              "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-input px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
              "md:supports-[selector(::details-content)]:hidden",
            )}
          >
            <SlidersHorizontalIcon aria-hidden className="size-4" />
            {filtersLabel}
          </summary>
          <div className="mt-3 md:mt-0">{filters}</div>
        </details>
      )}
    </Form>
  );
}
