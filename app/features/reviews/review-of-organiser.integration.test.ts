// Phone walk 2: the organiser can read what the musician wrote about them once both reviews are
// published, on their booking's page, and only they: not someone else holding the link, not before.
import { afterAll, describe, expect, it } from "vitest";
import { listOwnBookings } from "~/features/bookings/bookings.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import {
  bookingAct as act,
  bookingPage as page,
  paidThroughBookingPage,
} from "../../../tests/support/booking-page";
import { reviewMusician } from "./review-test-support";
import { submitClientReview, submitOrganiserReview } from "./reviews.server";

afterAll(() => stopJobs());

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("the musician's review of the organiser, on the organiser's booking page", () => {
  it("is shown to the payer once both reviews are published; never to others or before", async () => {
    const m = await reviewMusician("Tunde Keys");
    const { payer, ...b } = await paidThroughBookingPage(m, { eventDate: yesterday() });
    expect((await act(b.slug, { intent: "event-happened" }, payer)).status).toBe(200);

    const about = {
      overall: 4,
      paidOnTime: true,
      treatedWell: false,
      body: "Paid on time but no water for the band.",
    };
    expect((await submitOrganiserReview({ id: m.profileId }, { bookingId: b.id, ...about })).ok).toBe(true);
    // Written, not yet published (the organiser has not reviewed): not shown.
    const before = await page(b.slug, payer);
    expect(before.body.viewer).toBe("payer");
    expect(before.body.reviewPanel.aboutYou).toBeNull();
    const ownCard = async () => (await listOwnBookings({ id: m.profileId })).find((x) => x.id === b.id);
    expect(await ownCard()).toMatchObject({ organiserReviewPublished: false });

    const review = {
      overall: 5,
      satisfaction: 5,
      professionalism: 4,
      communication: 5,
      punctuality: 4,
      body: "Wonderful band, the guests danced all night long.",
    };
    expect((await submitClientReview(b.slug, review, "127.0.0.9")).ok).toBe(true);
    const after = await page(b.slug, payer);
    expect(after.body.reviewPanel.state).toBe("published");
    expect(after.body.reviewPanel.aboutYou).toEqual(about);
    // Published: the musician's card no longer offers "Review organiser" (phone walk 3).
    expect(await ownCard()).toMatchObject({ organiserReviewPublished: true });

    // Someone else holding the link, and the musician, read nothing of it here.
    const stranger = await page(b.slug);
    expect(stranger.body.viewer).toBe("other");
    expect(stranger.body.reviewPanel).toMatchObject({ state: "payer-only", aboutYou: null, review: null });
    const musician = await page(b.slug, { cookie: m.cookie });
    expect(musician.body.reviewPanel).toBeNull();
  });
});
