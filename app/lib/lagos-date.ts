// No date library here: public pages import these helpers, and the platform's Intl does the zone work
// (date-fns with its zone add-on cost every public page ~12 KB of gzip JavaScript).
export const LAGOS_TZ = "Africa/Lagos";

/** West Africa Time: UTC+1 all year (Nigeria keeps no summer time). */
export const LAGOS_OFFSET_MS = 3_600_000;

/** The instant moved by Lagos's offset: its UTC fields (getUTCHours, toISOString…) read Lagos's clock. */
export function lagosWallClock(at: Date): Date {
  return new Date(at.getTime() + LAGOS_OFFSET_MS);
}

/**
 * "Today" as a yyyy-MM-dd calendar date in Lagos, whatever the server's own zone. Arithmetic, not
 * Intl: the Numbers page asks this for every booking it sums, and formatToParts costs ~20 µs a call.
 */
export function lagosToday(now: Date = new Date()): string {
  return isoDay(lagosWallClock(now));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The calendar date `days` after the yyyy-MM-dd `date`. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return isoDay(new Date(Date.UTC(y, m - 1, d + days, 12)));
}

/** A real yyyy-MM-dd calendar date (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "Saturday, 14 March 2026" for a yyyy-MM-dd date, independent of the viewer's zone. The pattern takes
 * the date-fns tokens EEEE, EEE, d, dd, MMMM, MMM, MM and yyyy; anything else is literal.
 */
export function formatCalendarDate(date: string, pattern = "EEEE, d MMMM yyyy"): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const tokens: Record<string, string> = {
    EEEE: DAYS[weekday],
    EEE: DAYS[weekday].slice(0, 3),
    yyyy: String(y).padStart(4, "0"),
    MMMM: MONTHS[m - 1],
    MMM: MONTHS[m - 1].slice(0, 3),
    MM: String(m).padStart(2, "0"),
    dd: String(d).padStart(2, "0"),
    d: String(d),
  };
  return pattern.replace(/EEEE|EEE|yyyy|MMMM|MMM|MM|dd|d/g, (t) => tokens[t]);
}

/** "09:00" from a PostgreSQL time such as "09:00:00". */
export function shortTime(time: string | null | undefined): string | null {
  return time ? time.slice(0, 5) : null;
}
