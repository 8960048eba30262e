import { EventListPage } from "~/features/dashboard/components/event-list-page";
import { pastEvents } from "~/features/performances/events.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { lagosToday } from "~/lib/lagos-date";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-events-past";

export const meta = () => [{ title: pageTitle("Past Events") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const result = await pastEvents(profile.id);
  return {
    slug: params.slug,
    today: lagosToday(),
    entries: result.ok ? result.data : [],
    loadError: result.ok ? null : result.message,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <EventListPage title="Past Events" empty="No past events" {...loaderData} />;
}
