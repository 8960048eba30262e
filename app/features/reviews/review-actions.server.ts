// Route-facing actions: parse the form, call the rules, answer a ReviewActionResult.
import { data } from "react-router";
import type { Outcome } from "~/features/bookings/outcome";
import { moneyWasReceived } from "~/features/money/money-rules";
import { type ClientActor, payerStanding } from "~/features/payments/payer.server";
import { findBookingBySlug } from "~/features/payments/queries.server";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { fieldErrors } from "~/lib/field-errors";
import { idempotent } from "~/server/idempotency.server";
import { logger } from "~/server/logger.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  clientReviewSchema,
  hideReviewSchema,
  organiserReviewSchema,
  replySchema,
  reportSchema,
} from "./review.schema";
import {
  isClientReviewIntent,
  REVIEW_INTENTS,
  REVIEW_REFUSALS,
  type ReviewActionResult,
} from "./review-action";
import { PHOTO_MESSAGES, readReviewUpload } from "./review-photos.server";
import { reportReview, settleReviewReport } from "./review-reports.server";
import { replyToReview, type SaveResult, submitClientReview, submitOrganiserReview } from "./reviews.server";

function answer(intent: string, result: SaveResult | Outcome<{ message: string }>) {
  if (!result.ok) {
    return data<ReviewActionResult>(
      { intent, ok: false, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<ReviewActionResult>({ intent, ok: true, toast: { type: "success", message: result.message } });
}

function invalid(intent: string, error: Parameters<typeof fieldErrors>[0]) {
  return data<ReviewActionResult>({ intent, ok: false, errors: fieldErrors(error) }, { status: 400 });
}

/**
 * Reviews are the payer's (issue 35 §1, phone walk 3's blocker): on a paid booking only the person who
 * paid writes or edits the client's review, never anyone else holding the link, nor the musician.
 * A booking that was never paid cannot be reviewed at all (the rules refuse it with their own sentence).
 */
async function notThePayer(slug: string, actor: ClientActor) {
  const booking = await findBookingBySlug(slug);
  // Not completed, or never paid: the review rules refuse it with their own sentence.
  if (booking?.status !== "completed" || !moneyWasReceived(booking.paymentStatus)) return null;
  const standing = await payerStanding(booking, actor);
  if (standing === "payer") return null;
  logger.warn({ bookingId: booking.id, standing }, "client review refused: not the booking's payer");
  return {
    ok: false as const,
    status: 403,
    message: standing === "musician" ? REVIEW_REFUSALS.musician : REVIEW_REFUSALS.notPayer,
  };
}

/** The client's review by the booking link (intent "review" creates, "edit-review" edits), the payer's only. */
export async function clientReviewAction(
  form: Record<string, string>,
  slug: string,
  clientIp: string,
  actor: ClientActor,
) {
  const intent =
    form.intent === REVIEW_INTENTS.clientEdit ? REVIEW_INTENTS.clientEdit : REVIEW_INTENTS.clientCreate;
  const parsed = clientReviewSchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  const refused = await notThePayer(slug, actor);
  if (refused) return answer(intent, refused);
  if (intent === REVIEW_INTENTS.clientEdit) {
    return answer(intent, await submitClientReview(slug, parsed.data, clientIp, "edit"));
  }
  return idempotent({ action: `review:${slug}`, fields: form }, async () =>
    answer(intent, await submitClientReview(slug, parsed.data, clientIp, "create")),
  );
}

/** Photo uploads cost a re-encode each: this many review posts with photos per address an hour. */
export const PHOTO_POSTS_PER_HOUR = 20;

/**
 * The client's review posted as multipart/form-data, with optional photos from the event. Without
 * photos it is the same as clientReviewAction.
 */
export async function clientReviewUploadAction(
  request: Request,
  slug: string,
  clientIp: string,
  actor: ClientActor,
) {
  const upload = await readReviewUpload(request);
  if (!upload.ok) {
    const message =
      upload.reason === "too-large"
        ? PHOTO_MESSAGES.tooLarge
        : upload.reason === "too-many"
          ? PHOTO_MESSAGES.tooMany
          : PHOTO_MESSAGES.unreadable;
    return data<ReviewActionResult>(
      { intent: REVIEW_INTENTS.clientCreate, ok: false, errors: { photos: message } },
      { status: upload.reason === "too-large" ? 413 : 400 },
    );
  }
  const form = upload.fields;
  if (!isClientReviewIntent(form.intent)) {
    return data<ReviewActionResult>(
      { intent: String(form.intent ?? ""), ok: false, toast: { type: "error", message: "Unknown action" } },
      { status: 400 },
    );
  }
  if (upload.photos.length === 0) return clientReviewAction(form, slug, clientIp, actor);
  const intent =
    form.intent === REVIEW_INTENTS.clientEdit ? REVIEW_INTENTS.clientEdit : REVIEW_INTENTS.clientCreate;
  const parsed = clientReviewSchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  const refused = await notThePayer(slug, actor);
  if (refused) return answer(intent, refused);
  if (!(await hitRateLimit(`review-photos:${clientIp}`, PHOTO_POSTS_PER_HOUR, 3_600_000))) {
    return data<ReviewActionResult>(
      { intent, ok: false, errors: { photos: "Too many uploads. Please wait a while and try again." } },
      { status: 429 },
    );
  }
  const mode = intent === REVIEW_INTENTS.clientEdit ? "edit" : "create";
  const save = async () => {
    const result = await submitClientReview(slug, parsed.data, clientIp, mode, new Date(), upload.photos);
    // A photo that is not an image is the photos field's problem, shown beside it.
    if (!result.ok && result.status === 400) {
      return data<ReviewActionResult>(
        { intent, ok: false, errors: { photos: result.message } },
        { status: 400 },
      );
    }
    return answer(intent, result);
  };
  if (mode === "edit") return save();
  return idempotent({ action: `review:${slug}`, fields: form }, save);
}

/** The musician's review of the organiser of one of their bookings. */
export async function organiserReviewAction(
  form: Record<string, string>,
  ctx: { user: { id: string }; profile: Pick<OwnProfile, "id"> },
) {
  const intent =
    form.intent === REVIEW_INTENTS.organiserEdit
      ? REVIEW_INTENTS.organiserEdit
      : REVIEW_INTENTS.organiserCreate;
  const parsed = organiserReviewSchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  if (intent === REVIEW_INTENTS.organiserEdit) {
    return answer(intent, await submitOrganiserReview(ctx.profile, parsed.data, "edit"));
  }
  return idempotent({ action: "review-organiser", userId: ctx.user.id, fields: form }, async () =>
    answer(intent, await submitOrganiserReview(ctx.profile, parsed.data, "create")),
  );
}

export async function replyAction(form: Record<string, string>, profile: Pick<OwnProfile, "id">) {
  const intent = REVIEW_INTENTS.reply;
  const parsed = replySchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  return answer(intent, await replyToReview(profile, parsed.data.reviewId, parsed.data.reply));
}

/** "Report" on a published review: anyone, signed in or not (rate-limited per address and account). */
export async function reportAction(
  form: Record<string, string>,
  reporter: { userId: string | null; clientIp: string },
) {
  const intent = REVIEW_INTENTS.report;
  const parsed = reportSchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  return answer(intent, await reportReview(parsed.data.reviewId, parsed.data.reason, reporter));
}

/** The admin's decision on a report: hide the review with a note, or dismiss the report. */
export async function settleReportAction(form: Record<string, string>, admin: { id: string }) {
  const intent = REVIEW_INTENTS.settleReport;
  const parsed = hideReviewSchema.safeParse(form);
  if (!parsed.success) return invalid(intent, parsed.error);
  return answer(intent, await settleReviewReport(admin, parsed.data));
}
