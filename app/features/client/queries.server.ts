import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
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

const clientBookingColumns = {
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
};

const clientRequestColumns = {
  id: r.id,
  eventType: r.eventType,
  eventTypeOther: r.eventTypeOther,
  eventDate: r.eventDate,
  location: r.location,
  budgetEstimateKobo: r.budgetEstimateKobo,
  status: r.status,
  createdAt: r.createdAt,
  ...musicianColumns,
};

/**
 * One mailbox however it is written, in SQL: the same rule as `mailboxOf` (payments/payer.server.ts):
 * case, spaces and a "+tag" do not count, nor, for Gmail, dots and the googlemail.com domain.
 */
function mailboxSql(column: typeof b.email | typeof r.email) {
  const address = sql`lower(trim(${column}))`;
  const local = sql`split_part(split_part(${address}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${address}, '@', 2)`;
  return sql`CASE WHEN ${domain} IN ('gmail.com', 'googlemail.com') THEN replace(${local}, '.', '') || '@gmail.com' ELSE ${local} || '@' || ${domain} END`;
}

/**
 * Bookings made with this mailbox that belong to no account yet (issue 35 §1), with the musician's own
 * address so the caller can leave out a booking the musician made with it.
 */
export function listBookingsByMailbox(mailbox: string) {
  return db
    .select({ ...clientBookingColumns, musicianUserId: m.userId, musicianEmail: user.email })
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .innerJoin(user, eq(user.id, m.userId))
    .where(and(isNull(b.clientUserId), sql`${mailboxSql(b.email)} = ${mailbox}`))
    .orderBy(desc(b.createdAt));
}

/** Requests sent with this mailbox by nobody signed in, except accepted ones that became a booking. */
export function listRequestsByMailbox(mailbox: string) {
  return db
    .select({ ...clientRequestColumns, musicianUserId: m.userId, musicianEmail: user.email })
    .from(r)
    .innerJoin(m, eq(m.id, r.musicianId))
    .innerJoin(user, eq(user.id, m.userId))
    .leftJoin(b, eq(b.requestId, r.id))
    .where(
      and(
        isNull(r.clientUserId),
        sql`${mailboxSql(r.email)} = ${mailbox}`,
        or(inArray(r.status, ["pending", "declined"]), and(eq(r.status, "accepted"), isNull(b.id))),
      ),
    )
    .orderBy(desc(r.createdAt));
}

/** Whether the account's e-mail address was verified (Better Auth's flag). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.verified ?? false;
}

/** A verified address claims what was made with it and belongs to no account yet. */
export async function claimForAccount(userId: string, bookingIds: string[], requestIds: string[]) {
  if (bookingIds.length > 0)
    await db
      .update(b)
      .set({ clientUserId: userId })
      .where(and(inArray(b.id, bookingIds), isNull(b.clientUserId)));
  if (requestIds.length > 0)
    await db
      .update(r)
      .set({ clientUserId: userId })
      .where(and(inArray(r.id, requestIds), isNull(r.clientUserId)));
}

export function listBookingsOfClient(userId: string) {
  return db
    .select(clientBookingColumns)
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .where(eq(b.clientUserId, userId))
    .orderBy(desc(b.createdAt));
}

/** The organiser's requests, except accepted ones that became a booking (the booking stands for them). */
export function listRequestsOfClient(userId: string) {
  return db
    .select({ ...clientRequestColumns, statusToken: r.statusToken })
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
