import { data } from "react-router";
import { musicianForRequestForm } from "~/features/booking-requests/booking-requests.server";
import { publicBusyDates } from "~/features/calendar/busy-dates.server";
import type { Route } from "./+types/musician-busy-dates";

/** The days a musician is taken, for the request form's date picker: dates only, nothing about whom. */
export async function loader({ params }: Route.LoaderArgs) {
  const musician = await musicianForRequestForm(params.slug);
  if (!musician) return data({ dates: [] as string[] }, { status: 404 });
  return data({ dates: await publicBusyDates(musician.id) }, { headers: { "Cache-Control": "no-store" } });
}
