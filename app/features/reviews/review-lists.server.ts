import { shownTo, type TextFields } from "~/features/messaging/contact-boundary";
import { formatCalendarDate } from "~/lib/lagos-date";
import {
  findRatingSummary,
  type ListedReview,
  listAllReviewsForMusician,
  listBookingsAwaitingMusician,
  listCompletedWithoutWindow,
  listPublishedReviews,
} from "./queries.server";
import { REPLY_EDIT_HOURS, REVIEWS_PAGE_SIZE } from "./rating";
import { openReviewWindow } from "./reviews.server";

export interface RatingSummary {
  count: number;
  /** null when there are no published reviews: the page says "No reviews yet", never a number. */
  average: number | null;
  criteria: { name: string; label: string; average: number }[];
}

export interface PublicReview {
  id: string;
  overall: number;
  criteria: { label: string; value: number }[];
  body: string;
  reviewer: string;
  verified: string;
  publishedAt: string;
  photos: string[];
  reply: string | null;
}

/** "Wedding · March 2026": what makes a review a verified booking's. */
export function verifiedLabel(
  r: Pick<ListedReview, "eventType" | "eventTypeOther" | "eventDate" | "createdAt">,
) {
  const type = r.eventType === "Others" && r.eventTypeOther ? r.eventTypeOther : r.eventType;
  const date = r.eventDate ?? r.createdAt.toISOString().slice(0, 10);
  return `${type} · ${formatCalendarDate(date, "MMMM yyyy")}`;
}

/** Only the first name of the client is shown publicly. */
export function reviewerName(clientName: string): string {
  return clientName.trim().split(/\s+/)[0] || "Client";
}

export function toPublicReview(r: ListedReview): PublicReview {
  const criteria =
    r.direction === "client_to_musician"
      ? [
          { label: "Satisfaction", value: r.satisfaction ?? 0 },
          { label: "Professionalism", value: r.professionalism ?? 0 },
          { label: "Communication", value: r.communication ?? 0 },
          { label: "Punctuality", value: r.punctuality ?? 0 },
        ]
      : [];
  const review: PublicReview = {
    id: r.id,
    overall: r.overall,
    criteria,
    body: r.body,
    reviewer: reviewerName(r.clientName),
    verified: verifiedLabel(r),
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
    photos: r.photos,
    reply: r.replyBody,
  };
  // A review and its reply are public: read as before payment by everyone (issue 36).
  return shownTo(review, PUBLIC_REVIEW_FIELDS, "public");
}

const PUBLIC_REVIEW_FIELDS: TextFields<PublicReview> = {
  id: "ours",
  body: "typed",
  reviewer: "typed",
  verified: "typed",
  publishedAt: "ours",
  photos: "ours",
  reply: "typed",
};

export async function ratingSummary(musicianId: string): Promise<RatingSummary> {
  const s = await findRatingSummary(musicianId);
  if (s.count === 0 || s.average === null) return { count: 0, average: null, criteria: [] };
  const criteria = [
    { name: "satisfaction", label: "Satisfaction", average: s.satisfaction },
    { name: "professionalism", label: "Professionalism", average: s.professionalism },
    { name: "communication", label: "Communication", average: s.communication },
    { name: "punctuality", label: "Punctuality", average: s.punctuality },
  ].filter((c): c is { name: string; label: string; average: number } => c.average !== null);
  return { count: s.count, average: s.average, criteria };
}

export interface ProfileReviews {
  summary: RatingSummary;
  reviews: PublicReview[];
  page: number;
  hasNext: boolean;
}

/** The public Reviews tab: published, visible client reviews, newest first, a page at a time. */
export async function profileReviews(musicianId: string, page: number): Promise<ProfileReviews> {
  const [summary, rows] = await Promise.all([
    ratingSummary(musicianId),
    listPublishedReviews(musicianId, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  return {
    summary,
    reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map(toPublicReview),
    page,
    hasNext: rows.length > REVIEWS_PAGE_SIZE,
  };
}

export interface ReceivedReview extends PublicReview {
  hidden: boolean;
  /** A reply can be posted, or edited within 48 hours of first posting it. */
  replyOpen: boolean;
}

export interface WrittenReview {
  id: string;
  bookingId: string;
  clientName: string;
  verified: string;
  overall: number;
  paidOnTime: boolean;
  treatedWell: boolean;
  body: string;
  published: boolean;
}

export interface AwaitingReview {
  bookingId: string;
  clientName: string;
  verified: string;
  closesAt: string;
  paused: boolean;
}

export interface MusicianReviewsData {
  summary: RatingSummary;
  received: ReceivedReview[];
  written: WrittenReview[];
  waiting: AwaitingReview[];
}

/** /musician_reviews/{slug}: what clients said, what the musician wrote, and what is left to write. */
export async function musicianReviewsPage(
  musicianId: string,
  now: Date = new Date(),
): Promise<MusicianReviewsData> {
  // Bookings completed before reviews existed get their window on first visit.
  for (const b of await listCompletedWithoutWindow(musicianId)) await openReviewWindow(b.id);
  const [summary, all, waiting] = await Promise.all([
    ratingSummary(musicianId),
    listAllReviewsForMusician(musicianId),
    listBookingsAwaitingMusician(musicianId, now),
  ]);
  const replyCutoff = now.getTime() - REPLY_EDIT_HOURS * 3_600_000;
  return {
    summary,
    received: all
      .filter((r) => r.direction === "client_to_musician" && r.publishedAt)
      .map((r) => ({
        ...toPublicReview(r),
        hidden: r.hiddenAt !== null,
        replyOpen: !r.replyCreatedAt || r.replyCreatedAt.getTime() > replyCutoff,
      })),
    written: all
      .filter((r) => r.direction === "musician_to_client")
      .map((r) => ({
        id: r.id,
        bookingId: r.bookingId,
        clientName: r.clientName,
        verified: verifiedLabel(r),
        overall: r.overall,
        paidOnTime: r.paidOnTime ?? false,
        treatedWell: r.treatedWell ?? false,
        body: r.body,
        published: r.publishedAt !== null,
      })),
    waiting: waiting.map((w) => ({
      bookingId: w.bookingId,
      clientName: w.clientName,
      verified: verifiedLabel({ ...w, createdAt: w.closesAt }),
      closesAt: w.closesAt.toISOString(),
      paused: w.pausedAt !== null,
    })),
  };
}
