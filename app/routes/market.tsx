import { data } from "react-router";
import { deferred } from "~/components/deferred";
import { MarketSearchForm } from "~/features/marketplace/components/market-search-form";
import type { WaitlistActionData } from "~/features/marketplace/components/waitlist-form";
import { maxRateError, parseMarketSearch } from "~/features/marketplace/search.schema";
import { searchMarket } from "~/features/marketplace/search.server";
import { waitlistSchema } from "~/features/marketplace/waitlist.schema";
import { joinWaitlist } from "~/features/marketplace/waitlist.server";
import { priceBandFor, publicRecordsOf } from "~/features/numbers/numbers.server";
import { bandSentence } from "~/features/numbers/price-band";
import { publicRecordText } from "~/features/numbers/public-record";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { lagosToday } from "~/lib/lagos-date";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import { idempotent } from "~/server/idempotency.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/market";

// Below the search form, the page's first action: each hydrates from its own chunk (ADR 0012).
const MarketResultsView = deferred(() =>
  import("~/features/marketplace/components/market-results").then((m) => m.MarketResultsView),
);
const WaitlistForm = deferred(() =>
  import("~/features/marketplace/components/waitlist-form").then((m) => m.WaitlistForm),
);

export const meta = () => [
  { title: pageTitle("Find Musicians") },
  {
    name: "description",
    content: "Find and book live musicians in Nigeria by genre, role, event type, location, rate and date.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = parseMarketSearch(params);
  const [results, band] = await Promise.all([
    searchMarket(search),
    // What musicians charge (issue 38): only once an event type is chosen, only with enough bookings.
    priceBandFor(search.eventType, search.location),
  ]);
  const records = await publicRecordsOf(results.cards.map((c) => c.id));
  return {
    search,
    maxRateError: maxRateError(params),
    results,
    records: Object.fromEntries([...records].map(([id, r]) => [id, publicRecordText(r)])),
    band: band ? bandSentence(band) : null,
    today: lagosToday(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = formToObject(await readForm(request));
  const parsed = waitlistSchema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<WaitlistActionData>(
      { errors, toast: { type: "error", message: Object.values(errors)[0] ?? "" } },
      { status: 400 },
    );
  }
  return idempotent({ action: "waitlist", fields: form }, async () => {
    const result = await joinWaitlist(parsed.data, context.clientIp);
    return data<WaitlistActionData>(
      { ok: result.ok, toast: { type: result.ok ? "success" : "error", message: result.message } },
      { status: result.status },
    );
  });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  // Reached from the dashboard's "Find collaborators" (issue 39): the recruitment page's promise, in its words.
  const collaborators = loaderData.search.find === "collaborators";
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 md:gap-6 md:py-8">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">
          {collaborators ? "Find collaborators" : "Find Musicians"}
        </h1>
        {collaborators ? (
          <p className="text-sm text-muted-foreground sm:text-base">
            Search the market for backing vocalists, drummers, horn players and DJs to fill out your line-up
            for bigger events.
          </p>
        ) : (
          <p className="hidden text-muted-foreground sm:block">
            Search live musicians across Nigeria by name, genre or role, and narrow by event, location, rate
            and date.
          </p>
        )}
      </div>
      <MarketSearchForm
        key={JSON.stringify(loaderData.search)}
        search={loaderData.search}
        today={loaderData.today}
        maxRateError={loaderData.maxRateError}
      />
      {/* "Apply filters" lands here (#results), so a phone shows the results, not the form. */}
      <section id="results" aria-label="Results" className="scroll-mt-20">
        {loaderData.band && (
          <p
            className="mb-3 rounded-md bg-secondary p-3 text-sm text-secondary-foreground"
            data-testid="price-band"
          >
            {loaderData.band}
          </p>
        )}
        <MarketResultsView
          results={loaderData.results}
          search={loaderData.search}
          records={loaderData.records}
        />
      </section>
      {(actionData || (!loaderData.results.failed && loaderData.results.cards.length === 0)) && (
        <WaitlistForm result={actionData} />
      )}
    </main>
  );
}
