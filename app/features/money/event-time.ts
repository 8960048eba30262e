// When an event ends, in Lagos time (UTC+1 all year: Nigeria has no daylight saving). Escrow is released
// only after this moment (issue 22 §2): by the payer's "The event happened", the musician's "Mark
// completed" and, RELEASE_AFTER_HOURS later, the automatic release.
import { formatTime } from "~/lib/date-format";
import { addDaysToDate, formatCalendarDate, lagosToday, lagosWallClock } from "~/lib/lagos-date";

type EventTimes = { eventDate: string | null; eventStartTime: string | null; eventEndTime: string | null };

/** A start with no end is taken to last this long (a gig with its breaks), past midnight if need be. */
export const EVENT_HOURS_WITHOUT_END = 6;

const lagosInstant = (date: string, time: string) =>
  new Date(`${date}T${time.slice(0, 8).padEnd(8, ":00")}+01:00`);

/**
 * The instant the event ends, the one rule for release, "Mark completed" and every "opens at": its end
 * time on its date in Lagos, and an end before the start is an overnight event ending the next day
 * (22:00–02:00). With only a start time, EVENT_HOURS_WITHOUT_END after it, but never before the midnight
 * that ends its day (a 22:00 gig is not over at 00:00; a 14:00 one ends at midnight as before). With no
 * time at all, that midnight.
 */
export function eventEndsAt(b: EventTimes): Date | null {
  if (!b.eventDate) return null;
  const midnight = new Date(`${addDaysToDate(b.eventDate, 1)}T00:00:00+01:00`);
  if (Number.isNaN(midnight.getTime())) return null;
  if (b.eventEndTime) {
    const at = lagosInstant(b.eventDate, b.eventEndTime);
    if (Number.isNaN(at.getTime())) return null;
    if (b.eventStartTime && b.eventEndTime < b.eventStartTime) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  }
  if (b.eventStartTime) {
    const start = lagosInstant(b.eventDate, b.eventStartTime);
    if (Number.isNaN(start.getTime())) return null;
    const assumedEnd = start.getTime() + EVENT_HOURS_WITHOUT_END * 3_600_000;
    return new Date(Math.max(assumedEnd, midnight.getTime()));
  }
  return midnight;
}

/**
 * Whether the event is over, so its escrow may be released. A booking with no date (only ones paid
 * before dates were required) counts as over: its payer alone decides.
 */
export function eventEnded(b: EventTimes, now: Date = new Date()): boolean {
  const end = eventEndsAt(b);
  return !b.eventDate || (end !== null && now.getTime() >= end.getTime());
}

/**
 * "Saturday, 12 December 2026 at 6:00 PM" (Lagos) for an instant: the 12-hour clock of every other time
 * on the pages, e-mails and PDFs (phone walk 3: "at 20:00" beside "4:00 PM – 8:00 PM").
 */
export function formatLagosMoment(at: Date): string {
  const lagos = lagosWallClock(at);
  const time = lagos.toISOString().slice(11, 16);
  return `${formatCalendarDate(lagosToday(at))} at ${formatTime(time)}`;
}
