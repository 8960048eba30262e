// Reporting a published review, and the admin's queue of open reports (hide with a note, or dismiss).
import type { Outcome } from "~/features/bookings/outcome";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  countOpenReports,
  findPublishedReview,
  insertReport,
  listOpenReports,
  settleReport,
} from "./queries.server";

/**
 * Anyone may report, signed in or not: a link-only client has no account, and a reader of a public
 * profile may spot abuse. Each address (and each account) gets this many reports an hour.
 */
export const REPORTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export const REPORT_MESSAGES = {
  sent: "Thank you. Stagebook will look at this review.",
  notFound: "Review not found",
  tooMany: "Too many reports. Please wait a while and try again.",
  hidden: "The review is hidden",
  dismissed: "The report is dismissed; the review stays",
  settled: "This report has already been handled.",
} as const;

const refuse = (status: number, message: string) => ({ ok: false as const, status, message });

export async function reportReview(
  reviewId: string,
  reason: string,
  reporter: { userId: string | null; clientIp: string },
): Promise<Outcome<{ message: string }>> {
  const underLimit = await hitRateLimit(`review-report:${reporter.clientIp}`, REPORTS_PER_HOUR, HOUR_MS);
  const userUnderLimit = reporter.userId
    ? await hitRateLimit(`review-report-user:${reporter.userId}`, REPORTS_PER_HOUR, HOUR_MS)
    : true;
  if (!underLimit || !userUnderLimit) return refuse(429, REPORT_MESSAGES.tooMany);
  const review = await findPublishedReview(reviewId);
  if (!review) return refuse(404, REPORT_MESSAGES.notFound);
  await insertReport(review.id, reason, reporter.userId);
  return { ok: true, message: REPORT_MESSAGES.sent };
}

/** The admin hides the reported review (it leaves the profile and the averages) or dismisses the report. */
export async function settleReviewReport(
  admin: { id: string },
  input: { reportId: string; decision: "hide" | "dismiss"; note: string },
  now: Date = new Date(),
): Promise<Outcome<{ message: string }>> {
  const done = await settleReport(input.reportId, input.decision, input.note, admin.id, now);
  if (!done) return refuse(409, REPORT_MESSAGES.settled);
  return {
    ok: true,
    message: input.decision === "hide" ? REPORT_MESSAGES.hidden : REPORT_MESSAGES.dismissed,
  };
}

export interface AdminReviewReport {
  id: string;
  reason: string;
  reportedAt: string;
  reviewId: string;
  body: string;
  overall: number;
  direction: string;
  musicianName: string;
  musicianSlug: string | null;
}

/** The admin's "Reported reviews" tab: open reports, oldest first. */
export async function adminReviewReports(): Promise<{ total: number; reports: AdminReviewReport[] }> {
  const [total, rows] = await Promise.all([countOpenReports(), listOpenReports(50)]);
  return {
    total,
    reports: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      reportedAt: r.createdAt.toISOString(),
      reviewId: r.reviewId,
      body: r.body,
      overall: r.overall,
      direction: r.direction,
      musicianName: r.musicianName || "Unnamed musician",
      musicianSlug: r.musicianSlug,
    })),
  };
}
