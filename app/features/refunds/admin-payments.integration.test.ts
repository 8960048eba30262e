import { afterAll, describe, expect, it } from "vitest";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import {
  bookingRow,
  fileDispute,
  insertBooking,
  outboxMails,
  testCheckoutReference,
} from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { sendTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import { adminPaymentsAction, adminPaymentsView } from "./admin-payments.server";
import { refundForBooking } from "./refund-test-support";

afterAll(async () => {
  await stopJobs();
});

/** A booking paid on the test checkout (₦250,000 + 5% fee) with an open dispute. */
async function disputedPaidBooking(clientEmail: string) {
  const m = await createMusician();
  const booking = await insertBooking(m.profileId, { email: clientEmail });
  const started = await startCheckout(booking.slug, { email: clientEmail }, "10.2.3.4");
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  await fileDispute(booking.id);
  return { musician: m, booking };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("admin Payments: disputes on paid bookings", () => {
  it("lists the frozen booking; Refund in full refunds it through the provider and e-mails both parties", async () => {
    const { booking, musician } = await disputedPaidBooking("refund-me@example.com");
    const view = await adminPaymentsView();
    expect(view.disputes.find((d) => d.bookingId === booking.id)).toMatchObject({ escrowKobo: 26_250_000 });

    expect(await adminPaymentsAction(form({ intent: "refund", bookingId: booking.id }))).toEqual({
      ok: true,
      message: "Dispute resolved",
    });
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("refunded");
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(26_250_000);
    expect(outboxMails("refunded in full").length).toBeGreaterThanOrEqual(2);
    expect((await adminPaymentsView()).disputes.some((d) => d.bookingId === booking.id)).toBe(false);

    // refund.processed a moment later: the money leaves the platform, the client gets a receipt.
    const refund = await refundForBooking(booking.id);
    await sendTestWebhook({ kind: "refund", reference: String(refund?.providerRefundId) }, async (p) => {
      const { handleRefundEvent } = await import("./refunds.server");
      await handleRefundEvent("refund.processed", {
        transaction_reference: String(p.data.transaction_reference),
        amount: Number(p.data.amount),
        currency: "NGN",
      });
    });
    expect((await refundForBooking(booking.id))?.status).toBe("processed");
    expect(outboxMails("Your refund of").some((m) => m.includes("refund-me@example.com"))).toBe(true);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await findLedgerBreaches()).toEqual([]);
    // A second resolution finds nothing held.
    expect((await adminPaymentsAction(form({ intent: "release", bookingId: booking.id }))).ok).toBe(false);
  });

  it("Split refunds part and releases the rest to the musician", async () => {
    const { booking, musician } = await disputedPaidBooking("split@example.com");
    expect(
      (await adminPaymentsAction(form({ intent: "split", bookingId: booking.id, refundAmount: "300,000" })))
        .message,
    ).toBe("Enter a refund between ₦0.01 and ₦262,499.99");
    expect(
      await adminPaymentsAction(form({ intent: "split", bookingId: booking.id, refundAmount: "131,250" })),
    ).toEqual({ ok: true, message: "Dispute resolved" });
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ paymentStatus: "partially_refunded", status: "completed" });
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(13_125_000);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(11_250_000);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("Release pays the musician despite the dispute", async () => {
    const { booking, musician } = await disputedPaidBooking("release@example.com");
    expect((await adminPaymentsAction(form({ intent: "release", bookingId: booking.id }))).ok).toBe(true);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(22_500_000);
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("released");
  });

  it("refuses bad ids and unknown intents with a message", async () => {
    expect(await adminPaymentsAction(form({ intent: "refund", bookingId: "nope" }))).toEqual({
      ok: false,
      message: "Booking not found",
    });
    expect(await adminPaymentsAction(form({ intent: "retry-refund", refundId: "x" }))).toEqual({
      ok: false,
      message: "Refund not found",
    });
    expect((await adminPaymentsAction(form({ intent: "drop" }))).ok).toBe(false);
  });
});

describe("a musician cancelling a paid booking", () => {
  it("refunds the client in full, so the escrow is never released to them", async () => {
    const { cancelOwnBooking } = await import("~/features/bookings/cancel-own-booking.server");
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, {
      email: "cancelled@example.com",
      eventDate: "2099-05-05",
    });
    const started = await startCheckout(booking.slug, { email: "cancelled@example.com" }, "10.2.3.9");
    if (!started.ok) throw new Error(started.message);
    await completeTestCheckout(await testCheckoutReference(started.authorizationUrl), async (p) => {
      await handleChargeSuccess(p.data as never);
    });
    expect((await cancelOwnBooking({ id: m.profileId }, booking.id)).ok).toBe(true);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await refundForBooking(booking.id)).toMatchObject({
      amountKobo: 26_250_000,
      reason: "musician_cancelled",
      status: "pending",
    });
    expect(await findLedgerBreaches()).toEqual([]);
  });
});
