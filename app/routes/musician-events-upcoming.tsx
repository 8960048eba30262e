import { AddEventDialog } from "~/features/dashboard/components/add-event-dialog";
import { EventList } from "~/features/dashboard/components/event-list";
import { useLoadErrorToast } from "~/features/dashboard/components/use-load-error-toast";
import { upcomingEvents } from "~/features/performances/events.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { lagosToday } from "~/lib/lagos-date";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-events-upcoming";

export const meta = () => [{ title: pageTitle("Upcoming Events") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const result = await upcomingEvents(profile.id);
  return {
    slug: params.slug,
    today: lagosToday(),
    entries: result.ok ? result.data : [],
    loadError: result.ok ? null : result.message,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Upcoming Events</h2>
        <AddEventDialog slug={loaderData.slug} today={loaderData.today} />
      </div>
      {loaderData.loadError ? (
        <p className="text-destructive">{loaderData.loadError}</p>
      ) : (
        <EventList entries={loaderData.entries} label="Upcoming Events" empty="No upcoming events" />
      )}
    </>
  );
}
