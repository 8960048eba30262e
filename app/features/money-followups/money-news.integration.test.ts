// Issue 35 (the rest of §2): the money changes that are not booking transitions (a dispute filed on a paid
// booking, a refund and a payout Paystack settled, an unpaid booking cancelled) write their money event in
// their own transaction, and their notices and texts are consumed from it. Each test commits the change
// with the process "stopped" right after the commit (the follow-ups unregistered, so nothing runs after
// it), then runs the event's queued job, twice and twice at once: the notice comes, once per side. And the
// provider's refund is the refund event's own follow-up, asked once even when Paystack's answer is lost.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { registerMoneyEventConsumers } from "~/features/money/money-events.server";
import { mailsTo } from "~/features/notifications/notice-test-support";
import { startCheckout } from "~/features/payments/checkout.server";
import { asPayer, insertBooking, payerOfInsertedBooking } from "~/features/payments/payment-test-support";
import { releaseEscrow } from "~/features/payments/release.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { refundForBooking } from "~/features/refunds/refund-test-support";
import { clientReview, reviewBooking, reviewMusician } from "~/features/reviews/review-test-support";
import { MESSAGES, openReviewWindow, submitClientReview } from "~/features/reviews/reviews.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { listPayouts } from "~/features/wallet/queries.server";
import { requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { fakePaystack } from "../../../tests/support/fake-paystack";
import { MONEY_EVENT_CONSUMERS, runMoneyEventJob } from "./money-followups.server";

const fake = fakePaystack();
let restore: () => void;
beforeAll(() => {
  restore = fake.use();
});
afterEach(() => {
  registerMoneyEventConsumers(MONEY_EVENT_CONSUMERS);
});
afterAll(async () => {
  restore();
  await stopJobs();
});

/** The process stops right after the commit: nothing after it runs (the follow-ups are not loaded). */
async function committedThenStopped<T>(change: () => Promise<T>): Promise<T> {
  registerMoneyEventConsumers([]);
  try {
    return await change();
  } finally {
    registerMoneyEventConsumers(MONEY_EVENT_CONSUMERS);
  }
}

/** The money events of a kind on a booking (or a musician's, for payouts), each with its queued job. */
async function eventsOf(kind: string, where: { bookingId?: string; musicianId?: string }) {
  const { rows } = await pool().query<{ id: string; jobs: string }>(
    `SELECT e.id, (SELECT count(*) FROM pgboss.job j WHERE j.name = 'money-event' AND j.data->>'id' = e.id::text) AS jobs
     FROM money_events e WHERE e.kind = $1 AND ($2::uuid IS NULL OR e.booking_id = $2) AND ($3::uuid IS NULL OR e.musician_id = $3)`,
    [kind, where.bookingId ?? null, where.musicianId ?? null],
  );
  return rows.map((r) => ({ id: r.id, jobs: Number(r.jobs) }));
}

/** The stored notices of a kind for a musician: how many, and whether each side was mailed. */
async function noticesOf(musicianId: string, kind: string) {
  const { rows } = await pool().query<{ id: string; client: boolean; musician: boolean }>(
    `SELECT id, client_mailed_at IS NOT NULL AS client, musician_mailed_at IS NOT NULL AS musician
     FROM money_notifications WHERE musician_id = $1 AND kind = $2`,
    [musicianId, kind],
  );
  return rows;
}

/** Each phone message of a notice, by side (the texts are keyed by the notice: once per side). */
async function textsOf(noticeId: string) {
  const { rows } = await pool().query<{ side: string }>(
    "SELECT side FROM phone_messages WHERE message_key LIKE $1 ORDER BY side",
    [`money:${noticeId}:%`],
  );
  return rows.map((r) => r.side);
}

/** Runs the event's job as the queue would: again, and twice at once (a retry, a second host). */
async function runJobRepeatedly(id: string) {
  await runMoneyEventJob({ id });
  await Promise.all([runMoneyEventJob({ id }), runMoneyEventJob({ id })]);
}

/** A musician whose profile has a phone (so their side of each notice is texted too). */
async function musicianWithPhone() {
  const m = await createMusician();
  await pool().query("UPDATE musician_profiles SET phone_number = '08035556666' WHERE id = $1", [
    m.profileId,
  ]);
  return m;
}

async function musicianWithAccount() {
  const m = await musicianWithPhone();
  const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
  expect(saved).toMatchObject({ ok: true });
  return m;
}

/** A ₦250,000 booking paid (₦262,500) on Paystack's checkout, charge.success delivered. */
async function paidBooking(musicianId: string, eventDate?: string) {
  const booking = await insertBooking(musicianId, {
    phoneNumber: "08031112222",
    ...(eventDate ? { eventDate } : {}),
  });
  const started = await startCheckout(booking.slug, { email: "payer@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = started.authorizationUrl.split("/").pop()!;
  expect(await fake.pay(reference)).toBe(200);
  return { ...booking, reference };
}

describe("money news is told from the outbox, once, even when the process stops after the commit", () => {
  it("a dispute filed on a paid booking", async () => {
    const m = await musicianWithPhone();
    const b = await paidBooking(m.profileId);
    const filed = await committedThenStopped(async () =>
      submitDispute(
        b.slug,
        { clientName: "Ada Eze", phoneNumber: "08030000000", disputeReason: "The band never came" },
        testIp(),
        await asPayer(b.id),
      ),
    );
    expect(filed.ok).toBe(true);
    expect(await noticesOf(m.profileId, "disputed")).toEqual([]);
    const [event, ...more] = await eventsOf("disputeFiled", { bookingId: b.id });
    expect(more).toEqual([]);
    expect(event!.jobs).toBe(1);

    await runJobRepeatedly(event!.id);
    const notices = await noticesOf(m.profileId, "disputed");
    expect(notices).toMatchObject([{ client: true, musician: true }]);
    // The payer gave no phone: the client's side is by e-mail only (never the number the musician typed).
    expect(await textsOf(notices[0]!.id)).toEqual(["musician"]);
    const data = await pool().query("SELECT data FROM money_notifications WHERE id = $1", [notices[0]!.id]);
    expect(data.rows[0].data).toMatchObject({
      holdsMoney: true,
      paidKobo: 26_250_000,
      musicianKobo: 22_500_000,
      reason: "The band never came",
    });
  });

  it("a refund Paystack settled (refund.processed)", async () => {
    const m = await musicianWithPhone();
    const b = await paidBooking(m.profileId, "2027-03-15");
    expect(await cancelOwnBooking({ id: m.profileId }, b.id)).toMatchObject({ ok: true });
    const refund = await refundForBooking(b.id);
    expect(refund?.providerRefundId).toBeTruthy();
    expect(await noticesOf(m.profileId, "refunded")).toEqual([]);

    expect(
      await committedThenStopped(() => fake.refundBecomes(Number(refund!.providerRefundId), "processed")),
    ).toBe(200);
    expect((await refundForBooking(b.id))?.status).toBe("processed");
    expect(await noticesOf(m.profileId, "refunded")).toEqual([]);
    const [event] = await eventsOf("refundSettled", { bookingId: b.id });
    expect(event!.jobs).toBe(1);

    await runJobRepeatedly(event!.id);
    const notices = await noticesOf(m.profileId, "refunded");
    expect(notices).toMatchObject([{ client: true, musician: true }]);
    expect(await textsOf(notices[0]!.id)).toEqual([]);
    // Paystack says it again: nothing new.
    expect(await fake.refundBecomes(Number(refund!.providerRefundId), "processed")).toBe(200);
    expect(await eventsOf("refundSettled", { bookingId: b.id })).toHaveLength(1);
    expect(await noticesOf(m.profileId, "refunded")).toHaveLength(1);
  });

  it("a refund Paystack reported failed (refund.failed): the payer is told their money is being looked into", async () => {
    const m = await musicianWithPhone();
    const b = await paidBooking(m.profileId, "2027-03-16");
    expect(await cancelOwnBooking({ id: m.profileId }, b.id)).toMatchObject({ ok: true });
    const refund = await refundForBooking(b.id);
    expect(
      await committedThenStopped(() => fake.refundBecomes(Number(refund!.providerRefundId), "failed")),
    ).toBe(200);
    expect((await refundForBooking(b.id))?.status).toBe("failed");
    expect(await noticesOf(m.profileId, "refund_delayed")).toEqual([]);
    const [event, ...more] = await eventsOf("refundDelayed", { bookingId: b.id });
    expect(more).toEqual([]);
    expect(event!.jobs).toBe(1);

    await runJobRepeatedly(event!.id);
    const notices = await noticesOf(m.profileId, "refund_delayed");
    expect(notices).toMatchObject([{ client: true, musician: true }]);
    // The booking's own number is the client's until paid; once paid, the payer gave none: e-mail only.
    expect(await textsOf(notices[0]!.id)).toEqual([]);
  });

  it("a payout Paystack settled: paid, and another that failed", async () => {
    const m = await musicianWithAccount();
    await chooseAutomaticPayouts(m.profileId, false);
    for (const _ of [1, 2]) {
      const b = await paidBooking(m.profileId);
      expect((await releaseEscrow(b.id, "admin")).ok).toBe(true);
      expect(await requestWithdrawal(m.profileId, 22_500_000, newIdempotencyKey())).toMatchObject({
        ok: true,
      });
    }
    const [bad, good] = await listPayouts(m.profileId);
    expect([good?.status, bad?.status]).toEqual(["pending", "pending"]);

    await committedThenStopped(async () => {
      expect(await fake.transferBecomes(good!.reference, "success")).toBe(200);
      expect(await fake.transferBecomes(bad!.reference, "failed")).toBe(200);
    });
    expect((await listPayouts(m.profileId)).map((p) => p.status).sort()).toEqual(["failed", "paid"]);
    expect(await noticesOf(m.profileId, "payout_sent")).toEqual([]);
    expect(await noticesOf(m.profileId, "payout_failed")).toEqual([]);

    const events = await eventsOf("payoutSettled", { musicianId: m.profileId });
    expect(events).toHaveLength(2);
    for (const e of events) {
      expect(e.jobs).toBe(1);
      await runJobRepeatedly(e.id);
    }
    for (const kind of ["payout_sent", "payout_failed"]) {
      const notices = await noticesOf(m.profileId, kind);
      expect(notices).toMatchObject([{ client: false, musician: true }]);
      expect(await textsOf(notices[0]!.id)).toEqual(["musician"]);
    }
  });

  it("an unpaid booking cancelled by someone with the link, and one cancelled by the musician", async () => {
    const m = await musicianWithPhone();
    const byLink = await insertBooking(m.profileId, { eventDate: "2027-04-10", phoneNumber: "08031112222" });
    const byMusician = await insertBooking(m.profileId, {
      eventDate: "2027-04-11",
      phoneNumber: "08031112222",
    });
    await committedThenStopped(async () => {
      expect(
        await cancelBookingAsClient(byLink.slug, testIp(), { userId: null, payerToken: null }),
      ).toMatchObject({ ok: true });
      expect(await cancelOwnBooking({ id: m.profileId }, byMusician.id)).toMatchObject({ ok: true });
    });
    expect(await noticesOf(m.profileId, "cancelled")).toEqual([]);
    for (const b of [byLink, byMusician]) {
      const [event] = await eventsOf("cancelledUnpaid", { bookingId: b.id });
      expect(event!.jobs).toBe(1);
      await runJobRepeatedly(event!.id);
    }
    const notices = await noticesOf(m.profileId, "cancelled");
    expect(notices).toMatchObject([
      { client: true, musician: true },
      { client: true, musician: true },
    ]);
    for (const n of notices) expect(await textsOf(n.id)).toEqual(["client", "musician"]);
    const { rows } = await pool().query<{ by: string }>(
      "SELECT data->>'by' AS by FROM money_notifications WHERE musician_id = $1 AND kind = 'cancelled' ORDER BY data->>'by'",
      [m.profileId],
    );
    expect(rows.map((r) => r.by)).toEqual(["link", "musician"]);
  });
});

describe("what still ran after the commit is consumed from the event too (issue 35 §2)", () => {
  it("a payment that arrived after the booking was cancelled: the payer's mail comes from the refund's event, once", async () => {
    const m = await musicianWithPhone();
    const b = await insertBooking(m.profileId, { eventDate: "2027-06-12", phoneNumber: "08031112222" });
    const started = await startCheckout(b.slug, { email: "late-payer@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    expect(await cancelOwnBooking({ id: m.profileId }, b.id)).toMatchObject({ ok: true });
    const told = () =>
      mailsTo("late-payer@example.com").filter((x) => x.subject === `Payment refunded — booking ${b.slug}`);

    // The late payment is credited and refunded in one commit; the process stops right after it.
    const reference = started.authorizationUrl.split("/").pop()!;
    expect(await committedThenStopped(() => fake.pay(reference))).toBe(200);
    expect(told()).toEqual([]);
    const [event, ...more] = await eventsOf("refund", { bookingId: b.id });
    expect(more).toEqual([]);
    expect(event!.jobs).toBe(1);

    await runJobRepeatedly(event!.id);
    const [mail, ...again] = told();
    expect(again).toEqual([]);
    expect(mail?.text).toContain(
      `Your payment of ₦262,500.00 (reference ${reference}) arrived after booking ${b.slug} was cancelled, so it is being refunded to you in full.`,
    );
  });

  it("a dispute filed on a completed booking pauses its review window from the dispute's event", async () => {
    const m = await reviewMusician();
    const bk = await reviewBooking(m, { eventDate: addDaysToDate(lagosToday(), -1) });
    const payer = await payerOfInsertedBooking(bk.id);
    await openReviewWindow(bk.id);
    const pausedAt = async () =>
      (
        await pool().query<{ paused_at: Date | null }>(
          "SELECT paused_at FROM review_windows WHERE booking_id = $1",
          [bk.id],
        )
      ).rows[0]?.paused_at ?? null;
    expect(await pausedAt()).toBeNull();

    const filed = await committedThenStopped(() =>
      submitDispute(
        bk.slug,
        { clientName: "Ada Eze", phoneNumber: "08031234567", disputeReason: "The band arrived late." },
        testIp(),
        payer,
      ),
    );
    expect(filed).toEqual({ ok: true });
    expect(await pausedAt()).toBeNull();
    const [event] = await eventsOf("disputeFiled", { bookingId: bk.id });
    expect(event!.jobs).toBe(1);

    await runJobRepeatedly(event!.id);
    const paused = await pausedAt();
    expect(paused).not.toBeNull();
    // Paused as of when the dispute was filed, not when its follow-up ran.
    const at = (
      await pool().query<{ at: string }>("SELECT data->>'at' AS at FROM money_events WHERE id = $1", [
        event!.id,
      ])
    ).rows[0]!.at;
    expect(paused!.toISOString()).toBe(new Date(at).toISOString());
    expect(await submitClientReview(bk.slug, clientReview() as never, testIp(), "create")).toEqual({
      ok: false,
      status: 409,
      message: MESSAGES.disputed,
    });
  });
});

describe("the provider's refund is the refund event's follow-up", () => {
  it("committed, then the process stops: the event's job asks Paystack; its answer lost, the retry adopts it; never twice", async () => {
    const m = await musicianWithPhone();
    const b = await paidBooking(m.profileId, "2027-05-20");
    const refundCalls = () => fake.state.calls.filter((c) => c.method === "POST" && c.path === "/refund");

    // The musician cancels: the refund's posting and its event commit; nothing asks Paystack yet.
    expect(await committedThenStopped(() => cancelOwnBooking({ id: m.profileId }, b.id))).toMatchObject({
      ok: true,
    });
    expect(refundCalls()).toHaveLength(0);
    expect(await refundForBooking(b.id)).toMatchObject({ status: "pending", providerRefundId: null });
    const [event] = await eventsOf("refund", { bookingId: b.id });
    expect(event!.jobs).toBe(1);

    // The job asks Paystack, which makes the refund and loses its answer: not marked, so asked again.
    fake.trick("POST /refund", { kind: "lose" });
    await expect(runMoneyEventJob({ id: event!.id })).rejects.toThrow();
    expect(refundCalls()).toHaveLength(1);
    expect(fake.state.refunds.size).toBeGreaterThan(0);
    const atPaystack = [...fake.state.refunds.values()].filter(
      (r) => r.transaction.reference === b.reference,
    );
    expect(atPaystack).toHaveLength(1);

    // The retry finds Paystack's refund among the charge's and adopts it: no second POST /refund.
    await runJobRepeatedly(event!.id);
    expect(refundCalls()).toHaveLength(1);
    expect(await refundForBooking(b.id)).toMatchObject({
      status: "pending",
      providerRefundId: String(atPaystack[0]!.id),
    });
    const marks = await pool().query(
      "SELECT result FROM money_event_consumptions WHERE event_id = $1 AND consumer = 'provider-refund'",
      [event!.id],
    );
    expect(marks.rows).toHaveLength(1);
    expect(marks.rows[0].result).not.toHaveProperty("sending");
    expect(
      [...fake.state.refunds.values()].filter((r) => r.transaction.reference === b.reference),
    ).toHaveLength(1);
  });
});
