import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { reviews, reviewWindows } from "~db/schema/reviews";
import { createOrganiser, testIp } from "../../../tests/support/accounts";
import { clientReviewSchema, organiserReviewSchema } from "./review.schema";
import {
  at,
  clientReview,
  DAY,
  EVENT_END,
  organiserReview,
  reviewBooking,
  reviewMusician,
} from "./review-test-support";
import {
  clientReviewPanel,
  eventEndsAt,
  MESSAGES,
  organiserReputation,
  pauseReviewWindow,
  publishClosedWindow,
  replyToReview,
  resumeReviewWindow,
  submitClientReview,
  submitOrganiserReview,
} from "./reviews.server";

const byClient = (slug: string, now: Date, overrides = {}, mode: "create" | "edit" = "create") =>
  submitClientReview(slug, clientReview(overrides) as never, testIp(), mode, now);

const published = async (bookingId: string) =>
  (
    await db
      .select({ d: reviews.direction, p: reviews.publishedAt })
      .from(reviews)
      .where(eq(reviews.bookingId, bookingId))
  )
    .filter((r) => r.p !== null)
    .map((r) => r.d)
    .sort();

describe("who may review", () => {
  it("the event end is its date and end time in Lagos, past midnight when it ends before it starts", () => {
    const base = { eventDate: "2026-03-14", eventStartTime: "14:00:00", updatedAt: new Date() };
    expect(eventEndsAt({ ...base, eventEndTime: "18:00:00" })).toEqual(EVENT_END);
    expect(eventEndsAt({ ...base, eventStartTime: "22:00:00", eventEndTime: "02:00:00" })).toEqual(
      new Date("2026-03-15T01:00:00Z"),
    );
    expect(eventEndsAt({ ...base, eventEndTime: null })).toEqual(new Date("2026-03-14T22:59:59Z"));
  });

  it("the client reviews a completed booking once, by its link; a second review is refused", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    const first = await byClient(bk.slug, at(DAY));
    expect(first).toMatchObject({ ok: true, published: false });
    const second = await byClient(bk.slug, at(DAY));
    expect(second).toEqual({ ok: false, status: 409, message: MESSAGES.already });
    const rows = await db.select().from(reviews).where(eq(reviews.bookingId, bk.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a booking that is not completed, and an unknown link", async () => {
    const m = await reviewMusician();
    for (const status of ["pending", "confirmed", "cancelled"] as const) {
      const bk = await reviewBooking(m, { status });
      expect(await byClient(bk.slug, at(DAY))).toEqual({
        ok: false,
        status: 409,
        message: MESSAGES.notCompleted,
      });
      expect(
        await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", at(DAY)),
      ).toEqual({ ok: false, status: 409, message: MESSAGES.notCompleted });
    }
    expect(await byClient("zzzz9999", at(DAY))).toEqual({
      ok: false,
      status: 404,
      message: "Booking not found",
    });
  });

  it("refuses a completed booking that was not paid through the platform, or was refunded", async () => {
    for (const paymentStatus of ["unpaid", "refunded"] as const) {
      const m = await reviewMusician();
      const bk = await reviewBooking(m, { paymentStatus });
      expect(await byClient(bk.slug, at(DAY))).toEqual({ ok: false, status: 409, message: MESSAGES.notPaid });
      expect(
        await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", at(DAY)),
      ).toEqual({ ok: false, status: 409, message: MESSAGES.notPaid });
    }
  });

  it("refuses after the 14-day window, and accepts just before it closes", async () => {
    const m = await reviewMusician();
    const late = await reviewBooking(m);
    expect(await byClient(late.slug, at(14 * DAY + 1000))).toEqual({
      ok: false,
      status: 409,
      message: MESSAGES.closed,
    });
    const onTime = await reviewBooking(await reviewMusician());
    expect(await byClient(onTime.slug, at(14 * DAY - 1000))).toMatchObject({ ok: true });
  });

  it("only the booking's own musician reviews its organiser", async () => {
    const m = await reviewMusician();
    const other = await reviewMusician("Someone Else");
    const bk = await reviewBooking(m);
    expect(
      await submitOrganiserReview(
        { id: other.profileId },
        organiserReview(bk.id) as never,
        "create",
        at(DAY),
      ),
    ).toEqual({ ok: false, status: 404, message: "Booking not found" });
    expect(
      await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", at(DAY)),
    ).toMatchObject({ ok: true });
    expect(
      await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", at(DAY)),
    ).toEqual({ ok: false, status: 409, message: MESSAGES.already });
  });

  it("a booking whose client e-mail or phone is the musician's own cannot be reviewed by either side", async () => {
    const m = await reviewMusician();
    const byEmail = await reviewBooking(m, { email: m.email.toUpperCase(), phoneNumber: null });
    // Every test musician has the phone 08030000001; written another way, it is still theirs.
    const byPhone = await reviewBooking(m, {
      email: null,
      phoneNumber: "+234 803 000 0001",
      eventDate: "2026-03-15",
    });
    for (const bk of [byEmail, byPhone]) {
      expect(await byClient(bk.slug, at(DAY))).toEqual({
        ok: false,
        status: 403,
        message: MESSAGES.ownBooking,
      });
      expect(
        await submitOrganiserReview({ id: m.profileId }, organiserReview(bk.id) as never, "create", at(DAY)),
      ).toEqual({ ok: false, status: 403, message: MESSAGES.ownBooking });
    }
  });

  it("a dispute pauses the window until it is resolved, then gives the paused time back", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    expect(await pauseReviewWindow(bk.id, at(2 * DAY))).toBe(true);
    expect(await byClient(bk.slug, at(3 * DAY))).toEqual({
      ok: false,
      status: 409,
      message: MESSAGES.disputed,
    });
    // Paused past the original close: the expiry job publishes nothing.
    expect(await publishClosedWindow(bk.id, at(15 * DAY))).toBe("paused");
    const closes = await resumeReviewWindow(bk.id, at(20 * DAY));
    expect(closes).toEqual(at(14 * DAY + 18 * DAY));
    expect(await byClient(bk.slug, at(25 * DAY))).toMatchObject({ ok: true });
  });
});

describe("double-blind", () => {
  it("stays hidden until both have written, then both publish at once", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    await byClient(bk.slug, at(DAY));
    expect(await published(bk.id)).toEqual([]);
    const second = await submitOrganiserReview(
      { id: m.profileId },
      organiserReview(bk.id) as never,
      "create",
      at(2 * DAY),
    );
    expect(second).toMatchObject({ ok: true, published: true });
    expect(await published(bk.id)).toEqual(["client_to_musician", "musician_to_client"]);
    const rows = await db.select().from(reviews).where(eq(reviews.bookingId, bk.id));
    expect(rows[0]!.publishedAt).toEqual(rows[1]!.publishedAt);
  });

  it("publishes the one review written when the window closes, not before", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    await byClient(bk.slug, at(DAY));
    expect(await publishClosedWindow(bk.id, at(13 * DAY))).toBe("open");
    expect(await published(bk.id)).toEqual([]);
    expect(await publishClosedWindow(bk.id, at(14 * DAY))).toBe("published");
    expect(await published(bk.id)).toEqual(["client_to_musician"]);
    // A repeated job changes nothing.
    expect(await publishClosedWindow(bk.id, at(15 * DAY))).toBe("published");
    const [w] = await db.select().from(reviewWindows).where(eq(reviewWindows.bookingId, bk.id));
    expect(w!.publishedAt).toEqual(at(14 * DAY));
  });

  it("the author may edit before publication, never after", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    expect(await byClient(bk.slug, at(DAY), {}, "edit")).toEqual({
      ok: false,
      status: 404,
      message: MESSAGES.nothingToEdit,
    });
    await byClient(bk.slug, at(DAY));
    const edited = await byClient(
      bk.slug,
      at(2 * DAY),
      { overall: 3, body: "Good, but they started late." },
      "edit",
    );
    expect(edited).toMatchObject({ ok: true });
    const panel = await clientReviewPanel(bk.slug, at(2 * DAY), true);
    expect(panel?.review).toMatchObject({
      overall: 3,
      body: "Good, but they started late.",
      published: false,
    });
    await publishClosedWindow(bk.id, at(14 * DAY));
    expect(await byClient(bk.slug, at(14 * DAY), { overall: 1 }, "edit")).toEqual({
      ok: false,
      status: 409,
      message: MESSAGES.published,
    });
  });

  it("keeps the musician's aggregate rating in step with publication", async () => {
    const m = await reviewMusician();
    const a = await reviewBooking(m);
    const b = await reviewBooking(m, { eventDate: "2026-03-13" });
    await byClient(a.slug, at(DAY), { overall: 5 });
    await byClient(b.slug, at(DAY), { overall: 4 });
    const before = await db.select().from(musicianProfiles).where(eq(musicianProfiles.id, m.profileId));
    expect(before[0]).toMatchObject({ ratingCount: 0, ratingAverage: null, ratingScore: 0 });
    await publishClosedWindow(a.id, at(14 * DAY));
    await publishClosedWindow(b.id, at(14 * DAY));
    const [after] = await db.select().from(musicianProfiles).where(eq(musicianProfiles.id, m.profileId));
    expect(after).toMatchObject({ ratingCount: 2, ratingAverage: 4.5 });
    expect(after!.ratingScore).toBeCloseTo((3.5 * 5 + 9) / 7, 6);
  });
});

describe("what a review holds", () => {
  it("client reviews need overall, four criteria 1–5 and 20–2,000 characters", () => {
    const ok = clientReviewSchema.safeParse({
      overall: "5",
      satisfaction: "4",
      professionalism: "3",
      communication: "2",
      punctuality: "1",
      body: "  A lovely evening with great music.  ",
    });
    expect(ok.success && ok.data).toMatchObject({
      overall: 5,
      punctuality: 1,
      body: "A lovely evening with great music.",
    });
    const bad = clientReviewSchema.safeParse({ overall: "6", satisfaction: "0", body: "Too short" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Choose an overall rating from 1 to 5 stars");
    expect(messages).toContain("Rate satisfaction from 1 to 5");
    expect(messages).toContain("Rate punctuality from 1 to 5");
    expect(messages).toContain("Write at least 20 characters about the booking");
    const long = clientReviewSchema.safeParse({
      ...clientReview(),
      overall: "5",
      satisfaction: "5",
      professionalism: "5",
      communication: "5",
      punctuality: "5",
      body: "x".repeat(2001),
    });
    expect(long.error?.issues[0]?.message).toBe("Keep your review to 2,000 characters or fewer");
  });

  it("organiser reviews need overall, paid on time, treated well and text", () => {
    const bad = organiserReviewSchema.safeParse({ bookingId: "not-a-uuid", overall: "4", body: "x" });
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Booking not found",
        "Say whether you were paid on time",
        "Say whether the band was treated well",
        "Write at least 20 characters about the booking",
      ]),
    );
    const ok = organiserReviewSchema.safeParse({
      bookingId: "6f1c2a52-8a3e-4c49-9a43-3f0e2b6d8f10",
      overall: "3",
      paidOnTime: "no",
      treatedWell: "yes",
      body: "Paid two weeks late, otherwise pleasant.",
    });
    expect(ok.success && ok.data).toMatchObject({ overall: 3, paidOnTime: false, treatedWell: true });
  });
});

afterAll(async () => {
  await stopJobs();
});

describe("replies", () => {
  it("one reply per review, editable for 48 hours after it is first posted", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    await byClient(bk.slug, at(DAY));
    const [review] = await db.select().from(reviews).where(eq(reviews.bookingId, bk.id));
    // Not published yet: there is nothing public to reply to.
    expect(await replyToReview({ id: m.profileId }, review!.id, "Thanks!", at(2 * DAY))).toEqual({
      ok: false,
      status: 404,
      message: "Review not found",
    });
    await publishClosedWindow(bk.id, at(14 * DAY));
    const t0 = at(15 * DAY);
    expect(await replyToReview({ id: m.profileId }, review!.id, "Thanks!", t0)).toMatchObject({ ok: true });
    expect(
      await replyToReview(
        { id: m.profileId },
        review!.id,
        "Thanks a lot!",
        new Date(t0.getTime() + 47 * 3_600_000),
      ),
    ).toMatchObject({
      ok: true,
      message: "Your reply has been updated",
    });
    expect(
      await replyToReview(
        { id: m.profileId },
        review!.id,
        "Too late",
        new Date(t0.getTime() + 49 * 3_600_000),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: "A reply can be edited for 48 hours after it is first posted.",
    });
    const [after] = await db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(after!.replyBody).toBe("Thanks a lot!");
  });
});

describe("organiser reputation", () => {
  it("a link-only client is a New client; an organiser account carries ratings across musicians", async () => {
    expect(await organiserReputation(null)).toEqual({ kind: "new-client" });
    const organiser = await createOrganiser();
    const a = await reviewMusician();
    const b2 = await reviewMusician("Second Act");
    const ba = await reviewBooking(a);
    const bb = await reviewBooking(b2);
    await db
      .update(bookingsByMusician)
      .set({ clientUserId: organiser.userId })
      .where(inArray(bookingsByMusician.id, [ba.id, bb.id]));
    await submitOrganiserReview(
      { id: a.profileId },
      organiserReview(ba.id, { overall: 5 }) as never,
      "create",
      at(DAY),
    );
    await submitOrganiserReview(
      { id: b2.profileId },
      organiserReview(bb.id, { overall: 3 }) as never,
      "create",
      at(DAY),
    );
    // Unpublished reviews count for nothing yet.
    expect(await organiserReputation(organiser.userId)).toEqual({
      kind: "organiser",
      average: null,
      reviewCount: 0,
      completedBookings: 2,
    });
    await publishClosedWindow(ba.id, at(14 * DAY));
    await publishClosedWindow(bb.id, at(14 * DAY));
    expect(await organiserReputation(organiser.userId)).toEqual({
      kind: "organiser",
      average: 4,
      reviewCount: 2,
      completedBookings: 2,
    });
  });
});
