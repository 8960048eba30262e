import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { musicianPerformances } from "~db/schema/profiles";

const columns = {
  id: musicianPerformances.id,
  eventTitle: musicianPerformances.eventTitle,
  eventDate: musicianPerformances.eventDate,
  eventType: musicianPerformances.eventType,
  location: musicianPerformances.location,
  startTime: musicianPerformances.startTime,
  endTime: musicianPerformances.endTime,
  createdAt: musicianPerformances.createdAt,
};

export type PerformanceRow = {
  id: string;
  eventTitle: string;
  eventDate: string | null;
  eventType: string;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
  createdAt: Date;
};

/**
 * A profile's performances by date. `from` keeps dates on or after it, `before` dates before it;
 * undated rows only appear when neither is given, last.
 */
export function selectPerformances(
  profileId: string,
  opts: { order: "asc" | "desc"; from?: string; before?: string },
): Promise<PerformanceRow[]> {
  const conditions = [eq(musicianPerformances.profileId, profileId)];
  if (opts.from) conditions.push(gte(musicianPerformances.eventDate, opts.from));
  if (opts.before) conditions.push(lt(musicianPerformances.eventDate, opts.before));
  const byDate =
    opts.order === "asc" ? asc(musicianPerformances.eventDate) : desc(musicianPerformances.eventDate);
  return db
    .select(columns)
    .from(musicianPerformances)
    .where(and(...conditions))
    .orderBy(sql`${musicianPerformances.eventDate} IS NULL`, byDate, desc(musicianPerformances.createdAt));
}

export async function insertPerformance(values: {
  profileId: string;
  eventTitle: string;
  eventType: string;
  eventDate: string | null;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
}): Promise<PerformanceRow> {
  const [row] = await db.insert(musicianPerformances).values(values).returning(columns);
  return row!;
}

export async function deleteOwnedPerformance(profileId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(musicianPerformances)
    .where(and(eq(musicianPerformances.id, id), eq(musicianPerformances.profileId, profileId)))
    .returning({ id: musicianPerformances.id });
  return rows.length === 1;
}
