import { redirect } from "react-router";
import { dashboardSlug, requireMusician } from "~/features/profiles/own-profile.server";
import type { Route } from "./+types/musician-bookings-redirect";

/** /musician_bookings has no slug in the spec's table: send the musician to their own list. */
export async function loader({ request }: Route.LoaderArgs) {
  const { profile } = await requireMusician(request);
  return redirect(`/musician_bookings/${dashboardSlug(profile)}`);
}
