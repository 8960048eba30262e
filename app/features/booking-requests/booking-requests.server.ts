import type { Outcome } from "~/features/bookings/outcome";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { formatNairaAmount } from "~/lib/naira";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { BookingRequestFormValues, BookingRequestInput } from "./booking-request.schema";
import {
  declinePendingRequest,
  findDraftRequest,
  findLastPhoneOfClient,
  findMusicianContact,
  findMusicianIdBySlug,
  findOwnRequestStatus,
  insertBookingRequest,
  listPendingRequests,
  updateDraftRequest,
} from "./queries.server";

export const REQUEST_SENT = "Booking request sent successfully!";
export const REQUEST_FAILED = "Failed to send booking request. Please try again.";
export const UNKNOWN_MUSICIAN = "This musician could not be found, so the request was not sent.";

// Anyone can post a request without an account, so each address gets a handful per window.
const REQUEST_LIMIT = 10;
const REQUEST_WINDOW_MS = 10 * 60_000;

export const DRAFT_SAVED = "Draft saved. Finish it from My Bookings.";
export const DRAFT_NOT_FOUND = "This draft could not be found. It may have been sent already.";

/** Who sends: a signed-in organiser (the request belongs to their account, and may be a draft). */
export interface RequestSender {
  clientUserId: string;
  /** Save without sending. */
  draft?: boolean;
  /** The draft this finishes (or saves again). */
  draftId?: string | null;
}

/**
 * A request to the musician whose website slug is `musicianSlug` (spec §4, ARCHITECTURE §9): from an
 * anonymous visitor, or from a signed-in organiser whose account it then belongs to.
 */
export async function submitBookingRequest(
  musicianSlug: string,
  input: BookingRequestInput,
  clientIp: string,
  sender: RequestSender | null = null,
): Promise<Outcome<{ draft?: boolean }>> {
  if (!(await hitRateLimit(`booking-request:${clientIp}`, REQUEST_LIMIT, REQUEST_WINDOW_MS))) {
    return {
      ok: false,
      status: 429,
      message: "Too many booking requests. Please wait a few minutes and try again.",
    };
  }
  const musician = /^[a-z0-9-]{1,100}$/.test(musicianSlug) ? await findMusicianIdBySlug(musicianSlug) : null;
  if (!musician) return { ok: false, status: 404, message: UNKNOWN_MUSICIAN };
  const status = sender?.draft ? "draft" : "pending";
  if (sender?.draftId) {
    const saved = await updateDraftRequest(sender.draftId, musician.id, sender.clientUserId, input, status);
    if (!saved) return { ok: false, status: 404, message: DRAFT_NOT_FOUND };
  } else {
    await insertBookingRequest(musician.id, input, sender?.clientUserId ?? null, status);
  }
  if (status === "pending") await notifyMusicianOfRequest(musician.id, input.clientName);
  return { ok: true, draft: status === "draft" };
}

/** What the request form starts from for a signed-in organiser: their account, or the draft they finish. */
export async function requestPrefill(
  musicianId: string,
  organiser: { id: string; name: string; email: string },
  draftId: string | null,
): Promise<{ values: Partial<BookingRequestFormValues>; draftId: string | null }> {
  const draft =
    draftId && /^[0-9a-f-]{36}$/.test(draftId)
      ? await findDraftRequest(draftId, musicianId, organiser.id)
      : null;
  if (draft) {
    return {
      draftId: draft.id,
      values: {
        clientName: draft.clientName,
        email: draft.email ?? "",
        phoneNumber: draft.phoneNumber ?? "",
        eventType: draft.eventType,
        eventTypeOther: draft.eventTypeOther ?? "",
        location: draft.location ?? "",
        eventDate: draft.eventDate ?? "",
        eventDuration: draft.eventDuration,
        budgetEstimate: draft.budgetEstimateKobo === null ? "" : formatNairaAmount(draft.budgetEstimateKobo),
        additionalDetails: draft.additionalDetails ?? "",
      },
    };
  }
  return {
    draftId: null,
    values: {
      clientName: organiser.name,
      email: organiser.email,
      phoneNumber: (await findLastPhoneOfClient(organiser.id)) ?? "",
    },
  };
}

/** E-mails the musician about a new request; a mail failure never loses the stored request. */
async function notifyMusicianOfRequest(musicianId: string, clientName: string) {
  try {
    const to = await findMusicianContact(musicianId);
    if (!to) return;
    await sendMail({
      to: to.email,
      subject: `New booking request from ${clientName}`,
      text: `Hello ${to.stageName || to.firstName || ""},\n\n${clientName} sent you a booking request on Stagebook. Open your Booking Requests to accept or decline it:\n\n${publicOrigin()}/musician_dashboard\n\nStagebook`,
    });
  } catch (err) {
    logger.error({ err }, "booking request e-mail failed");
  }
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
