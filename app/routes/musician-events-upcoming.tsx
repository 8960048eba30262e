import { EventListPage } from "~/features/dashboard/components/event-list-page";
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
  return <EventListPage title="Upcoming Events" empty="No upcoming events" {...loaderData} />;
}
