// Money paths the payments audit found untested: receipts to the payer's e-mail, a cancelled booking
// never auto-released, a failed refund retried by the admin, a chargeback holding the release, and an
// organiser's payment joining the booking to their account.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { answer, args, post } from "~/features/bookings/booking-test-support";
import { cancelBooking } from "~/features/bookings/queries.server";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import { MONEY_MESSAGES } from "~/features/money/booking-money.server";
import { startCheckout } from "~/features/payments/checkout.server";
import {
  bookingRow,
  fileDispute,
  insertBooking,
  outboxMails,
  payPanelForSlug,
  payTestCheckout,
  releaseDueOnCreditInEveryTest,
} from "~/features/payments/payment-test-support";
import events from "~/features/payments/paystack/fixtures/webhook-events.json";
import { findTestRecord, moveTestRecord } from "~/features/payments/paystack/queries.server";
import { paystackSignature, testProviderSecret } from "~/features/payments/paystack/signature.server";
import { refundEventPayload } from "~/features/payments/paystack/test-provider.server";
import { handlePaystackWebhook } from "~/features/payments/paystack/webhook.server";
import { releaseEscrow, runAutoRelease } from "~/features/payments/release.server";
import { action as bookingAction } from "~/routes/booking";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { createMusician, createOrganiser, testIp } from "../../../tests/support/accounts";
import { payCheckoutAt } from "../../../tests/support/booking-page";
import { adminPaymentsAction, adminPaymentsView } from "./admin-payments.server";
import { refundBooking, refundForBooking } from "./refund-test-support";
import { handleRefundEvent } from "./refunds.server";

// Events here are over before they are paid: what happens once the release is due (review N2).
releaseDueOnCreditInEveryTest();

afterAll(async () => {
  await stopJobs();
});

async function deliver(payload: unknown) {
  const raw = Buffer.from(JSON.stringify(payload));
  return handlePaystackWebhook(raw, paystackSignature(raw, testProviderSecret()));
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** A ₦250,000 booking paid (₦262,500) on the test checkout; `email` null: the payer typed one at Pay. */
async function paidBooking(over: { email?: string | null; eventDate?: string; payerEmail?: string } = {}) {
  const m = await createMusician();
  const email = over.email === undefined ? "client@example.com" : over.email;
  const booking = await insertBooking(m.profileId, {
    email,
    ...(over.eventDate ? { eventDate: over.eventDate } : {}),
  });
  // The payer types their e-mail at Pay (N1); here the organiser the booking was made for.
  const started = await startCheckout(
    booking.slug,
    { email: over.payerEmail ?? email ?? undefined },
    testIp(),
  );
  if (!started.ok) throw new Error(started.message);
  // The browser that pressed Pay completes the checkout and comes back as the payer (ADR 0025).
  const { reference, payer } = await payTestCheckout(started.authorizationUrl, {
    userId: null,
    payerToken: started.payerToken,
  });
  return { musician: m, booking, reference, payer };
}

const refundEvent = async (bookingId: string, event: "refund.processed" | "refund.failed") => {
  const refund = await refundForBooking(bookingId);
  await handleRefundEvent(event, {
    transaction_reference: refund!.transactionReference,
    amount: refund!.amountKobo,
    currency: "NGN",
  });
};

describe("refund and dispute e-mails when the booking has no e-mail", () => {
  it("go to the address the organiser paid with", async () => {
    const payer = `payer-${Date.now()}@example.com`;
    const { booking } = await paidBooking({ email: null, payerEmail: payer });
    await fileDispute(booking.id);
    expect(await adminPaymentsAction(form({ intent: "refund", bookingId: booking.id }))).toEqual({
      ok: true,
      message: "Dispute resolved",
    });
    expect(outboxMails(`dispute on booking ${booking.slug}`).some((m) => m.includes(payer))).toBe(true);
    await refundEvent(booking.id, "refund.processed");
    expect(outboxMails(`for booking ${booking.slug}`).some((m) => m.includes(payer))).toBe(true);
  });
});

describe("a cancelled booking is never released automatically", () => {
  it("a musician's cancel before its refund has started leaves nothing the clock or the client can release", async () => {
    const { booking, musician, payer } = await paidBooking();
    // The cancel committed; the refund (a separate step) has not run yet.
    expect(await cancelBooking(booking.id, musician.profileId)).toBeTruthy();
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "paid" });

    await runAutoRelease({ bookingId: booking.id });
    expect(await releaseEscrow(booking.id, "auto")).toEqual({
      ok: false,
      status: 409,
      message: MONEY_MESSAGES.cancelled,
    });
    expect(await releaseEscrow(booking.id, "client", payer)).toMatchObject({ ok: false, status: 409 });
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(26_250_000);
    expect((await payPanelForSlug(booking.slug))?.canMarkHappened).toBe(false);

    expect((await refundBooking(booking.id, 26_250_000, "musician_cancelled")).ok).toBe(true);
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    await runAutoRelease({ bookingId: booking.id });
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await findLedgerBreaches()).toEqual([]);
  });
});

describe("refund.failed → the admin sees it → Retry refund", () => {
  it("shows the failed refund, sends it again on Retry, and settles on refund.processed", async () => {
    const { booking } = await paidBooking();
    await fileDispute(booking.id);
    await adminPaymentsAction(form({ intent: "refund", bookingId: booking.id }));
    const first = await refundForBooking(booking.id);
    expect(first?.status).toBe("pending");

    // Paystack marks its refund failed and says so with a signed refund.failed webhook.
    await moveTestRecord("refund", first!.providerRefundId!, "pending", "failed");
    const record = await findTestRecord("refund", first!.providerRefundId!);
    expect((await deliver(refundEventPayload(record!, "refund.failed"))).status).toBe(200);
    const failed = (await adminPaymentsView()).refunds.find((r) => r.bookingSlug === booking.slug);
    expect(failed).toMatchObject({ status: "failed", lastError: "Paystack reported the refund failed" });
    // The money stays out of escrow, waiting in refunds pending: nothing is lost or released.
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(26_250_000);

    expect(await adminPaymentsAction(form({ intent: "retry-refund", refundId: first!.id }))).toEqual({
      ok: true,
      message: "Refund sent again",
    });
    const retried = await refundForBooking(booking.id);
    expect(retried).toMatchObject({ status: "pending", lastError: null });
    expect(retried!.attempts).toBeGreaterThan(first!.attempts);
    // Only a failed refund can be retried.
    expect(await adminPaymentsAction(form({ intent: "retry-refund", refundId: first!.id }))).toEqual({
      ok: false,
      message: "Only a failed refund can be retried",
    });

    await refundEvent(booking.id, "refund.processed");
    expect((await refundForBooking(booking.id))?.status).toBe("processed");
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(0);
    expect(await findLedgerBreaches()).toEqual([]);
  });
});

describe("a chargeback (charge.dispute.create) holds the release until Paystack resolves it", () => {
  it("freezes the client's, the clock's and the admin's release; charge.dispute.resolve lets it go", async () => {
    const { booking, musician, reference, payer } = await paidBooking();
    const disputeId = `cb-${Date.now()}`;
    const dispute = (event: string, status: string, resolution: string | null = null) => ({
      event,
      data: {
        ...events["charge.dispute.create"].data,
        id: disputeId,
        status,
        resolution,
        refund_amount: 26_250_000,
        transaction: { ...events["charge.dispute.create"].data.transaction, reference, amount: 26_250_000 },
      },
    });
    expect((await deliver(dispute("charge.dispute.create", "awaiting-merchant-feedback"))).status).toBe(200);

    expect((await payPanelForSlug(booking.slug))?.onHold).toBe(true);
    expect(await releaseEscrow(booking.id, "client", payer)).toEqual({
      ok: false,
      status: 409,
      message: MONEY_MESSAGES.chargeback,
    });
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(false);
    await runAutoRelease({ bookingId: booking.id });
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("paid");
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(26_250_000);

    // The event is long past, so the automatic release that was held runs as soon as it is resolved in
    // the merchant's favour (declined: the cardholder's claim was turned down).
    expect((await deliver(dispute("charge.dispute.resolve", "resolved", "declined"))).status).toBe(200);
    expect(await bookingRow(booking.id)).toEqual({ status: "completed", paymentStatus: "released" });
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(22_500_000);
    expect(await findLedgerBreaches()).toEqual([]);
  });
});

describe("a signed-in organiser paying a musician-created booking", () => {
  const owner = async (bookingId: string) =>
    (
      await db
        .select({ clientUserId: bookingsByMusician.clientUserId })
        .from(bookingsByMusician)
        .where(eq(bookingsByMusician.id, bookingId))
    )[0]?.clientUserId;

  it("takes the booking into their account once they come back from paying, not when anyone presses Pay (N11, ADR 0025)", async () => {
    const m = await createMusician();
    const organiser = await createOrganiser();
    const booking = await insertBooking(m.profileId, { eventDate: "2099-07-07" });
    const pay = (who: { cookie: string } | null, slug: string) =>
      answer(() =>
        bookingAction(
          args(
            post(who as never, `/booking/${slug}`, { intent: "pay", email: "payer@example.com" }),
            { slug },
            testIp(),
          ),
        ),
      );

    const other = await createOrganiser();
    expect((await pay(other, booking.slug)).status).toBe(302);
    expect(await owner(booking.id)).toBeNull();
    const paid = await pay(organiser, booking.slug);
    expect(paid.status).toBe(302);
    expect(await owner(booking.id)).toBeNull();
    await payCheckoutAt(paid.location, {
      cookie: `${organiser.cookie}; ${(paid.setCookie ?? "").split(";")[0]}`,
    });
    expect(await owner(booking.id)).toBe(organiser.userId);

    const anonymous = await insertBooking(m.profileId, { eventDate: "2099-07-08" });
    expect((await pay(null, anonymous.slug)).status).toBe(302);
    expect(await owner(anonymous.id)).toBeNull();
  });
});
