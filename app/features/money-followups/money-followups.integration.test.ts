// Issue 35 §2 (M11): a transition's follow-ups come from its money event, queued in the transition's own
// transaction, so a process that stops between the money's commit and its follow-ups loses nothing, and
// the event's job, delivered once or several times, runs each follow-up once.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { applyTransition, readBookingMoney } from "~/features/money/booking-money.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { runMoneySweep } from "~/features/payments/money-sweep.server";
import { insertBooking, outboxMails, testCheckoutReference } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { payoutsOfBooking } from "~/features/wallet/queries.server";
import { saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { createMusician } from "../../../tests/support/accounts";
import { MONEY_EVENT_CONSUMERS, runMoneyEventJob } from "./money-followups.server";

afterAll(async () => {
  await stopJobs();
});

/** A musician with a verified payout account (automatic payouts on) and a booking paid on the test checkout. */
async function paidBooking() {
  const m = await createMusician();
  const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
  if (!saved.ok) throw new Error(saved.message);
  const booking = await insertBooking(m.profileId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, "127.0.0.1");
  if (!started.ok) throw new Error(started.message);
  // The checkout URL names an access code, not the reference (ADR 0025); the provider knows the reference.
  const reference = await testCheckoutReference(started.authorizationUrl);
  return { m, booking, reference };
}

async function pay(reference: string) {
  let outcome: unknown;
  await completeTestCheckout(reference, async (p) => {
    outcome = await handleChargeSuccess(p.data as never);
  });
  return outcome;
}

/** The money-event job queued with the event (in the transition's transaction). */
async function queuedJobOf(eventId: string) {
  const { rows } = await pool().query<{ data: { id: string } }>(
    "SELECT data FROM pgboss.job WHERE name = 'money-event' AND data->>'id' = $1",
    [eventId],
  );
  return rows;
}

/** What the follow-ups of a release have done so far: each counted, to show nothing happens twice. */
async function followUpsOf(bookingId: string) {
  const count = async (text: string) =>
    Number((await pool().query<{ n: string }>(text, [bookingId])).rows[0]!.n);
  return {
    notices: await count(
      "SELECT count(*) AS n FROM money_notifications WHERE booking_id = $1 AND kind = 'released'",
    ),
    payouts: await count("SELECT count(*) AS n FROM musician_payouts WHERE booking_id = $1"),
    windows: await count("SELECT count(*) AS n FROM review_windows WHERE booking_id = $1"),
    marks: await count(
      "SELECT count(*) AS n FROM money_event_consumptions c JOIN money_events e ON e.id = c.event_id WHERE e.booking_id = $1 AND e.kind = 'release'",
    ),
  };
}

describe("a money event's follow-ups", () => {
  it("a release committed when the process stops before its follow-ups: the queued job runs them, once", async () => {
    const { booking, reference } = await paidBooking();
    expect(await pay(reference)).toBe("credited");
    const before = await followUpsOf(booking.id);
    expect(before).toMatchObject({ notices: 0, payouts: 0, windows: 0, marks: 0 });

    // The clock's release commits; the process stops before anything after the commit runs.
    const applied = await db.transaction(async (tx) => {
      const money = await readBookingMoney(tx, booking.id);
      return applyTransition(tx, money!, "release", {
        by: "auto",
        now: new Date(Date.now() + 30 * 86_400_000),
      });
    });
    if (!applied.ok) throw new Error(applied.message);
    expect(applied.moved).toBe(true);
    expect(await followUpsOf(booking.id)).toEqual(before);

    // The event's job was queued in the release's transaction: it commits with the money.
    const [job, ...more] = await queuedJobOf(applied.eventId!);
    expect(more).toEqual([]);
    expect(job!.data).toEqual({ id: applied.eventId });

    // The job runs (after a restart, on any host): every follow-up, once.
    await runMoneyEventJob(job!.data);
    const after = await followUpsOf(booking.id);
    expect(after).toEqual({ notices: 1, payouts: 1, windows: 1, marks: MONEY_EVENT_CONSUMERS.length });
    const [payout] = await payoutsOfBooking(booking.id);
    expect(payout).toMatchObject({ status: "pending", amountKobo: 22_500_000 });
    const mails = outboxMails("is being paid out automatically to").length;
    expect(mails).toBeGreaterThan(0);

    // Delivered again, twice at once (a retry whose completion was lost, a second host): nothing more.
    await Promise.all([runMoneyEventJob(job!.data), runMoneyEventJob(job!.data)]);
    expect(await followUpsOf(booking.id)).toEqual(after);
    expect(outboxMails("is being paid out automatically to").length).toBe(mails);
  });

  it("an event whose job was lost too: the hourly money sweep runs its follow-ups, once", async () => {
    const { booking, reference } = await paidBooking();
    await pay(reference);
    const applied = await db.transaction(async (tx) => {
      const money = await readBookingMoney(tx, booking.id);
      return applyTransition(tx, money!, "release", { by: "admin", now: new Date() });
    });
    if (!applied.ok) throw new Error(applied.message);
    // The job is gone (its completion lost with a queue restored from an old backup, say), and ten
    // minutes have passed.
    await pool().query("DELETE FROM pgboss.job WHERE name = 'money-event' AND data->>'id' = $1", [
      applied.eventId,
    ]);
    await pool().query("UPDATE money_events SET created_at = now() - interval '11 minutes' WHERE id = $1", [
      applied.eventId,
    ]);
    expect((await runMoneySweep()).events).toBeGreaterThanOrEqual(1);
    expect(await followUpsOf(booking.id)).toMatchObject({
      payouts: 1,
      windows: 1,
      marks: MONEY_EVENT_CONSUMERS.length,
    });
    const marks = (await followUpsOf(booking.id)).marks;
    await runMoneySweep();
    expect((await followUpsOf(booking.id)).marks).toBe(marks);
    expect(await payoutsOfBooking(booking.id)).toHaveLength(1);
  });

  it("a transition rolled back leaves no event and no job", async () => {
    const { booking, reference } = await paidBooking();
    await pay(reference);
    let eventId: string | null = null;
    await expect(
      db.transaction(async (tx) => {
        const money = await readBookingMoney(tx, booking.id);
        const applied = await applyTransition(tx, money!, "release", { by: "admin", now: new Date() });
        eventId = applied.ok ? applied.eventId : null;
        throw new Error("the process stops before the commit");
      }),
    ).rejects.toThrow("before the commit");
    expect(eventId).toBeTruthy();
    expect(await queuedJobOf(eventId!)).toEqual([]);
    expect((await pool().query("SELECT 1 FROM money_events WHERE id = $1", [eventId])).rowCount).toBe(0);
  });

  it("M11: the receipt whose mail failed after the credit is sent by the job, once; a redelivered charge.success sends none", async () => {
    const { booking, reference } = await paidBooking();
    const receipts = () =>
      outboxMails("We have received your payment").filter((m) => m.includes(`/booking/${booking.slug}`));
    // The mail server is down while the payment is credited (the outbox cannot be written).
    const dir = outboxDir();
    const away = `${dir}-away`;
    const hadDir = fs.existsSync(dir);
    if (hadDir) fs.renameSync(dir, away);
    fs.writeFileSync(dir, "the mail server is down");
    try {
      expect(await pay(reference)).toBe("credited");
    } finally {
      fs.rmSync(dir);
      if (hadDir) fs.renameSync(away, dir);
    }
    expect(receipts()).toEqual([]);

    // Paystack sends charge.success again: the payment is already credited, and the webhook sends nothing.
    expect(await pay(reference)).toBe("already");
    expect(receipts()).toEqual([]);

    // The credit's event job (queued with the credit) sends the receipt, with the payer's manage link.
    const { rows } = await pool().query<{ id: string }>(
      "SELECT id FROM money_events WHERE booking_id = $1 AND kind = 'credit'",
      [booking.id],
    );
    const [job] = await queuedJobOf(rows[0]!.id);
    await runMoneyEventJob(job!.data);
    await runMoneyEventJob(job!.data);
    const sent = receipts();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Total paid: =E2=82=A6262,500.00");
    expect(sent[0]).toContain(`/booking/${booking.slug}?manage=`);
  });
});
