import { and, asc, desc, eq, gt, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequestReplies, bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import type { BookingRequestInput } from "./booking-request.schema";

const r = bookingRequests;

export async function findMusicianIdBySlug(slug: string) {
  const [row] = await db
    .select({ id: musicianProfiles.id, stageName: musicianProfiles.stageName })
    .from(musicianProfiles)
    .where(eq(musicianProfiles.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function insertBookingRequest(
  musicianId: string,
  input: BookingRequestInput,
  clientUserId: string | null = null,
  status: "pending" | "draft" = "pending",
) {
  const [row] = await db
    .insert(r)
    .values({ ...input, musicianId, status, clientUserId })
    .returning({ id: r.id, statusToken: r.statusToken });
  return row!;
}

/** Saves over an organiser's own draft (to the same musician); sending turns it into a pending request. */
export async function updateDraftRequest(
  id: string,
  musicianId: string,
  clientUserId: string,
  input: BookingRequestInput,
  status: "pending" | "draft",
) {
  const [row] = await db
    .update(r)
    .set({ ...input, status, createdAt: new Date() })
    .where(
      and(
        eq(r.id, id),
        eq(r.musicianId, musicianId),
        eq(r.clientUserId, clientUserId),
        eq(r.status, "draft"),
      ),
    )
    .returning({ id: r.id, statusToken: r.statusToken });
  return row ?? null;
}

/** What a request says: the columns its form filled in. */
const requestFields = {
  id: r.id,
  clientName: r.clientName,
  email: r.email,
  phoneNumber: r.phoneNumber,
  eventType: r.eventType,
  eventTypeOther: r.eventTypeOther,
  location: r.location,
  eventDate: r.eventDate,
  dateNotFixed: r.dateNotFixed,
  eventStartTime: r.eventStartTime,
  eventDuration: r.eventDuration,
  budgetEstimateKobo: r.budgetEstimateKobo,
  additionalDetails: r.additionalDetails,
};

export async function findDraftRequest(id: string, musicianId: string, clientUserId: string) {
  const [row] = await db
    .select(requestFields)
    .from(r)
    .where(
      and(
        eq(r.id, id),
        eq(r.musicianId, musicianId),
        eq(r.clientUserId, clientUserId),
        eq(r.status, "draft"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The phone number the organiser gave last, to pre-fill the next request (accounts hold none). */
export async function findLastPhoneOfClient(clientUserId: string) {
  const [row] = await db
    .select({ phoneNumber: r.phoneNumber })
    .from(r)
    .where(and(eq(r.clientUserId, clientUserId), isNotNull(r.phoneNumber)))
    .orderBy(desc(r.createdAt))
    .limit(1);
  return row?.phoneNumber ?? null;
}

export async function findMusicianContact(musicianId: string) {
  const [row] = await db
    .select({
      email: user.email,
      stageName: musicianProfiles.stageName,
      firstName: musicianProfiles.firstName,
    })
    .from(musicianProfiles)
    .innerJoin(user, eq(user.id, musicianProfiles.userId))
    .where(eq(musicianProfiles.id, musicianId))
    .limit(1);
  return row ?? null;
}

/**
 * The musician's pending requests, newest first, and those they declined in the last `undoSeconds`
 * (still undoable: `declinedAt` set).
 */
export function listPendingRequests(musicianId: string, undoSeconds: number) {
  return db
    .select({
      ...requestFields,
      createdAt: r.createdAt,
      clientHasAccount: sql<boolean>`${r.clientUserId} IS NOT NULL`,
      declinedAt: sql<Date | null>`CASE WHEN ${r.status} = 'declined' THEN ${r.answeredAt} END`.mapWith(
        r.answeredAt,
      ),
    })
    .from(r)
    .where(
      and(
        eq(r.musicianId, musicianId),
        or(
          eq(r.status, "pending"),
          and(eq(r.status, "declined"), gt(r.answeredAt, sql`now() - make_interval(secs => ${undoSeconds})`)),
        ),
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id));
}

/** Declines a pending request of this musician; the time it was declined identifies this decline. */
export async function declinePendingRequest(id: string, musicianId: string, reason: string | null) {
  const [row] = await db
    .update(r)
    .set({ status: "declined", declineReason: reason, answeredAt: sql`now()` })
    .where(and(eq(r.id, id), eq(r.musicianId, musicianId), eq(r.status, "pending")))
    .returning({ clientName: r.clientName, answeredAt: r.answeredAt });
  return row ?? null;
}

/** Puts a decline back to pending, only within `undoSeconds` of it. */
export async function undoRecentDecline(id: string, musicianId: string, undoSeconds: number) {
  const [row] = await db
    .update(r)
    .set({ status: "pending", declineReason: null, answeredAt: null })
    .where(
      and(
        eq(r.id, id),
        eq(r.musicianId, musicianId),
        eq(r.status, "declined"),
        gt(r.answeredAt, sql`now() - make_interval(secs => ${undoSeconds})`),
      ),
    )
    .returning({ clientName: r.clientName });
  return row ?? null;
}

export async function findOwnRequestStatus(id: string, musicianId: string) {
  const [row] = await db
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.id, id), eq(r.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

/** The payment status of the booking a request became (null: none yet). */
const bookingPaymentStatus = sql<string | null>`(SELECT ${bookingsByMusician.paymentStatus}
  FROM ${bookingsByMusician} WHERE ${bookingsByMusician.requestId} = ${r.id}
  ORDER BY ${bookingsByMusician.createdAt} LIMIT 1)`;

/** A column of the booking a request became (null: none yet). */
const ofBooking = <T>(column: SQL) =>
  sql<T | null>`(SELECT ${column} FROM ${bookingsByMusician} WHERE ${bookingsByMusician.requestId} = ${r.id}
    ORDER BY ${bookingsByMusician.createdAt} LIMIT 1)`;

/** Everything the organiser's status link and the answer e-mail need, by the request's id or token. */
function requestForOrganiser() {
  return db
    .select({
      ...requestFields,
      status: r.status,
      declineReason: r.declineReason,
      answeredAt: r.answeredAt,
      createdAt: r.createdAt,
      statusToken: r.statusToken,
      musicianId: r.musicianId,
      musicianSlug: musicianProfiles.slug,
      stageName: musicianProfiles.stageName,
      firstName: musicianProfiles.firstName,
      lastName: musicianProfiles.lastName,
      clientUserId: r.clientUserId,
      accountEmail: user.email,
      bookingSlug: sql<string | null>`(SELECT ${bookingsByMusician.slug} FROM ${bookingsByMusician}
        WHERE ${bookingsByMusician.requestId} = ${r.id} ORDER BY ${bookingsByMusician.createdAt} LIMIT 1)`,
      bookingPaymentStatus,
      // The booked terms, for the "accepted" e-mail and the status line (phone walk 2).
      bookingStatus: ofBooking<string>(sql`${bookingsByMusician.status}`),
      bookingPriceKobo: ofBooking<string>(sql`${bookingsByMusician.priceKobo}::text`),
      bookingDate: ofBooking<string>(sql`${bookingsByMusician.eventDate}::text`),
      bookingStartTime: ofBooking<string>(sql`${bookingsByMusician.eventStartTime}::text`),
      bookingEndTime: ofBooking<string>(sql`${bookingsByMusician.eventEndTime}::text`),
    })
    .from(r)
    .innerJoin(musicianProfiles, eq(musicianProfiles.id, r.musicianId))
    .leftJoin(user, eq(user.id, r.clientUserId));
}

export async function findRequestByToken(token: string) {
  const [row] = await requestForOrganiser()
    .where(and(eq(r.statusToken, token), sql`${r.status} <> 'draft'`))
    .limit(1);
  return row ?? null;
}

export async function findRequestById(id: string) {
  const [row] = await requestForOrganiser().where(eq(r.id, id)).limit(1);
  return row ?? null;
}

/** The musician's median hours from a request to their answer, over their last 20 answers. */
export async function medianReplyHours(musicianId: string): Promise<number | null> {
  const rows = await db.execute<{ hours: string | null }>(sql`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM answered_at - created_at) / 3600)
      AS hours
    FROM (SELECT answered_at, created_at FROM booking_requests
          WHERE musician_id = ${musicianId} AND answered_at IS NOT NULL
          ORDER BY answered_at DESC LIMIT 20) recent`);
  const hours = rows.rows[0]?.hours;
  return hours === null || hours === undefined ? null : Number(hours);
}

const rr = bookingRequestReplies;

/** A request of this musician that can still be answered in the app (pending). */
export async function findOwnPendingRequest(id: string, musicianId: string) {
  const [row] = await db
    .select({
      id: r.id,
      clientName: r.clientName,
      clientUserId: r.clientUserId,
      email: r.email,
      statusToken: r.statusToken,
    })
    .from(r)
    .where(and(eq(r.id, id), eq(r.musicianId, musicianId), eq(r.status, "pending")))
    .limit(1);
  return row ?? null;
}

export async function insertRequestReply(requestId: string, sender: "musician" | "requester", body: string) {
  const [row] = await db
    .insert(rr)
    .values({ requestId, sender, body })
    .returning({ id: rr.id, createdAt: rr.createdAt });
  return row!;
}

/** The replies of several requests, oldest first. */
export function listRequestReplies(requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: rr.id, requestId: rr.requestId, sender: rr.sender, body: rr.body, createdAt: rr.createdAt })
    .from(rr)
    .where(inArray(rr.requestId, requestIds))
    .orderBy(asc(rr.createdAt), asc(rr.id))
    .limit(500);
}
