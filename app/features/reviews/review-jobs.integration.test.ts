import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db, pool } from "~/server/db.server";
import { JobQueue, stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { reviews } from "~db/schema/reviews";
import { testIp } from "../../../tests/support/accounts";
import { reviewJobHandlers, sendPublicationMails, sendReviewReminder } from "./review-jobs.server";
import { REVIEW_JOBS } from "./review-schedule.server";
import { clientReview, DAY, organiserReview, reviewBooking, reviewMusician } from "./review-test-support";
import { submitClientReview, submitOrganiserReview } from "./reviews.server";

const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop()));
});
afterAll(async () => {
  await stopJobs();
});

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Lagos wall-clock date and time (UTC+1) of an instant, as the booking columns hold them. */
function lagosParts(at: Date) {
  const local = new Date(at.getTime() + 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

const jobsNamed = async (name: string, bookingId: string) =>
  (
    await pool().query<{ start_after: Date; data: Record<string, unknown> }>(
      "SELECT start_after, data FROM pgboss.job WHERE name = $1 AND data->>'bookingId' = $2 ORDER BY start_after",
      [name, bookingId],
    )
  ).rows;

const outbox = () => (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
const mailsTo = (address: string) =>
  outbox().filter((f) => f.includes(address.replace(/[^a-z0-9@._-]/gi, "_")));

describe("publication on the job queue", () => {
  it("publishes the lone review when the window closes, in a process started after the job was queued", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    // The event ended 14 days ago less 3 seconds: the window closes 3 seconds from now.
    const end = lagosParts(new Date(Date.now() - 14 * DAY + 3_000));
    await db
      .update(bookingsByMusician)
      .set({ eventDate: end.date, eventStartTime: "00:00:00", eventEndTime: end.time })
      .where(eq(bookingsByMusician.id, bk.id));
    expect(await submitClientReview(bk.slug, clientReview() as never, testIp())).toMatchObject({ ok: true });
    expect(await jobsNamed(REVIEW_JOBS.publish, bk.id)).toHaveLength(1);
    // The app process that queued it goes away; a new one takes the work.
    await stopJobs();

    const next = new JobQueue(() => process.env.DATABASE_URL!, { pollingIntervalSeconds: 0.5 });
    opened.push(next);
    for (const j of reviewJobHandlers) next.register(j.name, j.handler as (data: never) => Promise<void>);
    await next.start();
    const rows = await until(
      () => db.select({ publishedAt: reviews.publishedAt }).from(reviews).where(eq(reviews.bookingId, bk.id)),
      (r) => r[0]?.publishedAt != null,
    );
    expect(rows).toHaveLength(1);
  });
});

describe("reminders and announcements", () => {
  it("queues invitations 24 h and 72 h after the event for each side", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never);
    const jobs = await jobsNamed(REVIEW_JOBS.remind, bk.id);
    const end = new Date("2026-03-14T17:00:00Z").getTime();
    expect(jobs.map((j) => [j.data.side, (j.start_after.getTime() - end) / 3_600_000]).sort()).toEqual([
      ["client", 24],
      ["client", 72],
      ["musician", 24],
      ["musician", 72],
    ]);
  });

  it("invites a side that has not written, skips one that has, and stops once the window closes", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { email: "reminded-client@example.com" });
    const now = new Date("2026-03-15T18:00:00Z");
    await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", now);
    expect(await sendReviewReminder({ bookingId: bk.id, side: "client" }, now)).toBe(true);
    expect(await sendReviewReminder({ bookingId: bk.id, side: "musician" }, now)).toBe(false);
    // Quoted-printable: undo the soft line breaks before reading the text.
    const mail = fs
      .readFileSync(`${outboxDir()}/${mailsTo("reminded-client@example.com")[0]}`, "utf8")
      .replace(/=\n/g, "");
    expect(mail).toContain(`/booking/${bk.slug}`);
    expect(mail).toContain("Leave a review");
    const late = new Date("2026-03-29T18:00:00Z");
    expect(await sendReviewReminder({ bookingId: bk.id, side: "client" }, late)).toBe(false);
  });

  it("sends one reminder when the 24 h and 72 h ones fall due together (an event entered late)", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { email: "reminded-once@example.com" });
    const now = new Date("2026-03-15T18:00:00Z");
    await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", now);
    const [first, second] = await Promise.all([
      sendReviewReminder({ bookingId: bk.id, side: "client" }, now),
      sendReviewReminder({ bookingId: bk.id, side: "client" }, now),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(mailsTo("reminded-once@example.com")).toHaveLength(1);
  });

  it("announces publication to both sides once both have written", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { email: "announced-client@example.com" });
    const now = new Date("2026-03-15T18:00:00Z");
    await submitClientReview(bk.slug, clientReview() as never, testIp(), "create", now);
    expect(await jobsNamed(REVIEW_JOBS.announce, bk.id)).toHaveLength(0);
    await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", now);
    expect(await jobsNamed(REVIEW_JOBS.announce, bk.id)).toHaveLength(1);
    await sendPublicationMails({ bookingId: bk.id });
    expect(mailsTo("announced-client@example.com")).toHaveLength(1);
    expect(mailsTo(m.email)).toHaveLength(1);
  });
});
