import { FEED_REGENERATED } from "~/features/calendar/calendar.schema";
import { regenerateFeed } from "~/features/calendar/feed.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { redirectWithToast } from "~/server/flash.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-calendar-feed";

/** "Regenerate": a new private feed URL for the signed-in musician; the old one is revoked. */
export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  // Back to the page the panel was on; only these two, so the form cannot send anyone elsewhere.
  const returnTo = (await readForm(request)).get("returnTo") === "availability" ? "availability" : "events";
  await regenerateFeed(profile.id);
  return redirectWithToast(`/musician_${returnTo}/${params.slug}`, {
    type: "success",
    message: FEED_REGENERATED,
  });
}
