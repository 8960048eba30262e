// The review actions as the routes run them: who may call each, and what bad input gets back.
import { afterAll, describe, expect, it } from "vitest";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/musician-reviews";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createOrganiser } from "../../../tests/support/accounts";
import { answer, args, get, post } from "../bookings/booking-test-support";
import { listAllReviewsForMusician } from "./queries.server";
import { REVIEW_REFUSALS } from "./review-action";
import { payerCookieFor, reviewBooking, reviewMusician, seedPublishedReviews } from "./review-test-support";

afterAll(async () => {
  await stopJobs();
});

const recent = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const goodClientForm = {
  intent: "review",
  overall: "5",
  satisfaction: "5",
  professionalism: "5",
  communication: "4",
  punctuality: "4",
  body: "<script>alert(1)</script> Lovely band, everyone danced.",
};

describe("Leave a review on /booking/{slug}", () => {
  it("reviews are the payer's: a link holder, another organiser and the musician get no form and a refusal; the payer's draft stays theirs (phone walk 3, blocker 1)", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { eventDate: recent() });
    const payer = await payerCookieFor(bk);
    const stranger = await createOrganiser();
    const pageAs = (who: { cookie: string } | null) =>
      answer(() => bookingLoader(args(get(who, `/booking/${bk.slug}`), { slug: bk.slug })));
    const postAs = (who: { cookie: string } | null, form: Record<string, string>) =>
      answer(() => bookingAction(args(post(who, `/booking/${bk.slug}`, form), { slug: bk.slug })));
    for (const who of [null, stranger]) {
      expect((await pageAs(who)).body.reviewPanel).toMatchObject({ state: "payer-only", review: null });
      const refused = await postAs(who, {
        ...goodClientForm,
        overall: "1",
        body: "Terrible band, never book them.",
      });
      expect(refused).toMatchObject({ status: 403, body: { toast: { message: REVIEW_REFUSALS.notPayer } } });
    }
    expect((await pageAs(m)).body.reviewPanel).toBeNull();
    expect(await postAs(m, goodClientForm)).toMatchObject({
      status: 403,
      body: { toast: { message: REVIEW_REFUSALS.musician } },
    });
    expect(await listAllReviewsForMusician(m.profileId)).toEqual([]);
    // The payer writes it; a stranger can neither read the draft nor overwrite it.
    expect((await postAs(payer, goodClientForm)).status).toBe(200);
    expect((await pageAs(null)).body.reviewPanel.review).toBeNull();
    expect((await postAs(null, { ...goodClientForm, intent: "edit-review", overall: "1" })).status).toBe(403);
    const [stored] = await listAllReviewsForMusician(m.profileId);
    expect(stored?.overall).toBe(5);
  });

  it("the payer reviews once; bad input gets field messages; text is stored as typed", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { eventDate: recent() });
    const payer = await payerCookieFor(bk);
    const page = await answer(() =>
      bookingLoader(args(get(payer, `/booking/${bk.slug}`), { slug: bk.slug })),
    );
    expect(page.body.reviewPanel).toMatchObject({ state: "open", review: null });

    const bad = await answer(() =>
      bookingAction(
        args(post(payer, `/booking/${bk.slug}`, { intent: "review", overall: "9", body: "meh" }), {
          slug: bk.slug,
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      overall: "Choose an overall rating from 1 to 5 stars",
      body: "Write at least 20 characters about the booking",
    });

    const ok = await answer(() =>
      bookingAction(args(post(payer, `/booking/${bk.slug}`, goodClientForm), { slug: bk.slug })),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.toast.message).toBe("Thank you! Your review has been saved");
    const again = await answer(() =>
      bookingAction(args(post(payer, `/booking/${bk.slug}`, goodClientForm), { slug: bk.slug })),
    );
    expect(again.status).toBe(409);
    const [stored] = await listAllReviewsForMusician(m.profileId);
    expect(stored?.body).toBe(goodClientForm.body);
    expect(stored?.publishedAt).toBeNull();
  });

  it("a pending booking's page offers no review, and a review post is refused", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { status: "pending" });
    const page = await answer(() => bookingLoader(args(get(null, `/booking/${bk.slug}`), { slug: bk.slug })));
    expect(page.body.reviewPanel).toBeNull();
    const refused = await answer(() =>
      bookingAction(args(post(null, `/booking/${bk.slug}`, goodClientForm), { slug: bk.slug })),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.toast.message).toBe("You can review this booking once it has been completed.");
  });
});

describe("/musician_reviews actions", () => {
  it("the musician reviews the organiser; another musician cannot, even naming the booking", async () => {
    const m = await reviewMusician();
    const other = await reviewMusician("Other Act");
    const bk = await reviewBooking(m, { eventDate: recent() });
    const form = {
      intent: "review-organiser",
      bookingId: bk.id,
      overall: "4",
      paidOnTime: "yes",
      treatedWell: "no",
      body: "Paid on time but no water or food for the band.",
    };
    const byOther = await answer(() =>
      reviewsAction(args(post(other, `/musician_reviews/${other.slug}`, form), { slug: other.slug })),
    );
    expect(byOther.status).toBe(404);
    const atOwnersUrl = await answer(() =>
      reviewsAction(args(post(other, `/musician_reviews/${m.slug}`, form), { slug: m.slug })),
    );
    expect(atOwnersUrl.status).toBe(404);
    const signedOut = await answer(() =>
      reviewsAction(args(post(null, `/musician_reviews/${m.slug}`, form), { slug: m.slug })),
    );
    expect(signedOut.status).toBe(302);
    const ok = await answer(() =>
      reviewsAction(args(post(m, `/musician_reviews/${m.slug}`, form), { slug: m.slug })),
    );
    expect(ok.status).toBe(200);
    const page = await answer(() =>
      reviewsLoader(args(get(m, `/musician_reviews/${m.slug}`), { slug: m.slug })),
    );
    expect(page.body.written).toHaveLength(1);
    expect(page.body.written[0]).toMatchObject({ published: false, treatedWell: false });
    expect(page.body.waiting).toEqual([]);
  });

  it("lists bookings waiting for the musician's review and never shows the client's unpublished one", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { eventDate: recent() });
    const payer = await payerCookieFor(bk);
    const saved = await answer(() =>
      bookingAction(args(post(payer, `/booking/${bk.slug}`, goodClientForm), { slug: bk.slug })),
    );
    expect(saved.status).toBe(200);
    const page = await answer(() =>
      reviewsLoader(args(get(m, `/musician_reviews/${m.slug}`), { slug: m.slug })),
    );
    expect(page.body.waiting.map((w: { bookingId: string }) => w.bookingId)).toEqual([bk.id]);
    expect(page.body.received).toEqual([]);
    expect(JSON.stringify(page.body)).not.toContain("Lovely band");
  });

  it("a public reply: one per review, editable for 48 hours, only by the reviewed musician", async () => {
    const m = await reviewMusician();
    const other = await reviewMusician("Other Act");
    await seedPublishedReviews(m, [5]);
    const [review] = await listAllReviewsForMusician(m.profileId);
    const reply = (who: typeof m, text: string) =>
      answer(() =>
        reviewsAction(
          args(
            post(who, `/musician_reviews/${who.slug}`, {
              intent: "reply",
              reviewId: review!.id,
              reply: text,
            }),
            {
              slug: who.slug,
            },
          ),
        ),
      );
    expect((await reply(other, "Not my review")).status).toBe(404);
    expect((await reply(m, "   ")).body.errors).toEqual({ reply: "Write a reply first" });
    const first = await reply(m, "Thank you, it was a joy!");
    expect(first.body.toast.message).toBe("Your reply has been posted");
    const edited = await reply(m, "Thank you so much, it was a joy!");
    expect(edited.body.toast.message).toBe("Your reply has been updated");
    const [after] = await listAllReviewsForMusician(m.profileId);
    expect(after?.replyBody).toBe("Thank you so much, it was a joy!");
  });
});
