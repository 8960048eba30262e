import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, max, ne } from "drizzle-orm";
import { db } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { bookingsByMusician } from "~db/schema/bookings";

const blockColumns = {
  id: musicianAvailability.id,
  date: musicianAvailability.date,
  isAllDay: musicianAvailability.isAllDay,
  startTime: musicianAvailability.startTime,
  endTime: musicianAvailability.endTime,
};

export interface AvailabilityRow {
  id: string;
  date: string;
  isAllDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

export function availabilityFrom(profileId: string, from: string, limit: number): Promise<AvailabilityRow[]> {
  return db
    .select(blockColumns)
    .from(musicianAvailability)
    .where(and(eq(musicianAvailability.profileId, profileId), gte(musicianAvailability.date, from)))
    .orderBy(asc(musicianAvailability.date), asc(musicianAvailability.startTime))
    .limit(limit);
}

export function availabilityBetween(profileId: string, from: string, to: string): Promise<AvailabilityRow[]> {
  return db
    .select(blockColumns)
    .from(musicianAvailability)
    .where(
      and(
        eq(musicianAvailability.profileId, profileId),
        gte(musicianAvailability.date, from),
        lte(musicianAvailability.date, to),
      ),
    )
    .orderBy(asc(musicianAvailability.date));
}

/** The hours of the block the musician saved most recently (any date), or null before the first. */
export async function latestBlockHours(profileId: string) {
  const [row] = await db
    .select({
      isAllDay: musicianAvailability.isAllDay,
      startTime: musicianAvailability.startTime,
      endTime: musicianAvailability.endTime,
    })
    .from(musicianAvailability)
    .where(eq(musicianAvailability.profileId, profileId))
    .orderBy(desc(musicianAvailability.createdAt), desc(musicianAvailability.date))
    .limit(1);
  return row ?? null;
}

/**
 * The hours the musician is booked for most often (start and end together), cancelled bookings aside;
 * null without a booking that has both times.
 */
export async function usualBookingHours(profileId: string) {
  const b = bookingsByMusician;
  const [row] = await db
    .select({ startTime: b.eventStartTime, endTime: b.eventEndTime })
    .from(b)
    .where(
      and(
        eq(b.musicianId, profileId),
        ne(b.status, "cancelled"),
        isNotNull(b.eventStartTime),
        isNotNull(b.eventEndTime),
      ),
    )
    .groupBy(b.eventStartTime, b.eventEndTime)
    .orderBy(desc(count()), desc(max(b.createdAt)))
    .limit(1);
  return row ?? null;
}

/** Saving a date again replaces what was there, so a day never holds contradictory blocks. */
export async function replaceAvailability(
  profileId: string,
  dates: string[],
  block: { isAllDay: boolean; startTime: string | null; endTime: string | null },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .delete(musicianAvailability)
      .where(and(eq(musicianAvailability.profileId, profileId), inArray(musicianAvailability.date, dates)));
    const rows = await tx
      .insert(musicianAvailability)
      .values(dates.map((date) => ({ profileId, date, ...block })))
      .returning({ id: musicianAvailability.id });
    return rows.length;
  });
}

/** Deletes the block only when it belongs to the profile; returns whether one was removed. */
export async function deleteAvailability(profileId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(musicianAvailability)
    .where(and(eq(musicianAvailability.id, id), eq(musicianAvailability.profileId, profileId)))
    .returning({ id: musicianAvailability.id });
  return rows.length > 0;
}
