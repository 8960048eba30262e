import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { db } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";

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
