import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianPerformances } from "~db/schema/profiles";

const performanceColumns = {
  id: musicianPerformances.id,
  eventTitle: musicianPerformances.eventTitle,
  eventType: musicianPerformances.eventType,
  eventDate: musicianPerformances.eventDate,
  location: musicianPerformances.location,
  startTime: musicianPerformances.startTime,
  endTime: musicianPerformances.endTime,
};

export type PerformanceRow = {
  id: string;
  eventTitle: string;
  eventType: string;
  eventDate: string | null;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
};

export function performancesBetween(profileId: string, from: string, to: string): Promise<PerformanceRow[]> {
  return db
    .select(performanceColumns)
    .from(musicianPerformances)
    .where(
      and(
        eq(musicianPerformances.profileId, profileId),
        gte(musicianPerformances.eventDate, from),
        lte(musicianPerformances.eventDate, to),
      ),
    )
    .orderBy(asc(musicianPerformances.eventDate), asc(musicianPerformances.startTime));
}

export function performancesFrom(profileId: string, today: string, limit: number): Promise<PerformanceRow[]> {
  return db
    .select(performanceColumns)
    .from(musicianPerformances)
    .where(and(eq(musicianPerformances.profileId, profileId), gte(musicianPerformances.eventDate, today)))
    .orderBy(asc(musicianPerformances.eventDate), asc(musicianPerformances.startTime))
    .limit(limit);
}

export function performancesBefore(
  profileId: string,
  today: string,
  limit: number,
): Promise<PerformanceRow[]> {
  return db
    .select(performanceColumns)
    .from(musicianPerformances)
    .where(and(eq(musicianPerformances.profileId, profileId), lt(musicianPerformances.eventDate, today)))
    .orderBy(desc(musicianPerformances.eventDate), desc(musicianPerformances.startTime))
    .limit(limit);
}

// A booking stays on the musician's calendar once it happened: completed (escrow released, or marked
// completed) as well as confirmed. Pending and cancelled ones are not events.
const CALENDAR_BOOKING_STATUSES = ["confirmed", "completed"];

const bookingColumns = {
  id: bookingsByMusician.id,
  slug: bookingsByMusician.slug,
  clientName: bookingsByMusician.clientName,
  eventType: bookingsByMusician.eventType,
  eventTypeOther: bookingsByMusician.eventTypeOther,
  eventDate: bookingsByMusician.eventDate,
  location: bookingsByMusician.location,
  startTime: bookingsByMusician.eventStartTime,
  endTime: bookingsByMusician.eventEndTime,
  status: bookingsByMusician.status,
};

export function calendarBookingsBetween(musicianId: string, from: string, to: string) {
  return db
    .select(bookingColumns)
    .from(bookingsByMusician)
    .where(
      and(
        eq(bookingsByMusician.musicianId, musicianId),
        inArray(bookingsByMusician.status, CALENDAR_BOOKING_STATUSES),
        sql`${bookingsByMusician.eventDate} BETWEEN ${from} AND ${to}`,
      ),
    )
    .orderBy(asc(bookingsByMusician.eventDate), asc(bookingsByMusician.eventStartTime));
}

/** Bookings dated before today in Lagos, most recent first (the Past list). */
export function calendarBookingsBefore(musicianId: string, today: string, limit: number) {
  return db
    .select(bookingColumns)
    .from(bookingsByMusician)
    .where(
      and(
        eq(bookingsByMusician.musicianId, musicianId),
        inArray(bookingsByMusician.status, CALENDAR_BOOKING_STATUSES),
        lt(bookingsByMusician.eventDate, today),
      ),
    )
    .orderBy(desc(bookingsByMusician.eventDate), desc(bookingsByMusician.eventStartTime))
    .limit(limit);
}

export async function insertPerformance(values: {
  profileId: string;
  eventTitle: string;
  eventType: string;
  eventDate: string;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
}): Promise<{ id: string }> {
  const [row] = await db
    .insert(musicianPerformances)
    .values(values)
    .returning({ id: musicianPerformances.id });
  return row;
}
