import { BOOKING_NOT_FOUND, type Outcome } from "~/features/bookings/outcome";
import { guardSlugAction, reportSlugMiss } from "~/features/bookings/slug-guard.server";
import { isPaidPhase, phaseOfStatus } from "~/features/money/money-rules";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { musicianDisplayName } from "~/lib/display-name";
import { logger } from "~/server/logger.server";
import {
  type BookingForReview,
  bookingsWithPublishedOrganiserReview,
  countCompletedBookingsOf,
  type Direction,
  ensureWindowRow,
  findBookingForReview,
  findMusicianRatingColumns,
  findOrganiserRating,
  findOwnReviewForReply,
  findReview,
  listWindowsMissingJobs,
  markWindowJobsQueued,
  organiserAccountsOf,
  organiserStats,
  type ReviewRow,
  type ReviewValues,
  refreshRating,
  saveReply,
  type WindowRow,
  withLockedWindow,
} from "./queries.server";
import { formatRating, type OrganiserReputation, REPLY_EDIT_HOURS, REVIEW_WINDOW_DAYS } from "./rating";
import type { ClientReviewInput, OrganiserReviewInput } from "./review.schema";
import { deleteReviewPhotoKeys, reviewPhotoKeys, storeReviewPhotos } from "./review-photos.server";
import { scheduleAnnouncement, schedulePublication, scheduleWindowJobs } from "./review-schedule.server";

export const MESSAGES = {
  notCompleted: "You can review this booking once it has been completed.",
  notPaid: "Only bookings paid through Stagebook can be reviewed.",
  ownBooking: "A booking made with the musician's own e-mail or phone number cannot be reviewed.",
  disputed: "This booking is under dispute. Reviews open again once the dispute is resolved.",
  closed: `The ${REVIEW_WINDOW_DAYS}-day review window for this booking has closed.`,
  already: "You have already reviewed this booking. You can edit your review until it is published.",
  published: "This review has been published and can no longer be edited.",
  nothingToEdit: "There is no review to edit yet.",
} as const;

const DAY_MS = 86_400_000;
// Lagos keeps UTC+1 all year (no daylight saving), so a fixed offset is exact.
const LAGOS_OFFSET = "+01:00";

/** When the event ended: its date and end time in Lagos; past midnight when it ends before it starts. */
export function eventEndsAt(bk: {
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  updatedAt: Date;
}): Date {
  // A completed booking without a date has no better end than the moment it was marked completed.
  if (!bk.eventDate) return bk.updatedAt;
  const time = (bk.eventEndTime ?? "23:59:59").padEnd(8, ":00").slice(0, 8);
  const end = new Date(`${bk.eventDate}T${time}${LAGOS_OFFSET}`);
  const overnight = bk.eventEndTime && bk.eventStartTime && bk.eventEndTime <= bk.eventStartTime;
  return overnight ? new Date(end.getTime() + DAY_MS) : end;
}

function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** The client's contact on the booking is the musician's own: a review would be a self-review. */
export function isOwnContact(bk: BookingForReview): boolean {
  const email = bk.email?.trim().toLowerCase();
  if (email && email === bk.musicianEmail.trim().toLowerCase()) return true;
  const phone = phoneKey(bk.phoneNumber);
  return phone !== null && phone === phoneKey(bk.musicianPhone);
}

const refuse = (status: number, message: string) => ({ ok: false as const, status, message });

/** Refusals that do not depend on the window: not completed, not paid, or a self-review. */
export function bookingRefusal(bk: BookingForReview) {
  if (bk.status !== "completed") return refuse(409, MESSAGES.notCompleted);
  if (!isPaidPhase(phaseOfStatus(bk.paymentStatus))) return refuse(409, MESSAGES.notPaid);
  if (isOwnContact(bk)) return refuse(403, MESSAGES.ownBooking);
  return null;
}

/** The booking's review window, opened on first need; only completed bookings have one. */
export async function ensureWindow(bk: BookingForReview): Promise<WindowRow> {
  const ends = eventEndsAt(bk);
  const { window, created } = await ensureWindowRow({
    bookingId: bk.id,
    musicianId: bk.musicianId,
    eventEndsAt: ends,
    closesAt: new Date(ends.getTime() + REVIEW_WINDOW_DAYS * DAY_MS),
  });
  if (created || !window.jobsQueuedAt) await queueWindowJobs(window);
  return window;
}

/**
 * Queues the window's jobs and records that it did. The row is committed first, so a failure here
 * leaves jobs_queued_at empty: the next look at the window, or the sweep, queues them (job ids are
 * derived from their keys, so queuing twice is a no-op).
 */
export async function queueWindowJobs(
  window: Pick<WindowRow, "bookingId" | "eventEndsAt" | "closesAt">,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    await scheduleWindowJobs(window);
    await markWindowJobsQueued(window.bookingId, now);
    return true;
  } catch (err) {
    logger.error({ err, bookingId: window.bookingId }, "review window jobs not queued; the sweep will retry");
    return false;
  }
}

/** Queues the jobs of every window left without them; returns how many it repaired. */
export async function queueMissingWindowJobs(now: Date = new Date()): Promise<number> {
  let repaired = 0;
  for (const window of await listWindowsMissingJobs(500)) {
    if (await queueWindowJobs(window, now)) repaired += 1;
  }
  return repaired;
}

/** Called when a booking is marked completed: opens its window and schedules its jobs. */
export async function openReviewWindow(bookingId: string): Promise<void> {
  const bk = await findBookingForReview({ id: bookingId });
  if (bk && !bookingRefusal(bk)) await ensureWindow(bk);
}

export type WindowState = "open" | "paused" | "closed" | "published";

export function windowState(w: WindowRow, now: Date): WindowState {
  if (w.publishedAt) return "published";
  if (w.pausedAt) return "paused";
  return w.closesAt > now ? "open" : "closed";
}

export type SaveResult = Outcome<{ message: string; published: boolean }>;

async function saveReview(
  bk: BookingForReview,
  direction: Direction,
  values: ReviewValues,
  mode: "create" | "edit",
  now: Date,
): Promise<SaveResult> {
  const early = bookingRefusal(bk);
  if (early) return early;
  await ensureWindow(bk);
  const result = await withLockedWindow(bk.id, async (locked): Promise<SaveResult> => {
    const existing = await locked.existing(direction);
    if (mode === "edit" && !existing) return refuse(404, MESSAGES.nothingToEdit);
    if (mode === "edit" && existing?.publishedAt) return refuse(409, MESSAGES.published);
    const state = windowState(locked.window, now);
    if (state === "paused") return refuse(409, MESSAGES.disputed);
    if (state !== "open") return refuse(409, MESSAGES.closed);
    if (mode === "edit" && existing) {
      await locked.update(existing.id, values, now);
      return { ok: true, message: "Your review has been updated", published: false };
    }
    if (existing) return refuse(409, MESSAGES.already);
    // Reputation follows the organiser's account across musicians (null for a link-only client).
    await locked.insert(direction, { ...values, organiserUserId: bk.clientUserId });
    if ((await locked.count()) < 2) {
      return { ok: true, message: "Thank you! Your review has been saved", published: false };
    }
    await locked.publish(now);
    return { ok: true, message: "Thank you! Both reviews are now published", published: true };
  });
  if (!result) return refuse(404, BOOKING_NOT_FOUND);
  if (result.ok && result.published) await scheduleAnnouncement(bk.id);
  return result;
}

function clientValues(input: ClientReviewInput, photos?: string[]): ReviewValues {
  return {
    ...(photos ? { photos } : {}),
    overall: input.overall,
    satisfaction: input.satisfaction,
    professionalism: input.professionalism,
    communication: input.communication,
    punctuality: input.punctuality,
    body: input.body,
  };
}

/**
 * The client reviews the musician with the booking link: the slug is the key (no account). Photos, when
 * given, are re-encoded and stored once the booking may be reviewed, and removed again if the save is
 * refused; on an edit they replace the earlier ones.
 */
export async function submitClientReview(
  slug: string,
  input: ClientReviewInput,
  clientIp: string,
  mode: "create" | "edit" = "create",
  now: Date = new Date(),
  photos: Buffer[] = [],
): Promise<SaveResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const bk = await findBookingForReview({ slug });
  if (!bk) {
    await reportSlugMiss(clientIp);
    return refuse(404, BOOKING_NOT_FOUND);
  }
  if (photos.length === 0) return saveReview(bk, "client_to_musician", clientValues(input), mode, now);
  const early = bookingRefusal(bk);
  if (early) return early;
  const before = mode === "edit" ? await findReview(bk.id, "client_to_musician") : null;
  const stored = await storeReviewPhotos(bk.id, photos);
  if (!stored.ok) return refuse(400, stored.message);
  const result = await saveReview(bk, "client_to_musician", clientValues(input, stored.urls), mode, now);
  if (!result.ok) await deleteReviewPhotoKeys(stored.keys);
  else if (before?.photos.length) await deleteReviewPhotoKeys(reviewPhotoKeys(before.photos));
  return result;
}

type Musician = Pick<OwnProfile, "id">;

/** The musician reviews the organiser of one of their own bookings. */
export async function submitOrganiserReview(
  musician: Musician,
  input: OrganiserReviewInput,
  mode: "create" | "edit" = "create",
  now: Date = new Date(),
): Promise<SaveResult> {
  const bk = await findBookingForReview({ id: input.bookingId, musicianId: musician.id });
  if (!bk) return refuse(404, BOOKING_NOT_FOUND);
  return saveReview(
    bk,
    "musician_to_client",
    {
      overall: input.overall,
      paidOnTime: input.paidOnTime,
      treatedWell: input.treatedWell,
      body: input.body,
    },
    mode,
    now,
  );
}

/** What the booking page shows about reviewing: whether the client may, and their own review. */
export interface ClientReviewPanel {
  /** "payer-only": a paid booking seen by someone who is not its payer, who may not review it. */
  state: WindowState | "not-completed" | "not-paid" | "own-booking" | "payer-only";
  closesAt: string | null;
  musicianName: string;
  review:
    | (Pick<
        ReviewRow,
        "overall" | "satisfaction" | "professionalism" | "communication" | "punctuality" | "body" | "photos"
      > & { published: boolean })
    | null;
  /**
   * What the musician wrote about the organiser, once both reviews are published (phone walk 2): only
   * for the organiser who paid, never for others holding the link; null until then.
   */
  aboutYou: Pick<ReviewRow, "overall" | "paidOnTime" | "treatedWell" | "body"> | null;
}

/** The musician's published review of the booking's organiser (not one our team hid after a report). */
async function publishedReviewOfOrganiser(bookingId: string): Promise<ClientReviewPanel["aboutYou"]> {
  const r = await findReview(bookingId, "musician_to_client");
  if (!r?.publishedAt || r.hiddenAt) return null;
  return { overall: r.overall, paidOnTime: r.paidOnTime, treatedWell: r.treatedWell, body: r.body };
}

/** `forPayer`: the reader is the organiser who paid (their account or payer credential): they also read
 * what the musician wrote about them. */
export async function clientReviewPanel(
  slug: string,
  now: Date = new Date(),
  forPayer = false,
): Promise<ClientReviewPanel | null> {
  const bk = await findBookingForReview({ slug });
  if (!bk) return null;
  const musicianName = musicianDisplayName({
    stageName: bk.musicianStageName,
    firstName: bk.musicianFirstName,
    lastName: bk.musicianLastName,
  });
  const refusal = bookingRefusal(bk);
  if (refusal) {
    return {
      state:
        refusal.message === MESSAGES.notPaid
          ? "not-paid"
          : bk.status === "completed"
            ? "own-booking"
            : "not-completed",
      closesAt: null,
      musicianName,
      review: null,
      aboutYou: null,
    };
  }
  // Reviews are the payer's (issue 35 §1): anyone else holding the link gets no form and no draft.
  if (!forPayer) return { state: "payer-only", closesAt: null, musicianName, review: null, aboutYou: null };
  const window = await ensureWindow(bk);
  const own = await findReview(bk.id, "client_to_musician");
  return {
    aboutYou: await publishedReviewOfOrganiser(bk.id),
    state: windowState(window, now),
    closesAt: window.closesAt.toISOString(),
    musicianName,
    review: own
      ? {
          overall: own.overall,
          satisfaction: own.satisfaction,
          professionalism: own.professionalism,
          communication: own.communication,
          punctuality: own.punctuality,
          body: own.body,
          photos: own.photos,
          published: own.publishedAt !== null,
        }
      : null,
  };
}

/**
 * A dispute on a completed booking stops the review clock: nobody can write, and the window does not
 * close, until resumeReviewWindow is called when the dispute is resolved.
 */
export async function pauseReviewWindow(bookingId: string, now: Date = new Date()): Promise<boolean> {
  const bk = await findBookingForReview({ id: bookingId });
  if (bk?.status !== "completed") return false;
  await ensureWindow(bk);
  const paused = await withLockedWindow(bookingId, async (locked) => {
    if (windowState(locked.window, now) !== "open") return false;
    await locked.pause(now);
    return true;
  });
  return paused === true;
}

/** The dispute is resolved: the window gets back the time it was paused for. Returns the new close. */
export async function resumeReviewWindow(bookingId: string, now: Date = new Date()): Promise<Date | null> {
  const closesAt = await withLockedWindow(bookingId, async (locked) => {
    const { pausedAt, publishedAt, closesAt: before } = locked.window;
    if (!pausedAt || publishedAt) return null;
    const after = new Date(before.getTime() + Math.max(0, now.getTime() - pausedAt.getTime()));
    await locked.resume(after);
    return after;
  });
  if (closesAt) await schedulePublication(bookingId, closesAt);
  return closesAt ?? null;
}

/**
 * The window-end job: publishes whatever was written (one review, or none) once the window has
 * closed. Early, paused or already published windows are left alone, so a retried or duplicated job
 * is harmless.
 */
export async function publishClosedWindow(
  bookingId: string,
  now: Date = new Date(),
): Promise<WindowState | "missing"> {
  const outcome = await withLockedWindow(bookingId, async (locked) => {
    const state = windowState(locked.window, now);
    if (state !== "closed") return state;
    const { directions } = await locked.publish(now);
    return directions.length > 0 ? ("published" as const) : ("closed" as const);
  });
  if (outcome === "published") await scheduleAnnouncement(bookingId);
  return outcome ?? "missing";
}

/** Recomputes the musician's aggregate from their published, visible reviews (repairs and backfills). */
export async function recomputeMusicianRating(musicianId: string): Promise<void> {
  await refreshRating(musicianId);
}

const HOUR_MS = 3_600_000;

/** A public reply to a published review of the musician: one per review, editable for 48 hours. */
export async function replyToReview(
  musician: Musician,
  reviewId: string,
  body: string,
  now: Date = new Date(),
): Promise<Outcome<{ message: string }>> {
  const review = await findOwnReviewForReply(reviewId, musician.id);
  if (review?.direction !== "client_to_musician" || !review.publishedAt) {
    return refuse(404, "Review not found");
  }
  const editUntil = new Date(now.getTime() - REPLY_EDIT_HOURS * HOUR_MS);
  if (review.replyCreatedAt && review.replyCreatedAt <= editUntil) {
    return refuse(409, `A reply can be edited for ${REPLY_EDIT_HOURS} hours after it is first posted.`);
  }
  if (!(await saveReply(reviewId, musician.id, body, now, editUntil))) {
    return refuse(409, `A reply can be edited for ${REPLY_EDIT_HOURS} hours after it is first posted.`);
  }
  return {
    ok: true,
    message: review.replyCreatedAt ? "Your reply has been updated" : "Your reply has been posted",
  };
}

/** The dashboard's Average Rating card: "4.8", or "--" before the first published review. */
export async function averageRatingLabel(musicianId: string): Promise<string> {
  const row = await findMusicianRatingColumns(musicianId);
  return row && row.count > 0 && row.average !== null ? formatRating(row.average) : "--";
}

export type { OrganiserReputation };

/**
 * What a musician sees about the organiser on a request or booking: the rating other musicians
 * published and their completed bookings. A link-only client (no account) is a "New client".
 */
export async function organiserReputation(organiserUserId: string | null): Promise<OrganiserReputation> {
  if (!organiserUserId) return { kind: "new-client" };
  const [rating, completedBookings] = await Promise.all([
    findOrganiserRating(organiserUserId),
    countCompletedBookingsOf(organiserUserId),
  ]);
  return {
    kind: "organiser",
    average: rating.count > 0 ? rating.average : null,
    reviewCount: rating.count,
    completedBookings,
  };
}

/**
 * The organiser's reputation for each of the musician's requests or bookings, keyed by its id: what the
 * musician sees beside it. Ids without an organiser account (link-only clients) are "New client".
 */
export async function organiserReputationsFor(
  musicianId: string,
  ids: { requestIds?: string[]; bookingIds?: string[] },
): Promise<Record<string, OrganiserReputation>> {
  const all = [...(ids.requestIds ?? []), ...(ids.bookingIds ?? [])];
  const out: Record<string, OrganiserReputation> = Object.fromEntries(
    all.map((id) => [id, { kind: "new-client" } as OrganiserReputation]),
  );
  const accounts = await organiserAccountsOf(musicianId, ids);
  const { ratings, completed } = await organiserStats([...new Set(accounts.map((a) => a.organiserUserId))]);
  const rating = new Map(ratings.map((x) => [x.organiserUserId, x]));
  const done = new Map(completed.map((x) => [x.organiserUserId, x.count]));
  for (const a of accounts) {
    const rt = rating.get(a.organiserUserId);
    out[a.id] = {
      kind: "organiser",
      average: rt && rt.count > 0 ? rt.average : null,
      reviewCount: rt?.count ?? 0,
      completedBookings: done.get(a.organiserUserId) ?? 0,
    };
  }
  return out;
}

/**
 * The completed bookings whose organiser the musician may still review: not those whose review of the
 * organiser is already published (phone walk 3: "Review organiser" stayed on those cards).
 */
export function organiserReviewPublished(bookingIds: string[]): Promise<Set<string>> {
  return bookingsWithPublishedOrganiserReview(bookingIds);
}
