import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingsByMusician as b } from "~db/schema/bookings";
import { bookingConfirmations as c, bookingInvoices as inv, invoiceCounters } from "~db/schema/calendar";
import { musicianProfiles as m } from "~db/schema/profiles";
import { musicianPaymentSettings } from "~db/schema/wallet";

const documentColumns = {
  id: b.id,
  slug: b.slug,
  musicianId: b.musicianId,
  clientName: b.clientName,
  clientEmail: b.email,
  clientPhone: b.phoneNumber,
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
  musicianStageName: m.stageName,
  musicianFirstName: m.firstName,
  musicianLastName: m.lastName,
  musicianPhone: m.phoneNumber,
  musicianLocation: m.location,
  musicianSlug: m.slug,
  musicianEmail: user.email,
  // The policy frozen on the booking's successful payment (what every refund follows); unpaid: the
  // musician's policy today, which a payment would freeze.
  cancellationPolicy: sql<string | null>`coalesce(
    (SELECT p.cancellation_policy FROM payments p WHERE p.booking_id = ${b.id} AND p.status = 'success'),
    ${musicianPaymentSettings.cancellationPolicy})`,
  confirmedBy: c.confirmedBy,
  confirmedAt: c.confirmedAt,
  invoiceNumber: inv.number,
  invoiceIssuedAt: inv.issuedAt,
};

function selectDocumentBooking() {
  return db
    .select(documentColumns)
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .innerJoin(user, eq(user.id, m.userId))
    .leftJoin(musicianPaymentSettings, eq(musicianPaymentSettings.musicianId, b.musicianId))
    .leftJoin(c, eq(c.bookingId, b.id))
    .leftJoin(inv, eq(inv.bookingId, b.id));
}

/** A musician's own booking (another musician's id finds nothing). */
export async function findOwnDocumentBooking(musicianId: string, bookingId: string) {
  const [row] = await selectDocumentBooking()
    .where(and(eq(b.id, bookingId), eq(b.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

export async function findDocumentBookingBySlug(slug: string) {
  const [row] = await selectDocumentBooking().where(eq(b.slug, slug)).limit(1);
  return row ?? null;
}

export async function findDocumentBookingById(bookingId: string) {
  const [row] = await selectDocumentBooking().where(eq(b.id, bookingId)).limit(1);
  return row ?? null;
}

/**
 * The booking's invoice number: issued once, the next of the musician's sequence. The counter row is
 * locked (FOR UPDATE) in the same transaction as the invoice row, so two first downloads at once get
 * different numbers, and a number is never handed out twice (a deleted booking leaves a gap).
 */
export async function issueInvoiceNumber(
  bookingId: string,
  musicianId: string,
): Promise<{ number: number; issuedAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.insert(invoiceCounters).values({ musicianId, lastNumber: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select({ lastNumber: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(eq(invoiceCounters.musicianId, musicianId))
      .for("update");
    // Checked under the lock: a concurrent first download has either committed its number or not begun.
    const [existing] = await tx
      .select({ number: inv.number, issuedAt: inv.issuedAt })
      .from(inv)
      .where(eq(inv.bookingId, bookingId));
    if (existing) return existing;
    const number = counter!.lastNumber + 1;
    await tx
      .update(invoiceCounters)
      .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
      .where(eq(invoiceCounters.musicianId, musicianId));
    const [row] = await tx
      .insert(inv)
      .values({ bookingId, musicianId, number })
      .returning({ number: inv.number, issuedAt: inv.issuedAt });
    return row!;
  });
}

export type DocumentBookingRow = NonNullable<Awaited<ReturnType<typeof findDocumentBookingById>>>;
