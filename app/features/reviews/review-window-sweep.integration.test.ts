// A window row committed without its jobs (the process stopped in between) gets them from the sweep.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { reviewWindows } from "~db/schema/reviews";
import { findWindow } from "./queries.server";
import { REVIEW_JOBS } from "./review-schedule.server";
import { DAY, EVENT_END, reviewBooking, reviewMusician } from "./review-test-support";
import { openReviewWindow, queueMissingWindowJobs } from "./reviews.server";

afterAll(async () => {
  await stopJobs();
});

const jobsOf = async (bookingId: string) =>
  (
    await pool().query<{ name: string; singleton_key: string }>(
      "SELECT name, singleton_key FROM pgboss.job WHERE data->>'bookingId' = $1 ORDER BY name, singleton_key",
      [bookingId],
    )
  ).rows;

/** What a crash between the window's commit and its jobs leaves: the row, no jobs, no mark. */
async function orphanWindow() {
  const m = await reviewMusician();
  const bk = await reviewBooking(m);
  await db.insert(reviewWindows).values({
    bookingId: bk.id,
    musicianId: m.profileId,
    eventEndsAt: EVENT_END,
    closesAt: new Date(EVENT_END.getTime() + 14 * DAY),
  });
  return bk;
}

describe("review window jobs survive a crash between the row and the queue", () => {
  it("the sweep queues publication and the four reminders for a window left without them, once", async () => {
    const bk = await orphanWindow();
    expect((await findWindow(bk.id))?.jobsQueuedAt).toBeNull();
    expect(await queueMissingWindowJobs()).toBeGreaterThanOrEqual(1);
    const jobs = await jobsOf(bk.id);
    expect(jobs.filter((j) => j.name === REVIEW_JOBS.publish).map((j) => j.singleton_key)).toEqual([
      `${bk.id}:${new Date(EVENT_END.getTime() + 14 * DAY).toISOString()}`,
    ]);
    expect(jobs.filter((j) => j.name === REVIEW_JOBS.remind)).toHaveLength(4);
    expect((await findWindow(bk.id))?.jobsQueuedAt).toBeInstanceOf(Date);
    // Marked: a second sweep leaves it alone, and the queue holds no duplicates.
    await queueMissingWindowJobs();
    expect(await jobsOf(bk.id)).toHaveLength(5);
  });

  it("the next look at such a window (a review, the musician's page) queues its jobs too", async () => {
    const bk = await orphanWindow();
    await openReviewWindow(bk.id);
    expect(await jobsOf(bk.id)).toHaveLength(5);
    expect((await findWindow(bk.id))?.jobsQueuedAt).toBeInstanceOf(Date);
  });

  it("a window opened normally is marked as queued, so the sweep has nothing to do for it", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    await openReviewWindow(bk.id);
    const [row] = await db
      .select({ at: reviewWindows.jobsQueuedAt })
      .from(reviewWindows)
      .where(eq(reviewWindows.bookingId, bk.id));
    expect(row?.at).toBeInstanceOf(Date);
    expect(await jobsOf(bk.id)).toHaveLength(5);
  });
});
