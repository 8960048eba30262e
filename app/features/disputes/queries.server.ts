import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { disputeResponses } from "~db/schema/notifications";
import type { DisputeInput } from "./dispute.schema";

/**
 * One statement: the dispute is stored only if the slug names a booking that is not confirmed, so a
 * confirm racing a dispute cannot leave a dispute on a booking the client has just accepted. A booking
 * whose money is held (`moneyHeld`: the money module's value, read after lockBookingForDispute) can be
 * disputed: that holds the release until an admin resolves it. The booking row is read FOR SHARE, so
 * a release holding it (FOR UPDATE, having checked for disputes) finishes first and the dispute is
 * judged on the released booking: it can never slip in between the release's check and its commit,
 * and then claim to hold money already gone (review #14).
 */
export async function insertDisputeForSlug(
  slug: string,
  input: DisputeInput,
  moneyHeld: boolean,
  ex: DbExecutor = db,
) {
  const result = await ex.execute<{ id: string; bookingId: string }>(sql`
    INSERT INTO ${clientDisputes} (booking_id, client_name, phone_number, dispute_reason)
    SELECT id, ${input.clientName}, ${input.phoneNumber}, ${input.disputeReason}
    FROM ${bookingsByMusician}
    WHERE slug = ${slug} AND (status <> 'confirmed' OR ${moneyHeld})
    FOR SHARE
    RETURNING id, booking_id AS "bookingId"`);
  return result.rows[0] ?? null;
}

/**
 * The booking a dispute is for, share-locked for the caller's transaction: a payment (which locks the
 * booking to credit it) cannot land between the check of who is asking and the dispute's insert.
 */
export async function lockBookingForDispute(tx: DbExecutor, slug: string) {
  const [row] = await tx
    .select({ id: bookingsByMusician.id, paymentStatus: bookingsByMusician.paymentStatus })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.slug, slug))
    .for("share");
  return row ?? null;
}

/** Each booking's disputes (open and resolved), oldest first. */
export function listDisputesForBookings(bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: clientDisputes.id,
      bookingId: clientDisputes.bookingId,
      clientName: clientDisputes.clientName,
      phoneNumber: clientDisputes.phoneNumber,
      disputeReason: clientDisputes.disputeReason,
      createdAt: clientDisputes.createdAt,
      resolvedAt: clientDisputes.resolvedAt,
    })
    .from(clientDisputes)
    .where(inArray(clientDisputes.bookingId, bookingIds))
    .orderBy(asc(clientDisputes.createdAt));
}

export async function markDisputesResolved(
  bookingId: string,
  resolution: string,
  ex: DbExecutor = db,
): Promise<number> {
  const rows = await ex
    .update(clientDisputes)
    .set({ resolvedAt: new Date(), resolution })
    .where(and(eq(clientDisputes.bookingId, bookingId), isNull(clientDisputes.resolvedAt)))
    .returning({ id: clientDisputes.id });
  return rows.length;
}

/** Whether this dispute is still open (not resolved). */
export async function isDisputeOpen(disputeId: string, ex: DbExecutor = db): Promise<boolean> {
  const [row] = await ex
    .select({ id: clientDisputes.id })
    .from(clientDisputes)
    .where(and(eq(clientDisputes.id, disputeId), isNull(clientDisputes.resolvedAt)));
  return row !== undefined;
}

/** The booking, if it is this musician's, with its latest open dispute (null: none open). */
export async function findOwnBookingDispute(bookingId: string, musicianId: string) {
  const [row] = await db
    .select({
      bookingId: bookingsByMusician.id,
      openDisputeAt: sql<Date | null>`(SELECT max(d.created_at) FROM ${clientDisputes} d
        WHERE d.booking_id = bookings_by_musician.id AND d.resolved_at IS NULL)`,
    })
    .from(bookingsByMusician)
    .where(and(eq(bookingsByMusician.id, bookingId), eq(bookingsByMusician.musicianId, musicianId)));
  return row ? { ...row, openDisputeAt: row.openDisputeAt ? new Date(row.openDisputeAt) : null } : null;
}

export async function insertDisputeResponse(row: {
  bookingId: string;
  musicianId: string;
  body: string;
  photos: string[];
}) {
  const [inserted] = await db.insert(disputeResponses).values(row).returning({ id: disputeResponses.id });
  return inserted;
}

/** Each booking's disputes (open and resolved) and the musician's answers, oldest first. */
export async function disputeThreads(bookingIds: string[]) {
  if (bookingIds.length === 0) return { disputes: [], responses: [] };
  const [disputes, responses] = await Promise.all([
    listDisputesForBookings(bookingIds),
    db
      .select({
        bookingId: disputeResponses.bookingId,
        body: disputeResponses.body,
        photos: disputeResponses.photos,
        createdAt: disputeResponses.createdAt,
      })
      .from(disputeResponses)
      .where(inArray(disputeResponses.bookingId, bookingIds))
      .orderBy(asc(disputeResponses.createdAt)),
  ]);
  return { disputes, responses };
}
