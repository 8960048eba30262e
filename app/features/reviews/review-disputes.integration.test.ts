// A dispute filed on a completed booking pauses its review window; the admin's resolution resumes it.
import { afterAll, expect, it } from "vitest";
import { resolveBookingDisputes } from "~/features/disputes/dispute-test-support";
import { submitDispute } from "~/features/disputes/disputes.server";
import { payerOfInsertedBooking } from "~/features/payments/payment-test-support";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { stopJobs } from "~/server/jobs/jobs.server";
import { testIp } from "../../../tests/support/accounts";
import { clientReview, reviewBooking, reviewMusician } from "./review-test-support";
import { MESSAGES, submitClientReview } from "./reviews.server";

afterAll(async () => {
  await stopJobs();
});

it("a client's dispute on a completed booking holds reviews until it is resolved", async () => {
  const m = await reviewMusician();
  const bk = await reviewBooking(m, { eventDate: addDaysToDate(lagosToday(), -1) });
  // Paid: only its payer disputes it (ADR 0013).
  const payer = await payerOfInsertedBooking(bk.id);
  const review = () => submitClientReview(bk.slug, clientReview() as never, testIp(), "create");

  const filed = await submitDispute(
    bk.slug,
    { clientName: "Ada Eze", phoneNumber: "08031234567", disputeReason: "The band arrived two hours late." },
    testIp(),
    payer,
  );
  expect(filed).toEqual({ ok: true });
  expect(await review()).toEqual({ ok: false, status: 409, message: MESSAGES.disputed });

  expect(await resolveBookingDisputes(bk.id, "released")).toBe(1);
  expect(await review()).toMatchObject({ ok: true });
});
