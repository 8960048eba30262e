import { and, count, desc, eq, gte } from "drizzle-orm";
import { db } from "~/server/db.server";
import { bookingRequests, bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { musicianPerformances } from "~db/schema/profiles";

export async function countBookings(musicianId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.musicianId, musicianId));
  return Number(row?.n ?? 0);
}

export async function countPerformancesFrom(profileId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(musicianPerformances)
    .where(and(eq(musicianPerformances.profileId, profileId), gte(musicianPerformances.eventDate, today)));
  return Number(row?.n ?? 0);
}

export function latestRequests(musicianId: string, limit: number) {
  return db
    .select({
      id: bookingRequests.id,
      clientName: bookingRequests.clientName,
      eventType: bookingRequests.eventType,
      at: bookingRequests.createdAt,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.musicianId, musicianId))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(limit);
}

export function latestBookings(musicianId: string, limit: number) {
  return db
    .select({
      id: bookingsByMusician.id,
      clientName: bookingsByMusician.clientName,
      eventType: bookingsByMusician.eventType,
      at: bookingsByMusician.createdAt,
    })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.musicianId, musicianId))
    .orderBy(desc(bookingsByMusician.createdAt))
    .limit(limit);
}

export function latestConfirmations(musicianId: string, limit: number) {
  return db
    .select({
      id: bookingsByMusician.id,
      clientName: bookingsByMusician.clientName,
      eventType: bookingsByMusician.eventType,
      at: bookingsByMusician.updatedAt,
    })
    .from(bookingsByMusician)
    .where(and(eq(bookingsByMusician.musicianId, musicianId), eq(bookingsByMusician.status, "confirmed")))
    .orderBy(desc(bookingsByMusician.updatedAt))
    .limit(limit);
}

export function latestDisputes(musicianId: string, limit: number) {
  return db
    .select({
      id: clientDisputes.id,
      clientName: clientDisputes.clientName,
      eventType: bookingsByMusician.eventType,
      at: clientDisputes.createdAt,
    })
    .from(clientDisputes)
    .innerJoin(bookingsByMusician, eq(bookingsByMusician.id, clientDisputes.bookingId))
    .where(eq(bookingsByMusician.musicianId, musicianId))
    .orderBy(desc(clientDisputes.createdAt))
    .limit(limit);
}
