import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getFeaturedArtists } from "~/features/marketplace/featured-artists.server";
import { parseMarketSearch } from "~/features/marketplace/search.schema";
import { searchMarket } from "~/features/marketplace/search.server";
import { loader as profileLoader } from "~/routes/musician-profile";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { musicianProfiles } from "~db/schema/profiles";
import { reviews } from "~db/schema/reviews";
import { loadContext, requestAs } from "../../../tests/support/accounts";
import { bayesianScore } from "./rating";
import { profileReviews, ratingSummary } from "./review-lists.server";
import {
  at,
  clientReview,
  DAY,
  reviewBooking,
  reviewMusician,
  seedPublishedReviews,
} from "./review-test-support";
import { submitClientReview } from "./reviews.server";

afterAll(async () => {
  await stopJobs();
});

describe("ratings on the profile", () => {
  it("a musician without published reviews has no number at all", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m);
    // Written but not yet published: still nothing to show.
    await submitClientReview(bk.slug, clientReview() as never, "10.1.1.1", "create", at(DAY));
    expect(await ratingSummary(m.profileId)).toEqual({ count: 0, average: null, criteria: [] });
    const page = await profileReviews(m.profileId, 1);
    expect(page.reviews).toEqual([]);
  });

  it("lists published reviews newest first, ten a page, each a verified booking with type and month", async () => {
    const m = await reviewMusician();
    await seedPublishedReviews(m, [5, 4, 5, 3, 5, 4, 5, 5, 4, 5, 2, 5]);
    const first = await profileReviews(m.profileId, 1);
    expect(first.summary.count).toBe(12);
    expect(first.summary.average).toBeCloseTo(52 / 12, 6);
    expect(first.summary.criteria.map((c) => c.label)).toEqual([
      "Satisfaction",
      "Professionalism",
      "Communication",
      "Punctuality",
    ]);
    expect(first.reviews).toHaveLength(10);
    expect(first.hasNext).toBe(true);
    expect(first.reviews[0]?.body).toContain("Review number 12");
    expect(first.reviews[0]?.verified).toBe("Wedding · March 2026");
    expect(first.reviews[0]?.reviewer).toBe("Ada");
    const second = await profileReviews(m.profileId, 2);
    expect(second.reviews.map((r) => r.body.slice(0, 16))).toEqual(["Review number 2 ", "Review number 1 "]);
    expect(second.hasNext).toBe(false);
  });

  it("a hidden review leaves the list and the average", async () => {
    const m = await reviewMusician();
    await seedPublishedReviews(m, [5, 1]);
    const [low] = await db.select().from(reviews).where(eq(reviews.overall, 1));
    await db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, low!.id));
    const s = await ratingSummary(m.profileId);
    expect(s).toMatchObject({ count: 1, average: 5 });
  });

  it("the profile page carries the summary and the requested page of reviews", async () => {
    const m = await reviewMusician();
    await seedPublishedReviews(m, [4, 5]);
    const out = (
      (await profileLoader({
        request: requestAs(null, `/musicians/${m.slug}?tab=reviews&reviewsPage=1`),
        params: { slug: m.slug },
        context: loadContext(),
      } as never)) as unknown as { data: { reviews: Awaited<ReturnType<typeof profileReviews>> } }
    ).data;
    expect(out.reviews.summary).toMatchObject({ count: 2, average: 4.5 });
    expect(out.reviews.reviews.map((r) => r.overall)).toEqual([5, 4]);
  });
});

describe("/market sorted by rating", () => {
  it("orders by Bayesian average: forty 4.8s beat one 5, and unreviewed musicians come last", async () => {
    const t = `bayes${Date.now().toString(36)}`;
    const one5 = await reviewMusician(`${t} OneFive`);
    const forty48 = await reviewMusician(`${t} FortyFourEight`);
    const ten4 = await reviewMusician(`${t} TenFours`);
    const three2 = await reviewMusician(`${t} ThreeTwos`);
    await reviewMusician(`${t} Unreviewed`);
    await seedPublishedReviews(one5, [5]);
    await seedPublishedReviews(forty48, [...Array(32).fill(5), ...Array(8).fill(4)]);
    await seedPublishedReviews(ten4, Array(10).fill(4));
    await seedPublishedReviews(three2, [2, 2, 2]);
    // The scores: 4.66, 3.83, 3.75, 2.94 and (no reviews) last.
    expect(bayesianScore(40, 192)).toBeCloseTo(4.656, 3);
    expect(bayesianScore(1, 5)).toBeCloseTo(3.75, 3);

    const results = await searchMarket(parseMarketSearch(new URLSearchParams({ q: t, sort: "rating" })));
    expect(results.cards.map((c) => c.name.replace(`${t} `, ""))).toEqual([
      "FortyFourEight",
      "TenFours",
      "OneFive",
      "ThreeTwos",
      "Unreviewed",
    ]);
    const forty = results.cards[0]!;
    expect(forty.ratingCount).toBe(40);
    expect(forty.ratingAverage).toBeCloseTo(4.8, 6);
    expect(results.cards[4]).toMatchObject({ ratingCount: 0, ratingAverage: null });
  });
});

describe("featured artists", () => {
  it("prefer well-reviewed musicians on every day", async () => {
    const made = [];
    for (let i = 0; i < 7; i++) {
      const m = await reviewMusician(`Featured ${i}`);
      await db
        .update(musicianProfiles)
        .set({
          profileImage: `/uploads/profile_images/${m.userId}/profile.webp`,
          performanceRoles: ["Vocalist"],
        })
        .where(eq(musicianProfiles.id, m.profileId));
      made.push(m);
    }
    const [starA, starB] = made;
    await seedPublishedReviews(starA!, [5, 5, 5, 5, 5, 4]);
    await seedPublishedReviews(starB!, [5, 5, 5, 5, 4, 4]);
    // One lukewarm review does not count as well reviewed.
    await seedPublishedReviews(made[2]!, [3]);
    for (let d = 1; d <= 6; d++) {
      const picked = await getFeaturedArtists(new Date(`2026-05-0${d}T12:00:00Z`));
      expect(new Set(picked.slice(0, 2).map((a) => a.id))).toEqual(
        new Set([starA!.profileId, starB!.profileId]),
      );
    }
  });
});
