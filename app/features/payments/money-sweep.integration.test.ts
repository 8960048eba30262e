// The hourly money sweep (money review #6, #11): a release job lost after a payment, a refund or a
// payout left pending by a crash or an outage, and a payout whose webhook never came, are all driven
// again; undated paid bookings get a due time.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { musicianPayableAccount, PAYSTACK_CLEARING } from "~/features/ledger/ledger-accounts";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { UNDATED_RELEASE_DAYS } from "~/features/money/money-rules";
import { MONEY_EVENT_CONSUMERS } from "~/features/money-followups/money-followups.server";
import { refundBooking, refundForBooking } from "~/features/refunds/refund-test-support";
import { findPayoutByReference, listPayouts } from "~/features/wallet/queries.server";
import { requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { handleChargeSuccess, startCheckout } from "./checkout.server";
import { MONEY_SWEEP_CRON, MONEY_SWEEP_JOB, MONEY_SWEEP_STEPS, runMoneySweep } from "./money-sweep.server";
import { insertBooking, testCheckoutReference } from "./payment-test-support";
import { PaymentProviderError } from "./paystack/payment-provider";
import { paymentProvider } from "./paystack/provider.server";
import { findTestRecord, moveTestRecord, refundRecordsForTransaction } from "./paystack/queries.server";
import { completeTestCheckout } from "./paystack/test-provider.server";

afterAll(async () => {
  await stopJobs();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const unavailable = () => new PaymentProviderError("Paystack timed out after 15000 ms", "unavailable");

async function paidBooking(over: { eventDate?: string | null } = {}) {
  const m = await createMusician();
  const booking = await insertBooking(
    m.profileId,
    over.eventDate === undefined ? {} : { eventDate: over.eventDate },
  );
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return { musician: m, booking, reference };
}

async function releaseJobs(bookingId: string) {
  const r = await pool().query<{ start_after: Date }>(
    "SELECT start_after FROM pgboss.job WHERE name = 'escrow-release' AND data->>'bookingId' = $1",
    [bookingId],
  );
  return r.rows;
}

/** Makes a row look as if it was last touched 11 minutes ago (the sweep leaves fresh work alone). */
async function age(table: "booking_refunds" | "musician_payouts", id: string) {
  await pool().query(`UPDATE ${table} SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
}

describe("money sweep", () => {
  it("queues the release job a crash lost after the payment", async () => {
    const { booking } = await paidBooking();
    expect(await releaseJobs(booking.id)).toHaveLength(1);
    // The process died between the payment's commit and queueing its release.
    await pool().query("DELETE FROM pgboss.job WHERE name = 'escrow-release' AND data->>'bookingId' = $1", [
      booking.id,
    ]);

    await runMoneySweep();

    expect(await releaseJobs(booking.id)).toHaveLength(1);
    await runMoneySweep();
    expect(await releaseJobs(booking.id), "a second sweep queues nothing more").toHaveLength(1);
  });

  it(`releases an undated paid booking ${UNDATED_RELEASE_DAYS} days after its payment`, async () => {
    // Paid before an event date was required (a booking with none can no longer be paid): its date is gone.
    const { booking } = await paidBooking();
    await pool().query("UPDATE bookings_by_musician SET event_date = NULL WHERE id = $1", [booking.id]);
    await pool().query("DELETE FROM pgboss.job WHERE name = 'escrow-release' AND data->>'bookingId' = $1", [
      booking.id,
    ]);
    await runMoneySweep();
    const [job] = await releaseJobs(booking.id);
    // Counted from our own credit of the payment (review 2, N11), as the money module says.
    const money = await peekBookingMoney(booking.id);
    expect(money?.creditedAt).toBeTruthy();
    expect(job?.start_after.getTime()).toBe(money!.creditedAt!.getTime() + UNDATED_RELEASE_DAYS * 86_400_000);
    expect(job?.start_after.getTime()).toBe(money!.releaseDueAt!.getTime());
  });

  it("sends a refund the provider could not be asked for", async () => {
    const { booking, reference } = await paidBooking();
    vi.spyOn(paymentProvider(), "createRefund").mockRejectedValueOnce(unavailable());
    await refundBooking(booking.id, 5_000_000, "dispute");
    const refund = await refundForBooking(booking.id);
    expect(refund).toMatchObject({ status: "pending", providerRefundId: null });
    await age("booking_refunds", refund!.id);

    await runMoneySweep();

    const atProvider = await refundRecordsForTransaction(reference);
    expect(atProvider.map((r) => r.amountKobo)).toEqual([5_000_000]);
    expect((await refundForBooking(booking.id))?.providerRefundId).toBe(atProvider[0]!.reference);
  });

  it("sends a payout the provider never heard of, and settles one whose webhook was lost", async () => {
    const m = await createMusician({ firstName: "Tunde", lastName: "Sax" });
    await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
    await postLedgerTransaction(db, {
      idempotencyKey: `test-earn:${m.profileId}`,
      kind: "release",
      memo: "test release",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -5_000_000 },
        { account: musicianPayableAccount(m.profileId), amountKobo: 5_000_000 },
      ],
    });
    vi.spyOn(paymentProvider(), "initiateTransfer").mockRejectedValueOnce(unavailable());
    await requestWithdrawal(m.profileId, 1_000_000, newIdempotencyKey());
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payouts = await listPayouts(m.profileId);
    const never = payouts.find((p) => p.amountKobo === 1_000_000)!;
    const sent = payouts.find((p) => p.amountKobo === 2_000_000)!;
    expect(await findTestRecord("transfer", never.reference)).toBeUndefined();
    // Paystack paid the second transfer; its webhook never reached us.
    expect(await moveTestRecord("transfer", sent.reference, "pending", "success")).toBe(true);
    await age("musician_payouts", never.id);
    await age("musician_payouts", sent.id);

    await runMoneySweep();

    expect(await findTestRecord("transfer", never.reference)).toMatchObject({ amountKobo: 1_000_000 });
    expect((await findPayoutByReference(never.reference))?.status).toBe("pending");
    expect((await findPayoutByReference(sent.reference))?.status).toBe("paid");
  });

  it("M14: a step that fails stops none of the others, whichever step it is", async () => {
    for (const failing of MONEY_SWEEP_STEPS.map((s) => s.name)) {
      // Real work for the last step: a money event whose job was lost ten minutes ago.
      const { booking } = await paidBooking();
      await pool().query(
        "DELETE FROM money_event_consumptions WHERE event_id IN (SELECT id FROM money_events WHERE booking_id = $1)",
        [booking.id],
      );
      await pool().query(
        "UPDATE money_events SET created_at = now() - interval '11 minutes' WHERE booking_id = $1",
        [booking.id],
      );
      const ran: string[] = [];
      const steps = MONEY_SWEEP_STEPS.map((s) => ({
        name: s.name,
        run: async () => {
          ran.push(s.name);
          if (s.name === failing) throw new Error(`${s.name} failed (the database went away)`);
          return s.run();
        },
      }));
      const counts = await runMoneySweep(steps);
      expect(ran, `with "${failing}" failing`).toEqual(MONEY_SWEEP_STEPS.map((s) => s.name));
      if (failing !== "money events") expect(counts.events).toBeGreaterThanOrEqual(1);
      const marks = await pool().query(
        "SELECT 1 FROM money_event_consumptions c JOIN money_events e ON e.id = c.event_id WHERE e.booking_id = $1",
        [booking.id],
      );
      expect(marks.rowCount, `with "${failing}" failing`).toBe(
        failing === "money events" ? 0 : MONEY_EVENT_CONSUMERS.length,
      );
    }
  });

  it("is a pg-boss schedule, hourly", async () => {
    const { scheduleEvery } = await import("~/server/jobs/jobs.server");
    await scheduleEvery(MONEY_SWEEP_JOB, MONEY_SWEEP_CRON);
    const r = await pool().query("SELECT cron FROM pgboss.schedule WHERE name = $1", [MONEY_SWEEP_JOB]);
    expect(r.rows).toEqual([{ cron: "17 * * * *" }]);
  });
});
