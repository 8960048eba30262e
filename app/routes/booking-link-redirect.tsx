import { redirect } from "react-router";
import type { Route } from "./+types/booking-link-redirect";

/** Spec §2: links are also built as /bookings/{slug}; the booking page lives at /booking/{slug}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/booking/${encodeURIComponent(params.slug)}`, 301);
}
