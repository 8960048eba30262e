import { FEED_REGENERATED } from "~/features/calendar/calendar.schema";
import { regenerateFeed } from "~/features/calendar/feed.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { redirectWithToast } from "~/server/flash.server";
import type { Route } from "./+types/musician-calendar-feed";

/** "Regenerate": a new private feed URL for the signed-in musician; the old one is revoked. */
export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  await regenerateFeed(profile.id);
  return redirectWithToast(`/musician_events/${params.slug}`, { type: "success", message: FEED_REGENERATED });
}
