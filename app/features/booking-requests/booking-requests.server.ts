import type { Outcome } from "~/features/bookings/outcome";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { BookingRequestInput } from "./booking-request.schema";
import {
  declinePendingRequest,
  findMusicianIdBySlug,
  findOwnRequestStatus,
  insertBookingRequest,
  listPendingRequests,
} from "./queries.server";

export const REQUEST_SENT = "Booking request sent successfully!";
export const REQUEST_FAILED = "Failed to send booking request. Please try again.";
export const UNKNOWN_MUSICIAN = "This musician could not be found, so the request was not sent.";

// Anyone can post a request without an account, so each address gets a handful per window.
const REQUEST_LIMIT = 10;
const REQUEST_WINDOW_MS = 10 * 60_000;

/** A visitor's request to the musician whose website slug is `musicianSlug` (spec §4, ARCHITECTURE §9). */
export async function submitBookingRequest(
  musicianSlug: string,
  input: BookingRequestInput,
  clientIp: string,
): Promise<Outcome> {
  if (!(await hitRateLimit(`booking-request:${clientIp}`, REQUEST_LIMIT, REQUEST_WINDOW_MS))) {
    return {
      ok: false,
      status: 429,
      message: "Too many booking requests. Please wait a few minutes and try again.",
    };
  }
  const musician = /^[a-z0-9-]{1,100}$/.test(musicianSlug) ? await findMusicianIdBySlug(musicianSlug) : null;
  if (!musician) return { ok: false, status: 404, message: UNKNOWN_MUSICIAN };
  await insertBookingRequest(musician.id, input);
  return { ok: true };
}

export async function musicianForRequestForm(musicianSlug: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(musicianSlug)) return null;
  return findMusicianIdBySlug(musicianSlug);
}

export type PendingRequest = Awaited<ReturnType<typeof listPendingRequests>>[number];

export function listOwnPendingRequests(musician: Pick<OwnProfile, "id">): Promise<PendingRequest[]> {
  return listPendingRequests(musician.id);
}

export async function declineOwnRequest(
  musician: Pick<OwnProfile, "id">,
  id: string,
): Promise<Outcome<{ message: string }>> {
  const row = await declinePendingRequest(id, musician.id);
  if (row) return { ok: true, message: `Booking request from ${row.clientName} has been declined` };
  const current = await findOwnRequestStatus(id, musician.id);
  if (!current) return { ok: false, status: 404, message: "Booking request not found" };
  return { ok: false, status: 409, message: "This booking request has already been handled." };
}
