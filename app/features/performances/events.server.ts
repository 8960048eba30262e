import { endOfMonth, format, startOfMonth } from "date-fns";
import { memberGigs } from "~/features/lineups/line-up-views.server";
import { eventEnded } from "~/features/money/event-time";
import { lagosToday } from "~/lib/lagos-date";
import { logger } from "~/server/logger.server";
import type { AddEventInput } from "./events.schema";
import { SCHEDULED_IN_PAST } from "./events.schema";
import {
  calendarBookingsBefore,
  calendarBookingsBetween,
  insertPerformance,
  type PerformanceRow,
  performancesBefore,
  performancesBetween,
  performancesFrom,
} from "./events-queries.server";

export const EVENT_LIST_LIMIT = 200;
export const LOAD_EVENTS_FAILED = "Failed to load events. Please try again.";
export const ADD_EVENT_FAILED = "Failed to add event. Please try again.";
/** Toasts that say what happened (issue 16 §9; the spec's one string covered both, docs/decisions). */
export const EVENT_SCHEDULED = "Event scheduled";
export const EVENT_ADDED_TO_HISTORY = "Event added to your history";
export const eventAddedMessage = (kind: "history" | "scheduled") =>
  kind === "history" ? EVENT_ADDED_TO_HISTORY : EVENT_SCHEDULED;
export const LOGIN_TO_ADD_EVENTS = "You must be logged in to add events";

/** One entry on the events calendar: a performance the musician recorded, or a confirmed/completed booking. */
export interface CalendarEntry {
  id: string;
  source: "performance" | "booking";
  title: string;
  eventType: string;
  date: string;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
  href: string | null;
  /** A booking that is completed (shown as such); absent for performances and confirmed bookings. */
  completed?: boolean;
}

export type EventsResult<T> = { ok: true; data: T } | { ok: false; message: string };

function toEntry(p: PerformanceRow): CalendarEntry {
  return {
    id: p.id,
    source: "performance",
    title: p.eventTitle,
    eventType: p.eventType,
    date: p.eventDate ?? "",
    location: p.location,
    startTime: p.startTime,
    endTime: p.endTime,
    href: null,
  };
}

type CalendarBookingRow = Awaited<ReturnType<typeof calendarBookingsBetween>>[number];

/** A booking on the calendar, Upcoming and Past: marked as a booking, linking to it. */
function bookingEntry(b: CalendarBookingRow): CalendarEntry {
  return {
    id: b.id,
    source: "booking",
    title: `Booking: ${b.clientName}`,
    eventType: b.eventType === "Others" && b.eventTypeOther ? b.eventTypeOther : b.eventType,
    date: b.eventDate ?? "",
    location: b.location,
    startTime: b.startTime,
    endTime: b.endTime,
    href: `/booking/${b.slug}`,
    ...(b.status === "completed" ? { completed: true } : {}),
  };
}

/** A line-up the musician plays in (issue 39 §3): on their calendar like their own booking. */
const lineUpEntry =
  (profileId: string) =>
  (g: Awaited<ReturnType<typeof memberGigs>>[number]): CalendarEntry => ({
    id: g.placeId,
    source: "booking",
    title: `Line-up: ${g.role} with ${g.leader}`,
    eventType: g.event,
    date: g.eventDate ?? "",
    location: g.venue,
    startTime: g.eventStartTime,
    endTime: g.eventEndTime,
    href: `/musician_lineups/${profileId}`,
  });

/** Over once its end has passed in Lagos (no end time: at the midnight that ends its day). */
const entryEnded = (e: CalendarEntry, now: Date) =>
  Boolean(e.date) &&
  eventEnded({ eventDate: e.date, eventStartTime: e.startTime, eventEndTime: e.endTime }, now);

const byDateAndTime = (a: CalendarEntry, b: CalendarEntry) =>
  a.date.localeCompare(b.date) || (a.startTime ?? "").localeCompare(b.startTime ?? "");

/** The yyyy-MM month to show: the one asked for, or the current month in Lagos. */
export function resolveMonth(month: string, now = new Date()): string {
  return month || lagosToday(now).slice(0, 7);
}

export function monthBounds(month: string): { from: string; to: string; prev: string; next: string } {
  const [y, m] = month.split("-").map(Number);
  const first = startOfMonth(new Date(y, m - 1, 1));
  return {
    from: format(first, "yyyy-MM-dd"),
    to: format(endOfMonth(first), "yyyy-MM-dd"),
    prev: format(new Date(y, m - 2, 1), "yyyy-MM"),
    next: format(new Date(y, m, 1), "yyyy-MM"),
  };
}

export async function calendarMonth(
  profileId: string,
  month: string,
): Promise<EventsResult<{ entries: CalendarEntry[] }>> {
  const { from, to } = monthBounds(month);
  try {
    const [performances, bookings] = await Promise.all([
      performancesBetween(profileId, from, to),
      calendarBookingsBetween(profileId, from, to),
    ]);
    const entries = [...performances.map(toEntry), ...bookings.map(bookingEntry)].sort(byDateAndTime);
    return { ok: true, data: { entries } };
  } catch (err) {
    logger.error({ err, profileId }, "loading the events calendar failed");
    return { ok: false, message: LOAD_EVENTS_FAILED };
  }
}

/** Upcoming: dated today or later in Lagos, soonest first. */
export async function upcomingEvents(
  profileId: string,
  now = new Date(),
): Promise<EventsResult<CalendarEntry[]>> {
  try {
    const today = lagosToday(now);
    const [rows, bookings, gigs] = await Promise.all([
      performancesFrom(profileId, today, EVENT_LIST_LIMIT),
      calendarBookingsBetween(profileId, today, "9999-12-31"),
      memberGigs(profileId, today),
    ]);
    // Filed by its end: today's event that is over is Past, not Upcoming (phone walk 2).
    const entries = [...rows.map(toEntry), ...bookings.map(bookingEntry), ...gigs.map(lineUpEntry(profileId))]
      .filter((e) => !entryEnded(e, now))
      .sort(byDateAndTime);
    return { ok: true, data: entries.slice(0, EVENT_LIST_LIMIT) };
  } catch (err) {
    logger.error({ err, profileId }, "loading upcoming events failed");
    return { ok: false, message: LOAD_EVENTS_FAILED };
  }
}

/** Past: dated before today in Lagos, most recent first. */
export async function pastEvents(
  profileId: string,
  now = new Date(),
): Promise<EventsResult<CalendarEntry[]>> {
  try {
    const today = lagosToday(now);
    const [rows, bookings, todayRows, todayBookings] = await Promise.all([
      performancesBefore(profileId, today, EVENT_LIST_LIMIT),
      calendarBookingsBefore(profileId, today, EVENT_LIST_LIMIT),
      performancesFrom(profileId, today, EVENT_LIST_LIMIT),
      calendarBookingsBetween(profileId, today, today),
    ]);
    // Today's events that are over join the past ones (filed by their end).
    const endedToday = [...todayRows.map(toEntry), ...todayBookings.map(bookingEntry)].filter(
      (e) => e.date === today && entryEnded(e, now),
    );
    const entries = [...endedToday, ...rows.map(toEntry), ...bookings.map(bookingEntry)].sort((a, b) =>
      byDateAndTime(b, a),
    );
    return { ok: true, data: entries.slice(0, EVENT_LIST_LIMIT) };
  } catch (err) {
    logger.error({ err, profileId }, "loading past events failed");
    return { ok: false, message: LOAD_EVENTS_FAILED };
  }
}

export type AddEventResult = { ok: true; id: string } | { ok: false; field?: "eventDate"; message: string };

/** Records an event on the musician's own profile; a scheduled one may not lie in the past. */
export async function addEvent(
  profileId: string,
  input: AddEventInput,
  now = new Date(),
): Promise<AddEventResult> {
  if (input.kind === "scheduled" && input.eventDate < lagosToday(now)) {
    return { ok: false, field: "eventDate", message: SCHEDULED_IN_PAST };
  }
  try {
    const row = await insertPerformance({
      profileId,
      eventTitle: input.eventTitle,
      eventType: input.eventType,
      eventDate: input.eventDate,
      location: input.location,
      startTime: input.startTime,
      endTime: input.endTime,
    });
    return { ok: true, id: row.id };
  } catch (err) {
    logger.error({ err, profileId }, "adding an event failed");
    return { ok: false, message: ADD_EVENT_FAILED };
  }
}
