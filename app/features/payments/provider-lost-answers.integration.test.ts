// The provider acted and its answer was lost (money review #4, #5, #6, #12): a refund is never made
// twice, a transfer that was sent is never marked failed, a failing job does not multiply, and a
// webhook racing our own call does not undo what it said.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { accountBalanceKobo, postLedgerTransaction } from "~/features/ledger/ledger.server";
import {
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  payoutsInTransitAccount,
} from "~/features/ledger/ledger-accounts";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { PaymentProviderError } from "~/features/payments/paystack/payment-provider";
import { paymentProvider } from "~/features/payments/paystack/provider.server";
import { refundRecordsForTransaction } from "~/features/payments/paystack/queries.server";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { adminPaymentsView } from "~/features/refunds/admin-payments.server";
import { refundBooking, refundForBooking } from "~/features/refunds/refund-test-support";
import { handleRefundEvent, retryFailedRefund, retryRefundJob } from "~/features/refunds/refunds.server";
import { findPayoutByReference, listPayouts } from "~/features/wallet/queries.server";
import {
  handleTransferEvent,
  openMoneyAlerts,
  requestWithdrawal,
  retryPayoutTransfer,
  saveOwnBankAccount,
} from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";

afterAll(async () => {
  await stopJobs();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const lost = () => new PaymentProviderError("Paystack POST /refund timed out after 15000 ms", "unavailable");

/** A ₦250,000 booking paid (₦262,500) on the test checkout. */
async function paidBooking() {
  const m = await createMusician();
  const booking = await insertBooking(m.profileId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return { musician: m, booking, reference };
}

/** Refunds the provider holds for the charge that are not failed. */
async function liveProviderRefunds(reference: string) {
  return (await refundRecordsForTransaction(reference)).filter((r) => r.status !== "failed");
}

describe("a refund whose answer is lost (#4)", () => {
  it("is looked up and adopted by the retry, never made a second time", async () => {
    const { booking, reference } = await paidBooking();
    const provider = paymentProvider();
    const create = provider.createRefund.bind(provider);
    const spy = vi.spyOn(provider, "createRefund").mockImplementationOnce(async (input) => {
      await create(input);
      throw lost();
    });
    // A partial refund: Paystack would accept a second one, paying the client twice.
    const started = await refundBooking(booking.id, 13_125_000, "client_cancelled");
    expect(started.ok).toBe(true);
    const pending = await refundForBooking(booking.id);
    expect(pending).toMatchObject({ status: "pending", providerRefundId: null });

    await retryRefundJob({ refundId: pending!.id });

    expect(spy).toHaveBeenCalledTimes(1);
    const atProvider = await liveProviderRefunds(reference);
    expect(atProvider.map((r) => r.amountKobo)).toEqual([13_125_000]);
    expect(await refundForBooking(booking.id)).toMatchObject({
      status: "pending",
      providerRefundId: atProvider[0]!.reference,
    });
  });

  it("two Retry refund clicks at once make one provider call", async () => {
    const { booking, reference } = await paidBooking();
    const provider = paymentProvider();
    vi.spyOn(provider, "createRefund").mockRejectedValueOnce(
      new PaymentProviderError(
        "Paystack POST /refund failed: Refund could not be processed",
        "rejected",
        400,
      ),
    );
    await refundBooking(booking.id, 26_250_000, "musician_cancelled");
    const failed = await refundForBooking(booking.id);
    expect(failed?.status).toBe("failed");
    vi.restoreAllMocks();
    const create = vi.spyOn(provider, "createRefund");

    const answers = await Promise.all([retryFailedRefund(failed!.id), retryFailedRefund(failed!.id)]);

    // The second click finds the refund already on its way (or already claimed): nothing is sent twice.
    expect(answers.some((a) => a.ok)).toBe(true);
    for (const a of answers.filter((x) => !x.ok))
      expect(a.message).toBe("Only a failed refund can be retried");
    expect(create).toHaveBeenCalledTimes(1);
    expect(await liveProviderRefunds(reference)).toHaveLength(1);
  });

  it("a retry whose look-up cannot reach the provider makes no refund and stays pending", async () => {
    const { booking, reference } = await paidBooking();
    const provider = paymentProvider();
    const create = provider.createRefund.bind(provider);
    vi.spyOn(provider, "createRefund").mockImplementationOnce(async (input) => {
      await create(input);
      throw lost();
    });
    await refundBooking(booking.id, 10_000_000, "dispute");
    const refund = await refundForBooking(booking.id);
    vi.spyOn(provider, "listRefunds").mockRejectedValueOnce(lost());

    await expect(retryRefundJob({ refundId: refund!.id })).rejects.toThrow(PaymentProviderError);

    expect(await liveProviderRefunds(reference)).toHaveLength(1);
    expect(await refundForBooking(booking.id)).toMatchObject({ status: "pending", providerRefundId: null });
  });
});

describe("refund.failed racing our own refund call (#12)", () => {
  it("leaves the refund failed, with the provider's id, for the admin to retry", async () => {
    const { booking } = await paidBooking();
    const provider = paymentProvider();
    const create = provider.createRefund.bind(provider);
    vi.spyOn(provider, "createRefund").mockImplementationOnce(async (input) => {
      const made = await create(input);
      // Paystack's webhook overtakes its own answer.
      await handleRefundEvent("refund.failed", {
        transaction_reference: input.reference,
        amount: input.amountKobo,
        currency: "NGN",
      });
      return made;
    });

    await refundBooking(booking.id, 26_250_000, "musician_cancelled");

    const refund = await refundForBooking(booking.id);
    expect(refund?.status).toBe("failed");
    expect(refund?.providerRefundId).not.toBeNull();
    expect((await retryFailedRefund(refund!.id)).ok).toBe(true);
    expect((await refundForBooking(booking.id))?.status).toBe("pending");
  });
});

let earned = 0;
/** A musician with a saved bank account and `kobo` in Available. */
async function musicianWithAvailable(kobo: number) {
  const m = await createMusician({ firstName: "Tunde", lastName: "Sax" });
  expect((await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok).toBe(
    true,
  );
  earned += 1;
  await postLedgerTransaction(db, {
    idempotencyKey: `test-earn:${m.profileId}:${earned}`,
    kind: "release",
    memo: "test release",
    entries: [
      { account: PAYSTACK_CLEARING, amountKobo: -kobo },
      { account: musicianPayableAccount(m.profileId), amountKobo: kobo },
    ],
  });
  return m;
}

const available = (musicianId: string) => accountBalanceKobo(musicianPayableAccount(musicianId));
const inTransit = (musicianId: string) => accountBalanceKobo(payoutsInTransitAccount(musicianId));
const unavailable = () =>
  new PaymentProviderError("Paystack POST /transfer timed out after 15000 ms", "unavailable");
const duplicate = () =>
  new PaymentProviderError("Paystack POST /transfer failed: Duplicate Transfer Reference", "rejected", 400);

async function onlyPayout(musicianId: string) {
  const [payout] = await listPayouts(musicianId);
  return payout!;
}

describe("a transfer whose answer is lost (#5)", () => {
  it("a refused retry whose look-up fails leaves the payout pending, then transfer.success pays it", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    const initiate = provider.initiateTransfer.bind(provider);
    vi.spyOn(provider, "initiateTransfer")
      .mockImplementationOnce(async (input) => {
        await initiate(input);
        throw unavailable();
      })
      .mockRejectedValueOnce(duplicate());
    vi.spyOn(provider, "verifyTransfer").mockRejectedValueOnce(
      new PaymentProviderError("Paystack GET /transfer/verify failed: HTTP 502", "unavailable", 502),
    );
    expect((await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey())).ok).toBe(true);
    const payout = await onlyPayout(m.profileId);

    await expect(retryPayoutTransfer({ reference: payout.reference })).rejects.toThrow();

    expect((await findPayoutByReference(payout.reference))?.status).toBe("pending");
    expect(await available(m.profileId)).toBe(3_000_000);
    expect(await inTransit(m.profileId)).toBe(2_000_000);
    await handleTransferEvent("transfer.success", {
      reference: payout.reference,
      amountKobo: 2_000_000,
      currency: "NGN",
    });
    expect((await findPayoutByReference(payout.reference))?.status).toBe("paid");
    expect(await inTransit(m.profileId)).toBe(0);
  });

  it("only a definite 'not found' marks it failed and returns the money", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockRejectedValueOnce(
      new PaymentProviderError(
        "Paystack POST /transfer failed: Recipient specified is invalid",
        "rejected",
        400,
      ),
    );
    const answer = await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    expect(answer).toMatchObject({ ok: false });
    expect((await onlyPayout(m.profileId)).status).toBe("failed");
    expect(await available(m.profileId)).toBe(5_000_000);
  });

  it("transfer.success on a payout we marked failed takes the money back from Available", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockRejectedValueOnce(duplicate());
    vi.spyOn(provider, "verifyTransfer").mockResolvedValueOnce(null);
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payout = await onlyPayout(m.profileId);
    expect(payout.status).toBe("failed");
    expect(await available(m.profileId)).toBe(5_000_000);

    await handleTransferEvent("transfer.success", {
      reference: payout.reference,
      amountKobo: 2_000_000,
      currency: "NGN",
    });

    expect((await findPayoutByReference(payout.reference))?.status).toBe("paid");
    expect(await available(m.profileId)).toBe(3_000_000);
    expect(await inTransit(m.profileId)).toBe(0);
  });

  it("…and raises an admin alert when Available no longer holds it", async () => {
    const m = await musicianWithAvailable(2_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockRejectedValueOnce(duplicate());
    vi.spyOn(provider, "verifyTransfer").mockResolvedValueOnce(null);
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const failed = await onlyPayout(m.profileId);
    expect(failed.status).toBe("failed");
    vi.restoreAllMocks();
    // The musician withdraws the returned money again before Paystack's late success arrives.
    expect((await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey())).ok).toBe(true);

    await handleTransferEvent("transfer.success", {
      reference: failed.reference,
      amountKobo: 2_000_000,
      currency: "NGN",
    });

    expect((await findPayoutByReference(failed.reference))?.status).toBe("failed");
    const alerts = await openMoneyAlerts();
    expect(alerts.find((a) => a.reference === failed.reference)).toMatchObject({
      kind: "transfer_paid_after_failed",
      amountKobo: 2_000_000,
    });
    // The admin sees it on the payments page.
    expect((await adminPaymentsView()).alerts.map((a) => a.reference)).toContain(failed.reference);
  });

  it("a transfer answered 'otp' stays pending, says so, and alerts the admin (#16)", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockImplementationOnce(async (input) => ({
      reference: input.reference,
      status: "otp",
      transferCode: "TRF_otp",
      amountKobo: input.amountKobo,
    }));
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payout = await onlyPayout(m.profileId);
    expect(payout).toMatchObject({ status: "pending", note: expect.stringContaining("OTP") });
    expect((await openMoneyAlerts()).find((a) => a.reference === payout.reference)?.kind).toBe(
      "transfer_otp",
    );
  });

  it("transfer.failed arriving before the API's 'otp' answer raises no OTP alert for the failed payout (N11)", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockImplementationOnce(async (input) => {
      // Paystack's webhook overtakes its own API answer: the transfer has already failed.
      await handleTransferEvent("transfer.failed", {
        reference: input.reference,
        amountKobo: input.amountKobo,
        currency: "NGN",
      });
      return {
        reference: input.reference,
        status: "otp",
        transferCode: "TRF_late",
        amountKobo: input.amountKobo,
      };
    });
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payout = await onlyPayout(m.profileId);
    expect(payout.status).toBe("failed");
    expect(payout.note ?? "").not.toContain("OTP");
    expect((await openMoneyAlerts()).filter((a) => a.reference === payout.reference)).toEqual([]);
    expect(await available(m.profileId)).toBe(5_000_000);
  });
});

describe("payout jobs (#6)", () => {
  it("a failing retry throws for pg-boss to retry it and queues nothing more: one job per payout", async () => {
    const m = await musicianWithAvailable(5_000_000);
    const provider = paymentProvider();
    vi.spyOn(provider, "initiateTransfer").mockRejectedValue(unavailable());
    vi.spyOn(provider, "verifyTransfer").mockRejectedValue(unavailable());
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payout = await onlyPayout(m.profileId);
    for (let k = 0; k < 3; k++)
      await expect(retryPayoutTransfer({ reference: payout.reference })).rejects.toThrow();
    const jobs = await pool().query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'wallet-retry-payout' AND data->>'reference' = $1",
      [payout.reference],
    );
    expect(jobs.rows[0].n).toBe(1);
    expect((await findPayoutByReference(payout.reference))?.status).toBe("pending");
  });
});

describe("transfer.success and transfer.reversed at once (#12)", () => {
  it("the reversal is applied after the success, and the money is back in Available", async () => {
    const m = await musicianWithAvailable(5_000_000);
    await requestWithdrawal(m.profileId, 2_000_000, newIdempotencyKey());
    const payout = await onlyPayout(m.profileId);
    // Hold the success's transaction open at its ledger posting so the reversal arrives meanwhile.
    await pool().query(`
      CREATE OR REPLACE FUNCTION test_slow_payout_paid() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.kind = 'payout_paid' THEN PERFORM pg_sleep(0.5); END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_slow_payout_paid BEFORE INSERT ON ledger_transactions
        FOR EACH ROW EXECUTE FUNCTION test_slow_payout_paid();`);
    try {
      const event = (e: "transfer.success" | "transfer.reversed") =>
        handleTransferEvent(e, { reference: payout.reference, amountKobo: 2_000_000, currency: "NGN" });
      const success = event("transfer.success");
      await new Promise((resolve) => setTimeout(resolve, 150));
      await Promise.all([success, event("transfer.reversed")]);
    } finally {
      await pool().query("DROP TRIGGER test_slow_payout_paid ON ledger_transactions");
    }
    expect((await findPayoutByReference(payout.reference))?.status).toBe("reversed");
    expect(await available(m.profileId)).toBe(5_000_000);
    expect(await inTransit(m.profileId)).toBe(0);
  });
});
