// The provider acted and its answer was lost (money review #4, #5, #6, #12): a refund is never made
// twice, a transfer that was sent is never marked failed, a failing job does not multiply, and a
// webhook racing our own call does not undo what it said.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking } from "~/features/payments/payment-test-support";
import { PaymentProviderError } from "~/features/payments/paystack/payment-provider";
import { paymentProvider } from "~/features/payments/paystack/provider.server";
import { refundRecordsForTransaction } from "~/features/payments/paystack/queries.server";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import {
  handleRefundEvent,
  refundBooking,
  refundForBooking,
  retryFailedRefund,
  retryRefundJob,
} from "~/features/refunds/refunds.server";
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
  const started = await startCheckout(booking.slug, {}, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = decodeURIComponent(started.authorizationUrl.split("/test-checkout/")[1] ?? "");
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

    expect(answers.every((a) => a.ok)).toBe(true);
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
