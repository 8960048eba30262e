// The musician's side of a dispute ("Add your side", issue 23 §4): text and up to four photos, kept
// with the dispute for our team, and what happens next and by when, shown to both sides.

import { data } from "react-router";
import type { BookingsActionResult } from "~/features/bookings/action-results";
import { ourWords, type Reader, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import { disputeDeadlines, shortDay } from "~/features/notifications/money-notices";
import { organiserNoticeTarget } from "~/features/notifications/money-notifications.server";
import { MAX_IMAGE_BYTES } from "~/features/portfolio/media.schema";
import { renderImage } from "~/features/portfolio/media.server";
import { inTransaction } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { queueMail } from "~/server/mail/mail-queue.server";
import { storage } from "~/server/storage/storage.server";
import { readMultipart } from "~/server/uploads/multipart.server";
import { disputeThreads, findOwnBookingDispute, insertDisputeResponse } from "./queries.server";

export const DISPUTE_SIDE_INTENT = "dispute-side";
export const MAX_SIDE_PHOTOS = 4;
const PHOTO_WIDTHS = [1280] as const;

export const DISPUTE_SIDE_MESSAGES = {
  tooShort: "Write at least 10 characters about what happened.",
  tooLong: "Keep your side under 4,000 characters.",
  notOpen: "This booking has no open dispute to answer.",
  notFound: "Booking not found",
  tooLarge: "Each photo must be 5MB or smaller.",
  tooMany: `Add at most ${MAX_SIDE_PHOTOS} photos.`,
  notImage: "Photos must be JPEG, PNG, WebP, GIF or AVIF images.",
  unreadable: "We could not read that form. Please try again.",
  failed: "Your photos could not be saved. Please try again.",
  saved: "Your side has been added. Our team will read it before deciding.",
} as const;

export type AddSideResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; field?: "body" | "photos" };

/** Stores the musician's side of the open dispute on their own booking. */
export async function addDisputeSide(
  musicianId: string,
  bookingId: string,
  text: string,
  photos: Buffer[],
): Promise<AddSideResult> {
  const body = text.trim();
  if (body.length < 10)
    return { ok: false, status: 400, message: DISPUTE_SIDE_MESSAGES.tooShort, field: "body" };
  if (body.length > 4000)
    return { ok: false, status: 400, message: DISPUTE_SIDE_MESSAGES.tooLong, field: "body" };
  const booking = await findOwnBookingDispute(bookingId, musicianId);
  if (!booking) return { ok: false, status: 404, message: DISPUTE_SIDE_MESSAGES.notFound };
  if (!booking.openDisputeAt) return { ok: false, status: 409, message: DISPUTE_SIDE_MESSAGES.notOpen };
  const rendered = [];
  for (const bytes of photos) {
    const r = await renderImage(bytes, PHOTO_WIDTHS);
    if (!r?.[0]) return { ok: false, status: 400, message: DISPUTE_SIDE_MESSAGES.notImage, field: "photos" };
    rendered.push(r[0].bytes);
  }
  const keys: string[] = [];
  try {
    const stamp = Date.now();
    for (const [i, bytes] of rendered.entries()) {
      const key = `dispute_photos/${bookingId}/${stamp}-${i}.webp`;
      await storage().put(key, bytes, "image/webp");
      keys.push(key);
    }
  } catch (err) {
    logger.error({ err, bookingId }, "dispute photos could not be stored");
    if (keys.length)
      await storage()
        .delete(keys)
        .catch(() => {});
    return { ok: false, status: 503, message: DISPUTE_SIDE_MESSAGES.failed, field: "photos" };
  }
  // The side and the organiser's e-mail about it commit together (the mail outbox, ADR 0023).
  await inTransaction(async () => {
    await insertDisputeResponse({ bookingId, musicianId, body, photos: keys });
    await mailOrganiserOfSide(bookingId, booking.openDisputeAt!);
  });
  return { ok: true, message: DISPUTE_SIDE_MESSAGES.saved };
}

/** Tells the organiser the musician has answered their dispute (phone walk 2), not what was said. */
async function mailOrganiserOfSide(bookingId: string, openedAt: Date) {
  const to = await organiserNoticeTarget(bookingId);
  if (!to) return;
  const { decisionBy } = disputeDeadlines(openedAt);
  await queueMail({
    to: to.to,
    subject: sentence`${to.musicianName} added their side to your dispute on ${to.what}`,
    text: sentence`Hello ${to.clientName},

${to.musicianName} has added their side to the dispute you raised on ${to.what}. Our team reads both sides and decides by ${ourWords(decisionBy)}, then tells you both what each of you receives.

Open the booking: ${to.link}

— Stagebook`,
  });
}

/** The "Add your side" form's post (multipart) on /musician_bookings/{slug}, for the signed-in musician. */
export async function disputeSideAction(request: Request, musicianId: string) {
  const read = await readMultipart(request, {
    fileField: "photos",
    maxFileBytes: MAX_IMAGE_BYTES,
    maxFiles: MAX_SIDE_PHOTOS,
    extraFiles: "refuse",
  });
  const intent = DISPUTE_SIDE_INTENT;
  if (!read.ok) {
    const message =
      read.reason === "too-large"
        ? DISPUTE_SIDE_MESSAGES.tooLarge
        : read.reason === "too-many"
          ? DISPUTE_SIDE_MESSAGES.tooMany
          : DISPUTE_SIDE_MESSAGES.unreadable;
    return data<BookingsActionResult>(
      { ok: false, intent, toast: { type: "error", message } },
      { status: read.reason === "too-large" ? 413 : 400 },
    );
  }
  const bookingId = read.fields.bookingId ?? "";
  if (read.fields.intent !== intent || !/^[0-9a-f-]{36}$/i.test(bookingId))
    return data<BookingsActionResult>(
      { ok: false, intent, toast: { type: "error", message: DISPUTE_SIDE_MESSAGES.notFound } },
      { status: 404 },
    );
  const result = await addDisputeSide(
    musicianId,
    bookingId,
    read.fields.body ?? "",
    read.files.map((f) => f.bytes),
  );
  if (!result.ok)
    return data<BookingsActionResult>(
      result.field
        ? { ok: false, intent, bookingId, errors: { [result.field]: result.message } }
        : { ok: false, intent, bookingId, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  return data<BookingsActionResult>({
    ok: true,
    intent,
    bookingId,
    toast: { type: "success", message: result.message },
  });
}

export type DisputeThread = {
  /** An open dispute: when it was opened, and the dates its next steps are due by ("28 Nov"). */
  open: { openedAt: string; sideBy: string; decisionBy: string } | null;
  responses: { body: string; photos: string[]; at: string }[];
};

/** For bookings the caller has authorised: each one's open dispute timeline and the musician's side. */
export async function disputeThreadsFor(bookingIds: string[]): Promise<Map<string, DisputeThread>> {
  const { disputes, responses } = await disputeThreads(bookingIds);
  const out = new Map<string, DisputeThread>();
  for (const id of bookingIds) {
    const open = disputes.filter((d) => d.bookingId === id && !d.resolvedAt).at(-1);
    const mine = responses.filter((r) => r.bookingId === id);
    if (!open && mine.length === 0) continue;
    out.set(id, {
      open: open ? { openedAt: open.createdAt.toISOString(), ...disputeDeadlines(open.createdAt) } : null,
      responses: mine.map((r) => ({
        body: r.body,
        photos: r.photos.map((k) => storage().publicUrl(k)),
        at: r.createdAt.toISOString(),
      })),
    });
  }
  return out;
}

/**
 * For a booking whose organiser the caller may act for: its open dispute, or null when none is open.
 * Before payment anyone holding the link reads it (the musician too, signed out), so the reason is read
 * through the contact boundary in the booking's money state (issue 36).
 */
export async function clientDisputeView(bookingId: string, reader: Reader) {
  const { disputes, responses } = await disputeThreads([bookingId]);
  const open = disputes.filter((d) => !d.resolvedAt).at(-1);
  if (!open) return null;
  const side = responses.filter((r) => r.createdAt >= open.createdAt).at(-1);
  return {
    reason: textShownTo(open.disputeReason, reader),
    /** "28 Nov": until when the musician may add their side, and when our team decides. */
    ...disputeDeadlines(open.createdAt),
    /** "27 Nov" when the musician added their side to this dispute; null while they have not. */
    sideAddedOn: side ? shortDay(side.createdAt) : null,
  };
}
/** What the organiser reads about their open dispute: their own words, and whether the musician answered. */
export type ClientDisputeView = NonNullable<Awaited<ReturnType<typeof clientDisputeView>>>;
