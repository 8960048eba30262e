import type { Clash } from "./calendar.schema";
import { findClashes } from "./queries.server";

export { BOOKED_JUST_NOW } from "./calendar.schema";

/** The database refused a confirmation because the musician is already booked then (exclusion_violation). */
export function isDoubleBooking(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23P01" && e.constraint === "bookings_by_musician_no_overlap") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * What a booking at this date and time would overlap in the musician's calendar: confirmed bookings
 * (other than the one being edited), scheduled events and days marked unavailable. No date: nothing.
 */
export function clashesFor(
  musicianId: string,
  slot: { eventDate: string | null; eventStartTime: string | null; eventEndTime: string | null },
  exceptBookingId: string | null = null,
): Promise<Clash[]> {
  if (!slot.eventDate) return Promise.resolve([]);
  return findClashes(
    musicianId,
    { date: slot.eventDate, startTime: slot.eventStartTime, endTime: slot.eventEndTime },
    exceptBookingId,
  );
}
