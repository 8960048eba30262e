import { addDaysToDate, isCalendarDate, lagosToday } from "~/lib/lagos-date";
import {
  busyDatesBetween,
  deleteUnavailableDate,
  insertUnavailableDates,
  unavailableDatesFrom,
} from "./queries.server";

/** How far ahead organisers see taken days. */
export const BUSY_SPAN_DAYS = 365;

/**
 * The days from today on that the musician is booked (confirmed), has an event, or marked unavailable.
 * Dates only: no client, no event, no reason.
 */
export function publicBusyDates(musicianId: string, now = new Date()): Promise<string[]> {
  const from = lagosToday(now);
  return busyDatesBetween(musicianId, from, addDaysToDate(from, BUSY_SPAN_DAYS));
}

export function ownUnavailableDates(profileId: string, now = new Date()) {
  return unavailableDatesFrom(profileId, lagosToday(now));
}

export type UnavailableResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string };

export const UNAVAILABLE_DATE_INVALID = "Choose a date from today on";

export async function markUnavailable(
  profileId: string,
  date: string,
  now = new Date(),
): Promise<UnavailableResult> {
  const today = lagosToday(now);
  if (!isCalendarDate(date) || date < today || date > addDaysToDate(today, BUSY_SPAN_DAYS)) {
    return { ok: false, status: 400, message: UNAVAILABLE_DATE_INVALID };
  }
  await insertUnavailableDates(profileId, [date]);
  return { ok: true, message: "Date marked unavailable" };
}

export async function unmarkUnavailable(profileId: string, id: string): Promise<UnavailableResult> {
  return (await deleteUnavailableDate(profileId, id))
    ? { ok: true, message: "Date is open again" }
    : { ok: false, status: 404, message: "Date not found" };
}
