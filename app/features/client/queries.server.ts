import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";

const b = bookingsByMusician;
const r = bookingRequests;
const m = musicianProfiles;

const musicianColumns = {
  musicianStageName: m.stageName,
  musicianFirstName: m.firstName,
  musicianLastName: m.lastName,
  musicianSlug: m.slug,
  musicianWebsiteActive: m.websiteActive,
};

export function listBookingsOfClient(userId: string) {
  return db
    .select({
      id: b.id,
      slug: b.slug,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      eventDate: b.eventDate,
      eventStartTime: b.eventStartTime,
      eventEndTime: b.eventEndTime,
      location: b.location,
      priceKobo: b.priceKobo,
      status: b.status,
      paymentStatus: b.paymentStatus,
      cancelledBy: b.cancelledBy,
      cancelledAt: b.cancelledAt,
      clientName: b.clientName,
      createdAt: b.createdAt,
      ...musicianColumns,
    })
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .where(eq(b.clientUserId, userId))
    .orderBy(desc(b.createdAt));
}

/** The organiser's requests, except accepted ones that became a booking (the booking stands for them). */
export function listRequestsOfClient(userId: string) {
  return db
    .select({
      id: r.id,
      eventType: r.eventType,
      eventTypeOther: r.eventTypeOther,
      eventDate: r.eventDate,
      location: r.location,
      budgetEstimateKobo: r.budgetEstimateKobo,
      status: r.status,
      statusToken: r.statusToken,
      createdAt: r.createdAt,
      ...musicianColumns,
    })
    .from(r)
    .innerJoin(m, eq(m.id, r.musicianId))
    .leftJoin(b, and(eq(b.requestId, r.id), eq(b.clientUserId, userId)))
    .where(
      and(eq(r.clientUserId, userId), or(inArray(r.status, ["draft", "pending", "declined"]), isNull(b.id))),
    )
    .orderBy(desc(r.createdAt));
}

/** Accept = confirm: only the organiser's own booking, and only while it awaits them. */
export async function confirmClientBooking(id: string, userId: string) {
  const [row] = await db
    .update(b)
    .set({ status: "confirmed", updatedAt: new Date() })
    .where(and(eq(b.id, id), eq(b.clientUserId, userId), eq(b.status, "pending")))
    .returning({ id: b.id, musicianId: b.musicianId, slug: b.slug });
  return row ?? null;
}

export async function findClientBookingStatus(id: string, userId: string) {
  const [row] = await db
    .select({ status: b.status })
    .from(b)
    .where(and(eq(b.id, id), eq(b.clientUserId, userId)))
    .limit(1);
  return row ?? null;
}

export async function setAccountPhone(userId: string, phoneNumber: string) {
  await db.update(user).set({ phoneNumber }).where(eq(user.id, userId));
}

export async function findAccountPhone(userId: string) {
  const [row] = await db
    .select({ phoneNumber: user.phoneNumber })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.phoneNumber ?? null;
}
