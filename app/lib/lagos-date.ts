import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";

export const LAGOS_TZ = "Africa/Lagos";

/** "Today" as a yyyy-MM-dd calendar date in Lagos, whatever the server's own zone. */
export function lagosToday(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), LAGOS_TZ), "yyyy-MM-dd");
}

/** The calendar date `days` after the yyyy-MM-dd `date`. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return format(addDays(new Date(Date.UTC(y, m - 1, d, 12)), days), "yyyy-MM-dd");
}

/** A real yyyy-MM-dd calendar date (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** "Saturday, 14 March 2026" for a yyyy-MM-dd date, independent of the viewer's zone. */
export function formatCalendarDate(date: string, pattern = "EEEE, d MMMM yyyy"): string {
  const [y, m, d] = date.split("-").map(Number);
  return format(new Date(y, m - 1, d), pattern);
}

/** "09:00" from a PostgreSQL time such as "09:00:00". */
export function shortTime(time: string | null | undefined): string | null {
  return time ? time.slice(0, 5) : null;
}
