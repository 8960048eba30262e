import { and, desc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { restoreMaskedQuote } from "~/features/messaging/contact-mask";
import { type DbExecutor, db } from "~/server/db.server";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import type { BookingInput } from "./booking.schema";

const b = bookingsByMusician;

// A booking someone started paying, or whose money moved, stays for both sides' records: the payment,
// its ledger transactions and refunds point at it (issue 27, phone walk 2: Delete on a cancelled,
// refunded booking answered 500).
const hasMoneyHistory = sql`(EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = ${b.id})
  OR EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.booking_id = ${b.id})
  OR EXISTS (SELECT 1 FROM booking_refunds r WHERE r.booking_id = ${b.id}))`;

const bookingColumns = {
  id: b.id,
  slug: b.slug,
  clientName: b.clientName,
  email: b.email,
  phoneNumber: b.phoneNumber,
  serviceType: b.serviceType,
  serviceTypeOther: b.serviceTypeOther,
  priceKobo: b.priceKobo,
  eventType: b.eventType,
  eventTypeOther: b.eventTypeOther,
  location: b.location,
  eventDate: b.eventDate,
  eventStartTime: b.eventStartTime,
  eventEndTime: b.eventEndTime,
  additionalDetails: b.additionalDetails,
  status: b.status,
  paymentStatus: b.paymentStatus,
  createdAt: b.createdAt,
  clientHasAccount: sql<boolean>`${b.clientUserId} IS NOT NULL`,
  fromRequest: sql<boolean>`${b.requestId} IS NOT NULL`,
  hasMoneyHistory: sql<boolean>`${hasMoneyHistory}`,
};

export type BookingRow = {
  id: string;
  slug: string;
  clientName: string;
  email: string | null;
  phoneNumber: string | null;
  serviceType: string;
  serviceTypeOther: string | null;
  priceKobo: number | null;
  eventType: string;
  eventTypeOther: string | null;
  location: string | null;
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  additionalDetails: string | null;
  status: string;
  /** unpaid | paid | released | refunded | partially_refunded (payments feature). */
  paymentStatus: string;
  createdAt: Date;
  /** The client is an organiser with an account (so the musician can message them). */
  clientHasAccount: boolean;
  /** Made from an organiser's request: its contact details came from the organiser, not the musician. */
  fromRequest: boolean;
  /** Someone started paying it, or its money moved: it cannot be deleted (issue 27). */
  hasMoneyHistory: boolean;
  /** The client's e-mail and phone are held back until the booking is paid (issue 22 §4). */
  contactHidden?: boolean;
  /** What the musician's Cancel sends back to the client: what escrow holds (money module), own list only. */
  cancelRefundKobo?: number;
  /** The client's latest dispute reason, on the musician's own list only. */
  disputeReason?: string | null;
};

export class RequestNotPendingError extends Error {}

export async function insertBooking(
  musicianId: string,
  slug: string,
  input: BookingInput,
  requestId: string | null,
): Promise<{ id: string; slug: string }> {
  const values = { ...input, musicianId, slug, status: "pending", requestId };
  if (!requestId) {
    const [row] = await db.insert(b).values(values).returning({ id: b.id, slug: b.slug });
    return row!;
  }
  // Accepting a request: the request leaves the pending list only if the booking is made, and only
  // one booking can claim it (the WHERE carries "still pending and mine").
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(bookingRequests)
      .set({ status: "accepted", answeredAt: sql`now()` })
      .where(
        and(
          eq(bookingRequests.id, requestId),
          eq(bookingRequests.musicianId, musicianId),
          eq(bookingRequests.status, "pending"),
        ),
      )
      .returning({
        id: bookingRequests.id,
        clientUserId: bookingRequests.clientUserId,
        email: bookingRequests.email,
        phoneNumber: bookingRequests.phoneNumber,
        note: bookingRequests.additionalDetails,
      });
    if (claimed.length === 0) throw new RequestNotPendingError();
    // An organiser's request makes a booking in their account. Its contact details come from the
    // request here, on the server: the musician's form never had them (issue 22 §4).
    const [row] = await tx
      .insert(b)
      .values({
        ...values,
        // The musician's form quoted the organiser's note masked; the booking keeps it whole (shown
        // masked to the musician until paid, phone walk 2).
        additionalDetails: restoreMaskedQuote(input.additionalDetails, claimed[0].note),
        email: input.email ?? claimed[0].email,
        phoneNumber: input.phoneNumber ?? claimed[0].phoneNumber,
        clientUserId: claimed[0].clientUserId,
      })
      .returning({ id: b.id, slug: b.slug });
    return row!;
  });
}

export function listBookingsByMusician(musicianId: string): Promise<BookingRow[]> {
  return db
    .select({
      ...bookingColumns,
      disputeReason: sql<string | null>`(SELECT d.dispute_reason FROM client_disputes d
        WHERE d.booking_id = bookings_by_musician.id ORDER BY d.created_at DESC LIMIT 1)`,
    })
    .from(b)
    .where(eq(b.musicianId, musicianId))
    .orderBy(sql`${b.eventDate} DESC NULLS LAST`, desc(b.createdAt));
}

export function listCompletedBookingsByMusician(musicianId: string): Promise<BookingRow[]> {
  return db
    .select(bookingColumns)
    .from(b)
    .where(and(eq(b.musicianId, musicianId), eq(b.status, "completed")))
    .orderBy(sql`${b.eventDate} DESC NULLS LAST`, desc(b.createdAt));
}

export async function findOwnBookingStatus(id: string, musicianId: string) {
  const [row] = await db
    .select({
      status: b.status,
      clientName: b.clientName,
      eventDate: b.eventDate,
      eventStartTime: b.eventStartTime,
      eventEndTime: b.eventEndTime,
      hasMoneyHistory: sql<boolean>`${hasMoneyHistory}`,
    })
    .from(b)
    .where(and(eq(b.id, id), eq(b.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

export async function updatePendingBooking(id: string, musicianId: string, input: BookingInput) {
  // A request's booking shows its musician the organiser's note masked: saving the edit form must not
  // write the mask over the note.
  const [stored] = await db
    .select({ details: b.additionalDetails, requestId: b.requestId })
    .from(b)
    .where(and(eq(b.id, id), eq(b.musicianId, musicianId)));
  const additionalDetails = stored?.requestId
    ? restoreMaskedQuote(input.additionalDetails, stored.details)
    : input.additionalDetails;
  const [row] = await db
    .update(b)
    .set({
      ...input,
      additionalDetails,
      // A booking made from a request keeps the organiser's contact details its musician never saw
      // (the edit form sends them blank).
      email: input.email ?? sql`CASE WHEN ${b.requestId} IS NOT NULL THEN ${b.email} END`,
      phoneNumber: input.phoneNumber ?? sql`CASE WHEN ${b.requestId} IS NOT NULL THEN ${b.phoneNumber} END`,
      updatedAt: new Date(),
    })
    .where(and(eq(b.id, id), eq(b.musicianId, musicianId), eq(b.status, "pending")))
    .returning({ clientName: b.clientName });
  return row ?? null;
}

export async function deleteDeletableBooking(id: string, musicianId: string) {
  const [row] = await db
    .delete(b)
    .where(
      and(
        eq(b.id, id),
        eq(b.musicianId, musicianId),
        notInArray(b.status, ["confirmed", "completed"]),
        sql`NOT ${hasMoneyHistory}`,
      ),
    )
    .returning({ clientName: b.clientName });
  return row ?? null;
}

/** pending | confirmed → cancelled (the row stays locked until the caller's transaction ends). */
export async function cancelBooking(
  id: string,
  musicianId: string,
  ex: DbExecutor = db,
  cancelReason: string | null = null,
) {
  const [row] = await ex
    .update(b)
    .set({
      status: "cancelled",
      cancelledBy: "musician",
      cancelledAt: new Date(),
      cancelReason,
      updatedAt: new Date(),
    })
    .where(and(eq(b.id, id), eq(b.musicianId, musicianId), inArray(b.status, ["pending", "confirmed"])))
    .returning({ clientName: b.clientName });
  return row ?? null;
}

export async function completeBooking(id: string, musicianId: string, today: string) {
  const [row] = await db
    .update(b)
    .set({ status: "completed", updatedAt: new Date() })
    .where(
      and(
        eq(b.id, id),
        eq(b.musicianId, musicianId),
        eq(b.status, "confirmed"),
        or(isNull(b.eventDate), lte(b.eventDate, today)),
      ),
    )
    .returning({ clientName: b.clientName });
  return row ?? null;
}

export async function findPublicBookingBySlug(slug: string) {
  const [row] = await db
    .select({
      ...bookingColumns,
      musicianStageName: musicianProfiles.stageName,
      musicianFirstName: musicianProfiles.firstName,
      musicianLastName: musicianProfiles.lastName,
      musicianSlug: musicianProfiles.slug,
      musicianWebsiteActive: musicianProfiles.websiteActive,
      musicianPhone: musicianProfiles.phoneNumber,
      musicianId: b.musicianId,
      cancelReason: b.cancelReason,
      cancelledBy: b.cancelledBy,
    })
    .from(b)
    .innerJoin(musicianProfiles, eq(musicianProfiles.id, b.musicianId))
    .where(eq(b.slug, slug))
    .limit(1);
  return row ?? null;
}

/**
 * Confirming twice is harmless: the WHERE admits pending and already-confirmed bookings only. A
 * signed-in organiser who confirms takes the booking into their account, unless it already has one.
 */
export async function confirmBySlug(slug: string, clientUserId: string | null = null) {
  const [row] = await db
    .update(b)
    .set({
      status: "confirmed",
      updatedAt: new Date(),
      ...(clientUserId ? { clientUserId: sql`coalesce(${b.clientUserId}, ${clientUserId})` } : {}),
    })
    .where(and(eq(b.slug, slug), inArray(b.status, ["pending", "confirmed"])))
    .returning({ id: b.id, status: b.status, clientName: b.clientName });
  return row ?? null;
}

export async function findStatusBySlug(slug: string) {
  const [row] = await db.select({ status: b.status }).from(b).where(eq(b.slug, slug)).limit(1);
  return row ?? null;
}
