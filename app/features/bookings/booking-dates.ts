import { formatDate, formatTime } from "~/lib/date-format";
import { isCalendarDate, LAGOS_TZ, lagosToday } from "~/lib/lagos-date";

// "Today" is the organiser's and musician's day in Nigeria, whatever zone the server runs in.
export const LAGOS = LAGOS_TZ;

export function todayInLagos(now: Date = new Date()): string {
  return lagosToday(now);
}

export function isIsoDate(value: string): boolean {
  return isCalendarDate(value);
}

/** "Sat, 14 Mar 2026" for "2026-03-14" (the shared formatter, app/lib/date-format). */
export const formatEventDate = formatDate;

export { formatTime };
