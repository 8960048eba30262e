import { getPublicBooking } from "~/features/bookings/bookings.server";
import { bookingCalendarFile, ICS_HEADERS } from "~/features/calendar/feed.server";
import type { Route } from "./+types/booking-calendar";

const plain = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The client's one-off calendar file for their booking, by its slug (the same capability as the page). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await getPublicBooking(params.slug, context.clientIp);
  if (!result.ok) return plain(result.message, result.status);
  const ics = bookingCalendarFile(result.booking);
  if (!ics) return plain("This booking has no date yet.", 404);
  return new Response(ics, {
    headers: {
      ...ICS_HEADERS,
      "Content-Disposition": `attachment; filename="stagebook-booking-${result.booking.slug}.ics"`,
    },
  });
}
