import { TZDate } from "@date-fns/tz";
import { format, isValid, parse } from "date-fns";

// "Today" is the organiser's and musician's day in Nigeria, whatever zone the server runs in.
export const LAGOS = "Africa/Lagos";

export function todayInLagos(now: Date = new Date()): string {
  return format(new TZDate(now, LAGOS), "yyyy-MM-dd");
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return isValid(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)));
}

/** "Sat, 14 Mar 2026" for "2026-03-14"; parsed as a calendar day so no zone can shift it. */
export function formatEventDate(value: string | null | undefined): string | null {
  if (!value || !isIsoDate(value)) return null;
  return format(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)), "EEE, d MMM yyyy");
}

/** "2:30 PM" for "14:30" or "14:30:00". */
export function formatTime(value: string | null | undefined): string | null {
  const m = value ? /^(\d{2}):(\d{2})/.exec(value) : null;
  if (!m) return null;
  const h = Number(m[1]);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}
