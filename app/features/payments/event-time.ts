// When an event ends, in Lagos time (UTC+1 all year: Nigeria has no daylight saving).
import { lagosToday } from "~/lib/lagos-date";

/** The instant the event ends: its end time on its date in Lagos (past midnight: the next day); end of day if no end time. */
export function eventEndsAt(b: {
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
}): Date | null {
  if (!b.eventDate) return null;
  const end = b.eventEndTime ? b.eventEndTime.slice(0, 8).padEnd(8, ":00") : "23:59:59";
  const at = new Date(`${b.eventDate}T${end}+01:00`);
  if (Number.isNaN(at.getTime())) return null;
  if (b.eventEndTime && b.eventStartTime && b.eventEndTime < b.eventStartTime)
    at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** The client may say "The event happened" on or after the event's date in Lagos (any time if it has none). */
export function eventDateReached(eventDate: string | null, now: Date = new Date()): boolean {
  return !eventDate || lagosToday(now) >= eventDate;
}
