// Phone walk 2: on a disputed booking's page the organiser who paid reads their own reason and whether
// the musician has added their side, and is e-mailed when that happens; nobody else holding the link
// reads the reason.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { answer, args, giveSlug } from "~/features/bookings/booking-test-support";
import { nextStep } from "~/features/bookings/components/public-booking-page";
import { outboxMails } from "~/features/payments/payment-test-support";
import { action as bookingsAction } from "~/routes/musician-bookings";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import {
  bookingAct as act,
  bookingPage as page,
  paidThroughBookingPage,
} from "../../../tests/support/booking-page";
import { deliverQueuedMails } from "../../../tests/support/mail-jobs";

afterAll(() => stopJobs());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("the organiser's disputed booking", () => {
  it("shows their reason and whether the musician added their side, and e-mails them when she does", async () => {
    const m = await createMusician();
    const musicianSlug = await giveSlug(m);
    const email = `ada-${randomBytes(4).toString("hex")}@example.com`;
    const { payer, ...b } = await paidThroughBookingPage(m, { eventDate: inDays(10), email });
    const reason = "The band arrived two hours late and left early.";
    const filed = await act(
      b.slug,
      { intent: "dispute", clientName: "Ada Eze", phoneNumber: "08031234567", disputeReason: reason },
      payer,
    );
    expect(filed.status).toBe(200);

    const open = await page(b.slug, payer);
    expect(open.body.dispute).toMatchObject({ reason, sideAddedOn: null });
    expect(open.body.dispute.decisionBy).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    expect(nextStep(open.body.booking, open.body.dispute)).toContain("can add their side within");
    // Someone else holding the link, or the musician: not the organiser's own words here.
    expect((await page(b.slug)).body.dispute).toBeNull();
    expect((await page(b.slug, { cookie: m.cookie })).body.dispute).toBeNull();

    const form = new FormData();
    form.set("intent", "dispute-side");
    form.set("bookingId", b.id);
    form.set("body", "We played the full four hours; the hall opened late.");
    const side = await answer(() =>
      bookingsAction(
        args(
          new Request(`http://localhost:3000/musician_bookings/${musicianSlug}`, {
            method: "POST",
            headers: { cookie: m.cookie, origin: "http://localhost:3000" },
            body: form,
          }),
          { slug: musicianSlug },
        ),
      ),
    );
    expect(side.status).toBe(200);
    await deliverQueuedMails();
    const mails = outboxMails(`To: ${email}`).filter((t) => t.includes("added their side"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/booking/${b.slug}`);
    expect(mails[0]).not.toContain("We played the full four hours");

    const answered = await page(b.slug, payer);
    expect(answered.body.dispute).toMatchObject({ reason });
    expect(answered.body.dispute.sideAddedOn).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    const lead = nextStep(answered.body.booking, answered.body.dispute);
    expect(lead).not.toContain("can add their side");
    expect(lead).toBe("You told us something is wrong. Your payment stays in escrow until our team decides.");
  });
});
