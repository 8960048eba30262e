// One way to write dates and times (issue 16 §9): dates as "Sat, 19 Dec 2026", times as "7:00 PM",
// moments as "Sat, 19 Dec 2026, 7:00 PM" in Lagos. Pure, no date library: public pages import it.
import { formatCalendarDate, isCalendarDate, LAGOS_TZ, lagosToday } from "./lagos-date";

export const DATE_PATTERN = "EEE, d MMM yyyy";

/** "Sat, 19 Dec 2026" for "2026-12-19"; null for anything that is not a calendar date. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value || !isCalendarDate(value)) return null;
  return formatCalendarDate(value, DATE_PATTERN);
}

/** "7:00 PM" for "19:00" or "19:00:00"; "12:00 AM" for midnight, "12:30 PM" after noon. */
export function formatTime(value: string | null | undefined): string | null {
  const m = value ? /^(\d{2}):(\d{2})/.exec(value) : null;
  if (!m) return null;
  const h = Number(m[1]);
  if (h > 23 || Number(m[2]) > 59) return null;
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}

/** "7:00 PM – 10:00 PM", "From 7:00 PM", "Until 10:00 PM", or null when neither is set. */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined) {
  const s = formatTime(start);
  const e = formatTime(end);
  if (s && e) return `${s} – ${e}`;
  if (s) return `From ${s}`;
  if (e) return `Until ${e}`;
  return null;
}

const lagosClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: LAGOS_TZ,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Sat, 19 Dec 2026, 7:00 PM" for an instant, as the clock in Lagos reads it. */
export function formatDateTime(value: Date | string | number): string {
  const at = new Date(value);
  return `${formatDate(lagosToday(at))}, ${formatTime(lagosClock.format(at))}`;
}
