import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { db, executeNamed } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { bookingRequests, bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { musicianPerformances, musicianPortfolioItems, musicianProfiles } from "~db/schema/profiles";

/** The musician's bookings, not counting cancelled ones, and the cancelled ones apart. */
export async function countBookings(musicianId: string): Promise<{ active: number; cancelled: number }> {
  const [row] = await db
    .select({
      active: sql<string>`count(*) FILTER (WHERE ${bookingsByMusician.status} <> 'cancelled')`,
      cancelled: sql<string>`count(*) FILTER (WHERE ${bookingsByMusician.status} = 'cancelled')`,
    })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.musicianId, musicianId));
  return { active: Number(row?.active ?? 0), cancelled: Number(row?.cancelled ?? 0) };
}

/** Booking requests waiting for the musician's answer. */
export async function countWaitingRequests(musicianId: string): Promise<number> {
  // Every dashboard page asks (the menu's count): prepared once per connection.
  const { rows } = await executeNamed<{ n: string }>(
    db,
    "dashboard.waiting_requests",
    sql`SELECT count(*) AS n FROM booking_requests WHERE musician_id = ${musicianId} AND status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function countPerformancesFrom(profileId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(musicianPerformances)
    .where(and(eq(musicianPerformances.profileId, profileId), gte(musicianPerformances.eventDate, today)));
  return Number(row?.n ?? 0);
}

/** Confirmed bookings from today on: they are upcoming events too, not only hand-added ones. */
export async function countConfirmedBookingsFrom(musicianId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingsByMusician)
    .where(
      and(
        eq(bookingsByMusician.musicianId, musicianId),
        eq(bookingsByMusician.status, "confirmed"),
        gte(bookingsByMusician.eventDate, today),
      ),
    );
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
      bookingId: clientDisputes.bookingId,
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

/** What the setup checklist ticks from: the musician's own rows, counted once each. */
export async function setupFacts(profileId: string, today: string) {
  const result = await db.execute<{
    image: boolean;
    bio_and_rate: boolean;
    portfolio: boolean;
    availability: boolean;
    requests: boolean;
    payout_account: boolean;
    policy: boolean;
  }>(sql`
    SELECT
      p.profile_image IS NOT NULL AS image,
      (coalesce(trim(p.bio), '') <> '' AND p.hourly_rate_kobo IS NOT NULL) AS bio_and_rate,
      EXISTS (SELECT 1 FROM ${musicianPortfolioItems} i WHERE i.profile_id = p.id) AS portfolio,
      EXISTS (SELECT 1 FROM ${musicianAvailability} a WHERE a.profile_id = p.id AND a.date >= ${today}) AS availability,
      EXISTS (SELECT 1 FROM ${bookingRequests} r WHERE r.musician_id = p.id) AS requests,
      EXISTS (SELECT 1 FROM musician_payment_settings s WHERE s.musician_id = p.id AND s.account_number IS NOT NULL) AS payout_account,
      EXISTS (SELECT 1 FROM musician_payment_settings s WHERE s.musician_id = p.id AND s.policy_chosen_at IS NOT NULL) AS policy
    FROM ${musicianProfiles} p WHERE p.id = ${profileId}
  `);
  return result.rows[0] ?? null;
}
