import { and, desc, eq, isNotNull } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests } from "~db/schema/bookings";
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
    .returning({ id: r.id });
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
    .returning({ id: r.id });
  return row ?? null;
}

export async function findDraftRequest(id: string, musicianId: string, clientUserId: string) {
  const [row] = await db
    .select({
      id: r.id,
      clientName: r.clientName,
      email: r.email,
      phoneNumber: r.phoneNumber,
      eventType: r.eventType,
      eventTypeOther: r.eventTypeOther,
      location: r.location,
      eventDate: r.eventDate,
      eventDuration: r.eventDuration,
      budgetEstimateKobo: r.budgetEstimateKobo,
      additionalDetails: r.additionalDetails,
    })
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

export function listPendingRequests(musicianId: string) {
  return db
    .select({
      id: r.id,
      clientName: r.clientName,
      email: r.email,
      phoneNumber: r.phoneNumber,
      eventType: r.eventType,
      eventTypeOther: r.eventTypeOther,
      location: r.location,
      eventDate: r.eventDate,
      eventDuration: r.eventDuration,
      budgetEstimateKobo: r.budgetEstimateKobo,
      additionalDetails: r.additionalDetails,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(and(eq(r.musicianId, musicianId), eq(r.status, "pending")))
    .orderBy(desc(r.createdAt), desc(r.id));
}

export async function declinePendingRequest(id: string, musicianId: string) {
  const [row] = await db
    .update(r)
    .set({ status: "declined" })
    .where(and(eq(r.id, id), eq(r.musicianId, musicianId), eq(r.status, "pending")))
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
