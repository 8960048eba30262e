// Reporting a review and the admin's queue: who may report, who may settle, and what hiding does.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as profileAction, loader as profileLoader } from "~/routes/musician-profile";
import { action as reviewsAction } from "~/routes/musician-reviews";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { reviewReports } from "~db/schema/reviews";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { answer, args, get, post } from "../bookings/booking-test-support";
import { listAllReviewsForMusician } from "./queries.server";
import { REPORTS_PER_HOUR } from "./review-reports.server";
import { reviewMusician, seedPublishedReviews } from "./review-test-support";

afterAll(async () => {
  await stopJobs();
});

async function adminAccount() {
  const a = await createMusician();
  await db.update(user).set({ role: "admin" }).where(eq(user.id, a.userId));
  return a;
}

/** A musician with published reviews of 5 and 1 stars (average 3.0); returns the 1-star review's id. */
async function reviewedMusician() {
  const m = await reviewMusician();
  await seedPublishedReviews(m, [5, 1]);
  const rows = await listAllReviewsForMusician(m.profileId);
  const oneStar = rows.find((r) => r.overall === 1)!;
  return { m, reviewId: oneStar.id };
}

const report = (who: Parameters<typeof post>[0], slug: string, form: Record<string, string>, ip = testIp()) =>
  answer(() =>
    profileAction(args(post(who, `/musicians/${slug}`, { intent: "report-review", ...form }), { slug }, ip)),
  );

describe("Report a review", () => {
  it("a signed-out reader reports with a reason; an empty reason gets a clear message", async () => {
    const { m, reviewId } = await reviewedMusician();
    const empty = await report(null, m.slug, { reviewId, reason: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ reason: "Tell us why you are reporting this review" });
    const missing = await report(null, m.slug, { reviewId });
    expect(missing.body.errors).toEqual({ reason: "Tell us why you are reporting this review" });

    const ok = await report(null, m.slug, { reviewId, reason: "This person never booked this musician." });
    expect(ok.status).toBe(200);
    expect(ok.body.toast.message).toBe("Thank you. Stagebook will look at this review.");
    const stored = await db
      .select({ reason: reviewReports.reason, status: reviewReports.status })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(stored).toEqual([{ reason: "This person never booked this musician.", status: "open" }]);
  });

  it("an unknown review is 404; each address gets a limited number of reports an hour", async () => {
    const { m, reviewId } = await reviewedMusician();
    const unknown = await report(null, m.slug, {
      reviewId: "00000000-0000-4000-8000-000000000000",
      reason: "Fake review",
    });
    expect(unknown.status).toBe(404);
    const ip = testIp();
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report(null, m.slug, { reviewId, reason: `Spam report ${i}` }, ip)).status).toBe(200);
    }
    const over = await report(null, m.slug, { reviewId, reason: "One too many" }, ip);
    expect(over.status).toBe(429);
    expect(over.body.toast.message).toBe("Too many reports. Please wait a while and try again.");
  });

  it("the reviewed musician can report a review of them from /musician_reviews", async () => {
    const { m, reviewId } = await reviewedMusician();
    const res = await answer(() =>
      reviewsAction(
        args(
          post(m, `/musician_reviews/${m.slug}`, {
            intent: "report-review",
            reviewId,
            reason: "Written by a competitor, not a client.",
          }),
          { slug: m.slug },
        ),
      ),
    );
    expect(res.status).toBe(200);
    const [row] = await db
      .select({ reporter: reviewReports.reporterUserId })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(row?.reporter).toBe(m.userId);
  });
});

describe("the admin's Reported reviews queue", () => {
  it("only an admin sees the queue or settles a report; anyone else gets 404 and nothing changes", async () => {
    const { m, reviewId } = await reviewedMusician();
    await report(null, m.slug, { reviewId, reason: "Abusive language" });
    const [open] = await db
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    const settle = { intent: "settle-report", reportId: open!.id, decision: "hide", note: "Abusive" };
    for (const who of [null, m]) {
      const page = await answer(() => adminLoader(args(get(who, "/admin?tab=reviews"))));
      expect(page.status).toBe(404);
      const res = await answer(() => adminAction(args(post(who, "/admin?tab=reviews", settle))));
      expect(res.status).toBe(404);
    }
    const [still] = await db
      .select({ status: reviewReports.status })
      .from(reviewReports)
      .where(eq(reviewReports.id, open!.id));
    expect(still?.status).toBe("open");
    const profile = await answer(() =>
      profileLoader(args(get(null, `/musicians/${m.slug}?tab=reviews`), { slug: m.slug })),
    );
    expect(profile.body.reviews.summary.count).toBe(2);
  });

  it("hiding needs a note; a hidden review leaves the profile and the averages; dismissing keeps it", async () => {
    const { m, reviewId } = await reviewedMusician();
    const admin = await adminAccount();
    await report(null, m.slug, { reviewId, reason: "Abusive language" });
    await report(null, m.slug, { reviewId, reason: "Not a real client" });
    const queue = await answer(() => adminLoader(args(get(admin, "/admin?tab=reviews"))));
    expect(queue.status).toBe(200);
    const mine = queue.body.reviews.reports.filter((r: { reviewId: string }) => r.reviewId === reviewId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ reason: "Abusive language", overall: 1 });

    const noNote = await answer(() =>
      adminAction(
        args(
          post(admin, "/admin?tab=reviews", {
            intent: "settle-report",
            reportId: mine[0].id,
            decision: "hide",
            note: "",
          }),
        ),
      ),
    );
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual({ note: "Add a note for the record" });

    const before = await answer(() =>
      profileLoader(args(get(null, `/musicians/${m.slug}?tab=reviews`), { slug: m.slug })),
    );
    expect(before.body.reviews.summary).toMatchObject({ count: 2, average: 3 });

    const hidden = await answer(() =>
      adminAction(
        args(
          post(admin, "/admin?tab=reviews", {
            intent: "settle-report",
            reportId: mine[0].id,
            decision: "hide",
            note: "Abusive language, against the rules",
          }),
        ),
      ),
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body.toast.message).toBe("The review is hidden");

    const after = await answer(() =>
      profileLoader(args(get(null, `/musicians/${m.slug}?tab=reviews`), { slug: m.slug })),
    );
    expect(after.body.reviews.summary).toMatchObject({ count: 1, average: 5 });
    expect(after.body.reviews.reviews.map((r: { id: string }) => r.id)).not.toContain(reviewId);
    const [agg] = await db
      .select({ count: musicianProfiles.ratingCount, average: musicianProfiles.ratingAverage })
      .from(musicianProfiles)
      .where(eq(musicianProfiles.id, m.profileId));
    expect(agg).toEqual({ count: 1, average: 5 });
    // Both reports on the review are settled with the note; a second decision is refused.
    const statuses = await db
      .select({ status: reviewReports.status, note: reviewReports.adminNote })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(statuses).toEqual([
      { status: "hidden", note: "Abusive language, against the rules" },
      { status: "hidden", note: "Abusive language, against the rules" },
    ]);
    const again = await answer(() =>
      adminAction(
        args(
          post(admin, "/admin?tab=reviews", {
            intent: "settle-report",
            reportId: mine[1].id,
            decision: "dismiss",
            note: "Late",
          }),
        ),
      ),
    );
    expect(again.status).toBe(409);
    // A hidden review cannot be reported again.
    expect((await report(null, m.slug, { reviewId, reason: "Again please" })).status).toBe(404);
  });

  it("dismissing a report leaves the review on the profile", async () => {
    const { m, reviewId } = await reviewedMusician();
    const admin = await adminAccount();
    await report(null, m.slug, { reviewId, reason: "I just disagree with it" });
    const [open] = await db
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    const res = await answer(() =>
      adminAction(
        args(
          post(admin, "/admin?tab=reviews", {
            intent: "settle-report",
            reportId: open!.id,
            decision: "dismiss",
            note: "An honest review",
          }),
        ),
      ),
    );
    expect(res.body.toast.message).toBe("The report is dismissed; the review stays");
    const after = await answer(() =>
      profileLoader(args(get(null, `/musicians/${m.slug}?tab=reviews`), { slug: m.slug })),
    );
    expect(after.body.reviews.summary).toMatchObject({ count: 2, average: 3 });
  });
});
