// What a musician sees about the organiser beside each request and booking (issue 12 §6).
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loader as requestsLoader } from "~/routes/musician-booking-requests";
import { loader as bookingsLoader } from "~/routes/musician-bookings";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { reviews, reviewWindows } from "~db/schema/reviews";
import { createOrganiser } from "../../../tests/support/accounts";
import { answer, args, get } from "../bookings/booking-test-support";
import { organiserReputationLabel } from "./rating";
import { DAY, EVENT_END, reviewBooking, reviewMusician } from "./review-test-support";

afterAll(async () => {
  await stopJobs();
});

/** A completed booking of the organiser's with `musician`, and the musician's published review of them. */
async function reviewedBy(
  musician: { profileId: string },
  organiserUserId: string,
  overall: number,
  hidden = false,
) {
  const bk = await reviewBooking(musician);
  await db
    .update(bookingsByMusician)
    .set({ clientUserId: organiserUserId })
    .where(eq(bookingsByMusician.id, bk.id));
  const publishedAt = new Date(EVENT_END.getTime() + DAY);
  await db.insert(reviewWindows).values({
    bookingId: bk.id,
    musicianId: musician.profileId,
    eventEndsAt: EVENT_END,
    closesAt: new Date(EVENT_END.getTime() + 14 * DAY),
    publishedAt,
  });
  await db.insert(reviews).values({
    bookingId: bk.id,
    musicianId: musician.profileId,
    direction: "musician_to_client",
    organiserUserId,
    overall,
    paidOnTime: true,
    treatedWell: overall > 3,
    body: `Organiser review with ${overall} stars from a musician.`,
    publishedAt,
    hiddenAt: hidden ? publishedAt : null,
  });
}

async function request(musicianId: string, clientUserId: string | null) {
  const [row] = await db
    .insert(bookingRequests)
    .values({ musicianId, clientName: "Chidi", eventType: "wedding", eventDuration: "4", clientUserId })
    .returning({ id: bookingRequests.id });
  return row!.id;
}

describe("organiser reputation on requests and bookings", () => {
  it("shows other musicians' published rating and the organiser's completed bookings; a link-only client is New client", async () => {
    const organiser = await createOrganiser();
    const m = await reviewMusician("Looking Musician");
    await reviewedBy(await reviewMusician("First Band"), organiser.userId, 5);
    await reviewedBy(await reviewMusician("Second Band"), organiser.userId, 4);
    // A hidden review counts for nothing; its completed booking still counts.
    await reviewedBy(await reviewMusician("Third Band"), organiser.userId, 1, true);

    const fromOrganiser = await request(m.profileId, organiser.userId);
    const fromLinkOnly = await request(m.profileId, null);
    const page = await answer(() =>
      requestsLoader(args(get(m, `/musician_bookingrequests/${m.slug}`), { slug: m.slug })),
    );
    expect(page.status).toBe(200);
    expect(page.body.reputations[fromOrganiser]).toEqual({
      kind: "organiser",
      average: 4.5,
      reviewCount: 2,
      completedBookings: 3,
    });
    expect(organiserReputationLabel(page.body.reputations[fromOrganiser])).toBe(
      "★ 4.5 from 2 musicians · 3 completed bookings",
    );
    expect(page.body.reputations[fromLinkOnly]).toEqual({ kind: "new-client" });
    expect(organiserReputationLabel(page.body.reputations[fromLinkOnly])).toBe("New client");

    const booking = await reviewBooking(m, { status: "confirmed", eventDate: "2099-05-01" });
    await db
      .update(bookingsByMusician)
      .set({ clientUserId: organiser.userId })
      .where(eq(bookingsByMusician.id, booking.id));
    const linkOnly = await reviewBooking(m, { status: "pending", eventDate: "2099-05-02" });
    const all = await answer(() =>
      bookingsLoader(args(get(m, `/musician_bookings/${m.slug}`), { slug: m.slug })),
    );
    expect(organiserReputationLabel(all.body.reputations[booking.id])).toBe(
      "★ 4.5 from 2 musicians · 3 completed bookings",
    );
    expect(all.body.reputations[linkOnly.id]).toEqual({ kind: "new-client" });
  });

  it("an organiser account with no reviews and no completed bookings is also New client; another musician's requests are not looked up", async () => {
    const organiser = await createOrganiser();
    const m = await reviewMusician();
    const other = await reviewMusician("Other Act");
    const id = await request(m.profileId, organiser.userId);
    const page = await answer(() =>
      requestsLoader(args(get(m, `/musician_bookingrequests/${m.slug}`), { slug: m.slug })),
    );
    expect(page.body.reputations[id]).toEqual({
      kind: "organiser",
      average: null,
      reviewCount: 0,
      completedBookings: 0,
    });
    expect(organiserReputationLabel(page.body.reputations[id])).toBe("New client");
    const others = await answer(() =>
      requestsLoader(args(get(other, `/musician_bookingrequests/${other.slug}`), { slug: other.slug })),
    );
    expect(others.body.reputations[id]).toBeUndefined();
  });
});
