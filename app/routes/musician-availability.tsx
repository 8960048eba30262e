import { AVAILABILITY_SPAN_DAYS } from "~/features/availability/availability.schema";
import {
  ownUpcomingAvailability,
  selectableRange,
  usualHours,
} from "~/features/availability/availability.server";
import { handleAvailabilityAction } from "~/features/availability/availability-action.server";
import { AvailabilityForm } from "~/features/availability/components/availability-form";
import { AvailabilityList } from "~/features/availability/components/availability-list";
import { ownUnavailableDates } from "~/features/calendar/busy-dates.server";
import { CalendarFeedPanel } from "~/features/calendar/components/calendar-feed-panel";
import { UnavailableDates } from "~/features/calendar/components/unavailable-dates";
import { ownFeedUrl } from "~/features/calendar/feed.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/musician-availability";

export const meta = () => [{ title: pageTitle("Availability") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const range = selectableRange();
  const [blocks, unavailable, hours, calendarFeedUrl] = await Promise.all([
    ownUpcomingAvailability(profile.id),
    ownUnavailableDates(profile.id),
    usualHours(profile.id),
    ownFeedUrl(profile.id),
  ]);
  return { ...range, blocks, unavailable, hours, slug: params.slug, calendarFeedUrl };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleAvailabilityAction(request, params.slug);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  const resetKey = actionData?.saved ?? 0;
  return (
    <>
      <div>
        <h2 className="text-xl font-semibold">Availability</h2>
        <p className="text-sm text-muted-foreground">
          Mark the days you can perform in the next {AVAILABILITY_SPAN_DAYS} days. Organisers see them on your
          public profile.
        </p>
      </div>
      <section aria-label="Set availability" className="rounded-lg border p-4">
        <AvailabilityForm
          key={resetKey}
          from={loaderData.from}
          to={loaderData.to}
          savedDates={loaderData.blocks.map((b) => b.date)}
          usualHours={loaderData.hours}
          errors={errors}
        />
      </section>
      <section aria-labelledby="saved-availability" className="flex flex-col gap-3">
        <h2 id="saved-availability" className="text-lg font-semibold">
          Your upcoming availability
        </h2>
        <AvailabilityList blocks={loaderData.blocks} />
      </section>
      <UnavailableDates slug={loaderData.slug} from={loaderData.from} rows={loaderData.unavailable} />
      <CalendarFeedPanel
        feedUrl={loaderData.calendarFeedUrl}
        slug={loaderData.slug}
        returnTo="availability"
      />
    </>
  );
}
