import { CalendarFeedPanel } from "~/features/calendar/components/calendar-feed-panel";
import { ownFeedUrl } from "~/features/calendar/feed.server";
import { AddEventDialog } from "~/features/dashboard/components/add-event-dialog";
import { EventList } from "~/features/dashboard/components/event-list";
import { EventsCalendar } from "~/features/dashboard/components/events-calendar";
import { useLoadErrorToast } from "~/features/dashboard/components/use-load-error-toast";
import { monthParamSchema } from "~/features/performances/events.schema";
import { calendarMonth, monthBounds, resolveMonth } from "~/features/performances/events.server";
import { handleAddEvent } from "~/features/performances/events-action.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { lagosToday } from "~/lib/lagos-date";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-events";

export const meta = () => [{ title: pageTitle("Events") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const month = resolveMonth(monthParamSchema.parse(new URL(request.url).searchParams.get("month") ?? ""));
  const { prev, next } = monthBounds(month);
  const result = await calendarMonth(profile.id, month);
  return {
    slug: params.slug,
    today: lagosToday(),
    month,
    prev,
    next,
    entries: result.ok ? result.data.entries : [],
    loadError: result.ok ? null : result.message,
    calendarFeedUrl: await ownFeedUrl(profile.id),
  };
}

export function action({ request, params }: Route.ActionArgs) {
  return handleAddEvent(request, params.slug);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Events</h2>
        <AddEventDialog slug={loaderData.slug} today={loaderData.today} />
      </div>
      {loaderData.loadError && <p className="text-destructive">{loaderData.loadError}</p>}
      <EventsCalendar
        month={loaderData.month}
        prev={loaderData.prev}
        next={loaderData.next}
        today={loaderData.today}
        entries={loaderData.entries}
      />
      <section aria-labelledby="month-events" className="flex flex-col gap-3">
        <h2 id="month-events" className="text-lg font-semibold">
          This month
        </h2>
        <EventList entries={loaderData.entries} label="Events this month" empty="No events this month" />
      </section>
      <CalendarFeedPanel feedUrl={loaderData.calendarFeedUrl} slug={loaderData.slug} />
    </>
  );
}
