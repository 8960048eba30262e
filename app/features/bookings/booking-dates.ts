import { formatCalendarDate, isCalendarDate, LAGOS_TZ, lagosToday } from "~/lib/lagos-date";

// "Today" is the organiser's and musician's day in Nigeria, whatever zone the server runs in.
export const LAGOS = LAGOS_TZ;

export function todayInLagos(now: Date = new Date()): string {
  return lagosToday(now);
}

export function isIsoDate(value: string): boolean {
  return isCalendarDate(value);
}

/** "Sat, 14 Mar 2026" for "2026-03-14"; read as a calendar day so no zone can shift it. */
export function formatEventDate(value: string | null | undefined): string | null {
  if (!value || !isIsoDate(value)) return null;
  return formatCalendarDate(value, "EEE, d MMM yyyy");
}

/** "2:30 PM" for "14:30" or "14:30:00". */
export function formatTime(value: string | null | undefined): string | null {
  const m = value ? /^(\d{2}):(\d{2})/.exec(value) : null;
  if (!m) return null;
  const h = Number(m[1]);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}
