import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { logger } from "~/server/logger.server";
import {
  AVAILABILITY_REMOVE_FAILED,
  AVAILABILITY_SAVE_FAILED,
  AVAILABILITY_SPAN_DAYS,
  DATE_OUT_OF_RANGE,
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  type SaveAvailabilityInput,
  TIME_OPTIONS,
} from "./availability.schema";
import {
  type AvailabilityRow,
  availabilityFrom,
  deleteAvailability,
  latestBlockHours,
  replaceAvailability,
  usualBookingHours,
} from "./queries.server";

export type { AvailabilityRow };

export const OWN_AVAILABILITY_LIMIT = 200;
export const PUBLIC_AVAILABILITY_LIMIT = 30;

/** The window of selectable dates: today in Lagos through the span. */
export function selectableRange(now = new Date()): { from: string; to: string } {
  const from = lagosToday(now);
  return { from, to: addDaysToDate(from, AVAILABILITY_SPAN_DAYS) };
}

/** The musician's own blocks from today on (past days are history, not availability). */
export function ownUpcomingAvailability(profileId: string, now = new Date()): Promise<AvailabilityRow[]> {
  return availabilityFrom(profileId, lagosToday(now), OWN_AVAILABILITY_LIMIT);
}

/** What organisers see on the public profile: the next available dates. */
export function publicAvailability(profileId: string, now = new Date()): Promise<AvailabilityRow[]> {
  return availabilityFrom(profileId, lagosToday(now), PUBLIC_AVAILABILITY_LIMIT);
}

/**
 * The hours a newly marked day starts with: those the musician saved last, else the hours they are
 * usually booked for (phone walk 3: a band booked 4 PM to 10 PM was offered 9 to 5), else 9–5 said out loud.
 */
export type UsualHours = {
  allDay: boolean;
  startTime: string;
  endTime: string;
  fromLastSaved: boolean;
  fromBookings?: boolean;
};

const hhmm = (t: string | null, fallback: string) => {
  const v = t?.slice(0, 5) ?? "";
  return TIME_OPTIONS.includes(v) ? v : fallback;
};

/** The musician's usual hours (issue 16 §6, phone walk 3). */
export async function usualHours(profileId: string): Promise<UsualHours> {
  const last = await latestBlockHours(profileId);
  if (last) {
    return {
      allDay: last.isAllDay,
      startTime: hhmm(last.startTime, DEFAULT_START_TIME),
      endTime: hhmm(last.endTime, DEFAULT_END_TIME),
      fromLastSaved: true,
    };
  }
  const booked = await usualBookingHours(profileId);
  const startTime = hhmm(booked?.startTime ?? null, "");
  const endTime = hhmm(booked?.endTime ?? null, "");
  if (startTime && endTime && endTime > startTime) {
    return { allDay: false, startTime, endTime, fromLastSaved: false, fromBookings: true };
  }
  return { allDay: false, startTime: DEFAULT_START_TIME, endTime: DEFAULT_END_TIME, fromLastSaved: false };
}

export type SaveResult = { ok: true; saved: number } | { ok: false; field?: "dates"; message: string };

export async function saveAvailability(
  profileId: string,
  input: SaveAvailabilityInput,
  now = new Date(),
): Promise<SaveResult> {
  const { from, to } = selectableRange(now);
  if (input.dates.some((d) => d < from || d > to)) {
    return { ok: false, field: "dates", message: DATE_OUT_OF_RANGE };
  }
  try {
    const saved = await replaceAvailability(profileId, input.dates, {
      isAllDay: input.allDay,
      startTime: input.allDay ? null : input.startTime,
      endTime: input.allDay ? null : input.endTime,
    });
    return { ok: true, saved };
  } catch (err) {
    logger.error({ err, profileId }, "saving availability failed");
    return { ok: false, message: AVAILABILITY_SAVE_FAILED };
  }
}

/** Removes one of the musician's own blocks; someone else's id is "not found", never deleted. */
export async function removeAvailability(
  profileId: string,
  id: string,
): Promise<{ ok: true } | { ok: false; status: 404 | 500; message: string }> {
  try {
    return (await deleteAvailability(profileId, id))
      ? { ok: true }
      : { ok: false, status: 404, message: "Availability not found" };
  } catch (err) {
    logger.error({ err, profileId }, "removing availability failed");
    return { ok: false, status: 500, message: AVAILABILITY_REMOVE_FAILED };
  }
}
