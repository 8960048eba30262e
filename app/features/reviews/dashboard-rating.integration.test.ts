// The dashboard's Average Rating card (issue 12 §5): "--" until a review is published, then the real
// average of the published, visible client reviews.
import { afterAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import { stopJobs } from "~/server/jobs/jobs.server";
import { answer, args, get } from "../bookings/booking-test-support";
import {
  at,
  clientReview,
  DAY,
  organiserReview,
  reviewBooking,
  reviewMusician,
  seedPublishedReviews,
} from "./review-test-support";
import { submitClientReview, submitOrganiserReview } from "./reviews.server";

afterAll(async () => {
  await stopJobs();
});

describe("the dashboard's Average Rating card", () => {
  it("shows -- while the only review is unpublished, then the published average", async () => {
    const m = await reviewMusician();
    const card = async () =>
      (await answer(() => dashboardLoader(args(get(m, "/musician_dashboard"))))).body.overview.averageRating;
    expect(await card()).toBe("--");

    const bk = await reviewBooking(m);
    const saved = await submitClientReview(
      bk.slug,
      clientReview({ overall: 4 }) as never,
      "10.9.0.1",
      "create",
      at(DAY),
    );
    expect(saved.ok).toBe(true);
    // Written but hidden until the musician writes too (double-blind): still no number.
    expect(await card()).toBe("--");

    const both = await submitOrganiserReview(
      { id: m.profileId },
      organiserReview(bk.id) as never,
      "create",
      at(2 * DAY),
    );
    expect(both).toMatchObject({ ok: true, published: true });
    expect(await card()).toBe("4.0");

    await seedPublishedReviews(m, [5]);
    expect(await card()).toBe("4.5");
  });
});
