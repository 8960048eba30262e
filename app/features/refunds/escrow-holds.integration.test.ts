// Issue 22 §3 (money review #1, #7, #8, #9, #10, #14): the refund a client paid for is the one they
// get, money never sits in a cancelled booking's escrow, "a dispute holds the money" means one thing,
// and a musician's cancellation or an admin's split commits whole or not at all.
import { execFileSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { args, get } from "~/features/bookings/booking-test-support";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import { POLICY_TERMS } from "~/features/money/cancellation-policy";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { findMoneyBreaches } from "~/features/payments/ledger-consistency.server";
import {
  asPayer,
  bookingRow,
  clientCancelPreview,
  fileDispute,
  insertBooking,
  payPanelForSlug,
  releaseDueOnCreditInEveryTest,
  testCheckoutReference,
} from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { releaseEscrow, runAutoRelease } from "~/features/payments/release.server";
import { chooseCancellationPolicy } from "~/features/wallet/wallet.server";
import { loader as documentLoader } from "~/routes/booking-document";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { bookingRefunds } from "~db/schema/wallet";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { adminPaymentsView, resolvePaymentDispute } from "./admin-payments.server";
import { CLIENT_CANCEL_MESSAGES, cancelBookingAsClient } from "./client-cancel.server";
import { startBookingRefundIn } from "./refund-test-support";
import { handleRefundEvent } from "./refunds.server";

// Events here are over before they are paid: what happens once the release is due (review N2).
releaseDueOnCreditInEveryTest();

afterAll(async () => {
  await stopJobs();
});

const DAY = 86_400_000;
const PAID = 26_250_000; // ₦250,000 + the 5% service fee

let day = 0;
/** A future event date no other booking of this file uses, starting 14:00 Lagos. */
function futureEvent() {
  day += 1;
  const eventDate = `2098-${String(1 + (day % 12)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}`;
  return { eventDate, eventStartTime: "14:00", startsAt: new Date(`${eventDate}T14:00:00+01:00`) };
}

/** Starts a checkout on the test provider; returns its reference. */
async function checkout(slug: string, email?: string): Promise<string> {
  const started = await startCheckout(slug, { email: email ?? "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  return await testCheckoutReference(started.authorizationUrl);
}

/** Completes the payer's side of a checkout and delivers Paystack's charge.success. */
async function pay(reference: string) {
  let outcome: unknown;
  await completeTestCheckout(reference, async (p) => {
    outcome = await handleChargeSuccess(p.data as never);
  });
  return outcome;
}

async function refundRows(bookingId: string) {
  return db
    .select({
      reference: bookingRefunds.transactionReference,
      amountKobo: bookingRefunds.amountKobo,
      reason: bookingRefunds.reason,
    })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId));
}

async function expectSound() {
  expect(await findMoneyBreaches()).toEqual([]);
}

describe("#1 the cancellation policy is frozen on the payment", () => {
  it("a musician who switches to Strict after being paid changes nothing for that booking (refund, preview, contract)", async () => {
    const m = await createMusician();
    const ev = futureEvent();
    const booking = await insertBooking(m.profileId, {
      eventDate: ev.eventDate,
      eventStartTime: ev.eventStartTime,
    });
    await pay(await checkout(booking.slug)); // paid under Flexible (the default)
    await chooseCancellationPolicy(m.profileId, "strict");

    const threeDaysBefore = new Date(ev.startsAt.getTime() - 3 * DAY);
    const preview = await clientCancelPreview(booking.slug, threeDaysBefore);
    expect(preview).toMatchObject({ policy: "flexible", canCancel: true, refundKobo: PAID });
    expect((await payPanelForSlug(booking.slug))?.policy).toBe("flexible");

    // The contract states the terms the client paid under, in full.
    const pdf = (await documentLoader(
      args(get(null, `/booking/${booking.slug}/documents/contract`), {
        slug: booking.slug,
        kind: "contract",
      }),
    )) as Response;
    expect(pdf.status).toBe(200);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], {
      input: Buffer.from(await pdf.arrayBuffer()),
    })
      .toString("utf8")
      .replace(/\s+/g, " ");
    expect(text).toContain(`Flexible: ${POLICY_TERMS.flexible}`);
    expect(text).not.toContain("Strict");

    const cancelled = await cancelBookingAsClient(
      booking.slug,
      testIp(),
      await asPayer(booking.id),
      threeDaysBefore,
    );
    expect(cancelled).toMatchObject({ ok: true, refundKobo: PAID });
    expect(await accountBalanceKobo(musicianPayableAccount(m.profileId))).toBe(0);
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(PAID);
    await expectSound();
  });

  it("a booking paid after the switch follows the new policy, and an open checkout started before it is not reused", async () => {
    const m = await createMusician();
    const ev = futureEvent();
    const booking = await insertBooking(m.profileId, {
      eventDate: ev.eventDate,
      eventStartTime: ev.eventStartTime,
    });
    const before = await checkout(booking.slug);
    await chooseCancellationPolicy(m.profileId, "strict");
    const after = await checkout(booking.slug);
    expect(after).not.toBe(before);
    await pay(after);
    const cancelled = await cancelBookingAsClient(
      booking.slug,
      testIp(),
      await asPayer(booking.id),
      new Date(ev.startsAt.getTime() - 3 * DAY),
    );
    expect(cancelled).toMatchObject({ ok: true, refundKobo: 0 });
    await expectSound();
  });
});

describe("#8 a charge that lands on a cancelled booking, or a second charge, is refunded in full", () => {
  it("checkout opened, the musician cancels, the client pays: refunded at once, nothing held", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, futureEvent());
    const reference = await checkout(booking.slug);
    expect((await cancelOwnBooking({ id: m.profileId }, booking.id)).ok).toBe(true);

    expect(await pay(reference)).toBe("refunded");
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await refundRows(booking.id)).toEqual([
      { reference, amountKobo: PAID, reason: "paid_after_cancel" },
    ]);
    // Replayed: nothing moves twice.
    expect(await pay(reference)).toBe("already");
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(PAID);
    await handleRefundEvent("refund.processed", {
      transaction_reference: reference,
      amount: PAID,
      currency: "NGN",
    });
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(0);
    await expectSound();
  });

  it("two checkouts of one booking both paid: the second goes straight back, the first stays in escrow", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, { ...futureEvent(), email: null });
    const first = await checkout(booking.slug, "one@example.com");
    const second = await checkout(booking.slug, "two@example.com");
    expect(await pay(first)).toBe("credited");
    expect(await pay(second)).toBe("already_paid");
    expect(await pay(second)).toBe("already_paid");

    expect((await bookingRow(booking.id))?.paymentStatus).toBe("paid");
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
    expect(await refundRows(booking.id)).toEqual([
      { reference: second, amountKobo: PAID, reason: "duplicate_charge" },
    ]);
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(PAID);
    await handleRefundEvent("refund.processed", {
      transaction_reference: second,
      amount: PAID,
      currency: "NGN",
    });
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(0);
    // The booking's own money is untouched and can still be refunded or released as usual.
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    await expectSound();
  });

  it("a cancellation racing a payment ends cancelled and refunded, whichever wins", async () => {
    for (let i = 0; i < 4; i++) {
      const m = await createMusician();
      const booking = await insertBooking(m.profileId, futureEvent());
      const reference = await checkout(booking.slug);
      await Promise.all([cancelOwnBooking({ id: m.profileId }, booking.id), pay(reference)]);
      expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
      expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
      expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(PAID);
    }
    await expectSound();
  });
});

describe("#7 one meaning of 'an open dispute holds the money'", () => {
  it("a dispute filed while the booking was pending holds nothing once it is confirmed and paid: cancel, release and the admin agree", async () => {
    const m = await createMusician();
    const ev = futureEvent();
    const booking = await insertBooking(m.profileId, { ...ev, status: "pending" });
    await fileDispute(booking.id);
    await db
      .update(bookingsByMusician)
      .set({ status: "confirmed" })
      .where(eq(bookingsByMusician.id, booking.id));
    await pay(await checkout(booking.slug));

    // Money review 3, M3: paying settles a complaint from before payment, so it is no longer listed as open
    // for the admin (review 2's N7 listed it as holding nothing) and holds nothing anywhere.
    expect((await adminPaymentsView()).disputes.find((d) => d.bookingId === booking.id)).toBeUndefined();
    expect((await payPanelForSlug(booking.slug))?.onHold).toBe(false);
    const cancelled = await cancelBookingAsClient(
      booking.slug,
      testIp(),
      await asPayer(booking.id),
      new Date(ev.startsAt.getTime() - 3 * DAY),
    );
    expect(cancelled).toMatchObject({ ok: true, refundKobo: PAID });
    await expectSound();
  });

  it("a dispute filed after payment holds it everywhere: client cancel, client and clock release, and it is listed", async () => {
    const m = await createMusician();
    const ev = futureEvent();
    const booking = await insertBooking(m.profileId, ev);
    await pay(await checkout(booking.slug));
    await fileDispute(booking.id);

    expect((await adminPaymentsView()).disputes.some((d) => d.bookingId === booking.id)).toBe(true);
    expect((await payPanelForSlug(booking.slug))?.onHold).toBe(true);
    expect(
      await cancelBookingAsClient(
        booking.slug,
        testIp(),
        await asPayer(booking.id),
        new Date(ev.startsAt.getTime() - 3 * DAY),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: CLIENT_CANCEL_MESSAGES.disputed,
    });
    expect((await releaseEscrow(booking.id, "auto")).ok).toBe(false);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
  });
});

describe("#14 a dispute is judged on the booking as it is once whatever changes it has committed", () => {
  it("waits while another transaction changes the booking (here the client confirming it), then judges the result", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, { ...futureEvent(), status: "pending" });
    const input = {
      clientName: "Ada Eze",
      phoneNumber: "08030000000",
      disputeReason: "Wrong date on the booking",
    };
    const client = await pool().connect();
    try {
      // The client confirms the booking in one transaction while a dispute arrives from another tab.
      await client.query("BEGIN");
      await client.query("UPDATE bookings_by_musician SET status = 'confirmed' WHERE id = $1", [booking.id]);
      const filed = submitDispute(booking.slug, input, testIp(), { userId: null, payerToken: null });
      // The dispute waits for the booking's row.
      await waitForLockWait();
      await client.query("COMMIT");
      expect(await filed).toMatchObject({ ok: false, status: 409 });
    } finally {
      client.release();
    }
    const disputes = await db
      .select({ id: clientDisputes.id })
      .from(clientDisputes)
      .where(eq(clientDisputes.bookingId, booking.id));
    expect(disputes).toEqual([]);
  });
});

/** Until some backend is waiting on a row lock (the dispute's insert); fails after 10 s. */
async function waitForLockWait() {
  for (let i = 0; i < 200; i++) {
    const r = await db.execute<{ n: number }>(
      // The dispute waits in its insert, or (ADR 0013) in its share-locked read of the booking before it.
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'
        AND (query ILIKE '%client_disputes%' OR query ILIKE '%bookings_by_musician%for share%')`,
    );
    if ((r.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the dispute's insert never waited for the booking's lock");
}

describe("#10 a musician's cancellation commits with its refund or not at all", () => {
  it("a refund that cannot start leaves the booking confirmed with its money in escrow", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, futureEvent());
    await pay(await checkout(booking.slug));
    // The database refuses this booking's refund row (a crash, a deadlock, a constraint).
    await db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_refuse_refund() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refund refused for the test'; END $$;
      CREATE TRIGGER test_refuse_refund BEFORE INSERT ON booking_refunds
        FOR EACH ROW WHEN (NEW.booking_id = '${booking.id}') EXECUTE FUNCTION test_refuse_refund();`),
    );
    try {
      await expect(cancelOwnBooking({ id: m.profileId }, booking.id)).rejects.toThrow(
        /insert into "booking_refunds"/,
      );
    } finally {
      await db.execute(sql.raw("DROP TRIGGER test_refuse_refund ON booking_refunds"));
    }
    expect(await bookingRow(booking.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);

    // Once the refund can start, the same cancellation goes through whole.
    expect((await cancelOwnBooking({ id: m.profileId }, booking.id)).ok).toBe(true);
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(PAID);
    await expectSound();
  });
});

describe("#9 the admin's split commits refund, release and resolution together", () => {
  it("a release that fails rolls the refund back: the booking stays paid, listed and actionable", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId);
    await pay(await checkout(booking.slug));
    await fileDispute(booking.id);
    await db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_refuse_release() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'release refused for the test'; END $$;
      CREATE TRIGGER test_refuse_release BEFORE INSERT ON ledger_transactions
        FOR EACH ROW WHEN (NEW.idempotency_key = 'release:${booking.id}') EXECUTE FUNCTION test_refuse_release();`),
    );
    try {
      await expect(resolvePaymentDispute(booking.id, "split", 10_000_000)).rejects.toThrow(
        /insert into "ledger_transactions"/,
      );
    } finally {
      await db.execute(sql.raw("DROP TRIGGER test_refuse_release ON ledger_transactions"));
    }
    expect(await bookingRow(booking.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
    expect(await refundRows(booking.id)).toEqual([]);
    expect((await adminPaymentsView()).disputes.some((d) => d.bookingId === booking.id)).toBe(true);

    expect(await resolvePaymentDispute(booking.id, "split", 10_000_000)).toEqual({
      ok: true,
      message: "Dispute resolved",
    });
    expect(await bookingRow(booking.id)).toEqual({
      status: "completed",
      paymentStatus: "partially_refunded",
    });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect((await adminPaymentsView()).disputes.some((d) => d.bookingId === booking.id)).toBe(false);
    await expectSound();
  });

  it("'released' is the ledger's release, not a status: a part-refunded booking marked completed still releases the rest", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId);
    const reference = await checkout(booking.slug);
    await pay(reference);
    await db.transaction((tx) => startBookingRefundIn(tx, booking.id, 6_250_000, "dispute"));
    // The musician marks it completed (allowed on or after the event date).
    await db
      .update(bookingsByMusician)
      .set({ status: "completed" })
      .where(eq(bookingsByMusician.id, booking.id));

    await runAutoRelease({ bookingId: booking.id });
    const released = await db.execute(
      sql`SELECT 1 FROM ledger_transactions WHERE idempotency_key = ${`release:${booking.id}`}`,
    );
    expect(released.rows).toHaveLength(1);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(musicianPayableAccount(m.profileId))).toBeGreaterThan(0);
    expect(await findLedgerBreaches()).toEqual([]);
    await expectSound();
  });
});
