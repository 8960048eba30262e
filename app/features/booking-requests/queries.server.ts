import { and, desc, eq } from "drizzle-orm";
import { db } from "~/server/db.server";
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

export async function insertBookingRequest(musicianId: string, input: BookingRequestInput) {
  const [row] = await db
    .insert(r)
    .values({ ...input, musicianId, status: "pending" })
    .returning({ id: r.id });
  return row!;
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
