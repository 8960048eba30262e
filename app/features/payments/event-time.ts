// When an event ends, in Lagos time (UTC+1 all year: Nigeria has no daylight saving). Escrow is released
// only after this moment (issue 22 §2): by the payer's "The event happened", the musician's "Mark
// completed" and, RELEASE_AFTER_HOURS later, the automatic release.
import { addDaysToDate, formatCalendarDate, lagosToday } from "~/lib/lagos-date";

type EventTimes = { eventDate: string | null; eventStartTime: string | null; eventEndTime: string | null };

/**
 * The instant the event ends: its end time on its date in Lagos (an end before the start: the next day);
 * with only a start time, or no time at all, the midnight that ends the event's day.
 */
export function eventEndsAt(b: EventTimes): Date | null {
  if (!b.eventDate) return null;
  const at = b.eventEndTime
    ? new Date(`${b.eventDate}T${b.eventEndTime.slice(0, 8).padEnd(8, ":00")}+01:00`)
    : new Date(`${addDaysToDate(b.eventDate, 1)}T00:00:00+01:00`);
  if (Number.isNaN(at.getTime())) return null;
  if (b.eventEndTime && b.eventStartTime && b.eventEndTime < b.eventStartTime)
    at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * Whether the event is over, so its escrow may be released. A booking with no date (only ones paid
 * before dates were required) counts as over: its payer alone decides.
 */
export function eventEnded(b: EventTimes, now: Date = new Date()): boolean {
  const end = eventEndsAt(b);
  return !b.eventDate || (end !== null && now.getTime() >= end.getTime());
}

/** "Saturday, 12 December 2026 at 18:00" (Lagos) for an instant. */
export function formatLagosMoment(at: Date): string {
  const lagos = new Date(at.getTime() + 3_600_000);
  const time = lagos.toISOString().slice(11, 16);
  return `${formatCalendarDate(lagosToday(at))} at ${time}`;
}
