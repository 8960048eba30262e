// Issue 22 §3.3 (money review #3, ADR 0014): card disputes (chargebacks) reach the ledger. While open
// they hold the money from every release and every refund; lost, the money leaves escrow for clearing
// (or, after a release, is recovered from the musician and the platform); won, the release resumes.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { accountBalanceKobo } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
} from "~/features/ledger/ledger-accounts";
import { MONEY_MESSAGES } from "~/features/money/booking-money.server";
import { adminPaymentsView, resolvePaymentDispute } from "~/features/refunds/admin-payments.server";
import { CLIENT_CANCEL_MESSAGES, cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { MIN_WITHDRAWAL_KOBO } from "~/features/wallet/wallet.schema";
import { requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { handleChargeSuccess, startCheckout } from "./checkout.server";
import { findMoneyBreaches } from "./ledger-consistency.server";
import {
  asPayer,
  bookingRow,
  fileDispute,
  insertBooking,
  payPanelForSlug,
  releaseDueOnCredit,
  testCheckoutReference,
} from "./payment-test-support";
import events from "./paystack/fixtures/webhook-events.json";
import { paystackSignature, testProviderSecret } from "./paystack/signature.server";
import { completeTestCheckout } from "./paystack/test-provider.server";
import { handlePaystackWebhook } from "./paystack/webhook.server";
import { releaseEscrow, runAutoRelease } from "./release.server";

afterAll(async () => {
  await stopJobs();
});

const PAID = 26_250_000; // ₦250,000 + 5% service fee
const MUSICIAN = 22_500_000; // ₦250,000 − 10% commission
const PLATFORM = PAID - MUSICIAN;

async function deliver(payload: unknown) {
  const raw = Buffer.from(JSON.stringify(payload));
  return handlePaystackWebhook(raw, paystackSignature(raw, testProviderSecret()));
}

let n = 0;
/** Paystack's charge.dispute.* for a charge, as its documentation shows them. */
function chargeDispute(
  event: "charge.dispute.create" | "charge.dispute.resolve",
  reference: string,
  over: { id?: string; status?: string; resolution?: string | null; refundAmount?: number } = {},
) {
  const base = events["charge.dispute.create"].data;
  return {
    event,
    data: {
      ...base,
      id: over.id ?? `cb-${Date.now()}-${n}`,
      status: over.status ?? (event === "charge.dispute.create" ? "awaiting-merchant-feedback" : "resolved"),
      resolution: over.resolution ?? null,
      refund_amount: over.refundAmount ?? PAID,
      transaction: { ...base.transaction, reference, amount: PAID, status: "success" },
    },
  };
}

/** A ₦250,000 booking (past event unless `eventDate`) paid on the test checkout. */
async function paidBooking(musician?: Awaited<ReturnType<typeof createMusician>>, eventDate?: string) {
  n += 1;
  // These events are over before they are paid: what the job does once due (review N2's window is
  // tested in checkout.integration.test.ts).
  releaseDueOnCredit();
  const m = musician ?? (await createMusician());
  const booking = await insertBooking(m.profileId, eventDate ? { eventDate } : {});
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return { musician: m, booking, reference };
}

async function postings(bookingId: string) {
  const r = await db.execute<{ key: string; kind: string }>(
    sql`SELECT idempotency_key AS key, kind FROM ledger_transactions WHERE booking_id = ${bookingId} ORDER BY created_at`,
  );
  return r.rows;
}

describe("a chargeback lost before the release", () => {
  it("moves the escrow to clearing, marks the booking refunded, and no release ever runs", async () => {
    const { booking, reference } = await paidBooking();
    const id = `cb-lost-${booking.id}`;
    expect((await deliver(chargeDispute("charge.dispute.create", reference, { id }))).status).toBe(200);
    const clearingBefore = await accountBalanceKobo(PAYSTACK_CLEARING);
    // The bank sided with the cardholder (Paystack: resolution "merchant-accepted").
    const lost = chargeDispute("charge.dispute.resolve", reference, { id, resolution: "merchant-accepted" });
    expect((await deliver(lost)).status).toBe(200);

    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(PAYSTACK_CLEARING)).toBe(clearingBefore + PAID);
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: "refunded" });
    expect((await postings(booking.id)).map((p) => p.kind)).toEqual(["charge", "chargeback"]);

    // Nothing releases it: the clock, the client, the admin; a replay of the webhook moves nothing.
    await runAutoRelease({ bookingId: booking.id });
    expect((await releaseEscrow(booking.id, "client", await asPayer(booking.id))).ok).toBe(false);
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(false);
    expect((await deliver(lost)).status).toBe(200);
    expect((await postings(booking.id)).map((p) => p.kind)).toEqual(["charge", "chargeback"]);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("auto-accepted (the merchant did not answer) is lost too; a partial one leaves the rest to release", async () => {
    const { booking, reference, musician } = await paidBooking();
    const id = `cb-part-${booking.id}`;
    await deliver(chargeDispute("charge.dispute.create", reference, { id, refundAmount: 10_000_000 }));
    await deliver(
      chargeDispute("charge.dispute.resolve", reference, {
        id,
        resolution: "auto-accepted",
        refundAmount: 10_000_000,
      }),
    );
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID - 10_000_000);
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("partially_refunded");
    await runAutoRelease({ bookingId: booking.id });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBeGreaterThan(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("an outcome Paystack did not spell out keeps the money held for an admin", async () => {
    const { booking, reference } = await paidBooking();
    const id = `cb-odd-${booking.id}`;
    await deliver(chargeDispute("charge.dispute.create", reference, { id }));
    await deliver(chargeDispute("charge.dispute.resolve", reference, { id, resolution: null }));
    expect(await releaseEscrow(booking.id, "admin")).toEqual({
      ok: false,
      status: 409,
      message: MONEY_MESSAGES.chargeback,
    });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
  });
});

describe("while a chargeback is open, nothing is refunded", () => {
  it("refuses the client's cancellation, the musician's and the admin's refund or split, changing nothing", async () => {
    const { booking, reference, musician } = await paidBooking(undefined, "2099-03-03");
    await deliver(chargeDispute("charge.dispute.create", reference, { id: `cb-open-${booking.id}` }));

    expect(
      await cancelBookingAsClient(
        booking.slug,
        testIp(),
        await asPayer(booking.id),
        new Date("2099-01-01T00:00:00Z"),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: CLIENT_CANCEL_MESSAGES.chargeback,
    });
    expect((await cancelOwnBooking({ id: musician.profileId }, booking.id)).ok).toBe(false);
    // The client also disputes with us: the admin can neither refund nor split while the bank decides.
    await fileDispute(booking.id);
    expect((await resolvePaymentDispute(booking.id, "refund")).ok).toBe(false);
    expect((await resolvePaymentDispute(booking.id, "split", 10_000_000)).ok).toBe(false);

    expect(await bookingRow(booking.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
    expect((await postings(booking.id)).map((p) => p.kind)).toEqual(["charge"]);
    // Still in the admin's list, on hold on the booking page.
    expect((await adminPaymentsView()).disputes.some((d) => d.bookingId === booking.id)).toBe(true);
    expect((await payPanelForSlug(booking.slug))?.onHold).toBe(true);
  });
});

describe("a chargeback lost after the release (ADR 0014)", () => {
  it("takes it back from the musician's Available and platform revenue in the release's proportion", async () => {
    const { booking, reference, musician } = await paidBooking();
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    const revenue = await accountBalanceKobo(PLATFORM_REVENUE);
    const id = `cb-after-${booking.id}`;
    await deliver(chargeDispute("charge.dispute.create", reference, { id }));
    await deliver(
      chargeDispute("charge.dispute.resolve", reference, { id, resolution: "merchant-accepted" }),
    );

    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await accountBalanceKobo(PLATFORM_REVENUE)).toBe(revenue - PLATFORM);
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("refunded");
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("what the musician already withdrew is owed, and repaid from their next release", async () => {
    const { booking, reference, musician } = await paidBooking();
    // Saved a day ago: a first account added while escrow holds money waits 24 h (M16).
    const bank = await saveOwnBankAccount(
      musician.profileId,
      { bankCode: "058", accountNumber: "0123456789" },
      new Date(Date.now() - 25 * 3_600_000),
    );
    expect(bank.ok).toBe(true);
    // This musician withdraws by hand (automatic payouts off), leaving ₦1,000 in Available.
    await chooseAutomaticPayouts(musician.profileId, false);
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    const withdrawn = MUSICIAN - MIN_WITHDRAWAL_KOBO;
    expect((await requestWithdrawal(musician.profileId, withdrawn, newIdempotencyKey())).ok).toBe(true);

    const id = `cb-owed-${booking.id}`;
    await deliver(chargeDispute("charge.dispute.create", reference, { id }));
    await deliver(
      chargeDispute("charge.dispute.resolve", reference, { id, resolution: "merchant-accepted" }),
    );
    const receivable = `chargeback_receivable:${musician.profileId}`;
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await accountBalanceKobo(receivable)).toBe(-withdrawn);
    expect(await findMoneyBreaches()).toEqual([]);

    // The musician's next booking: its release repays what is owed first.
    const next = await paidBooking(musician);
    expect((await releaseEscrow(next.booking.id, "admin")).ok).toBe(true);
    expect(await accountBalanceKobo(receivable)).toBe(0);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(MUSICIAN - withdrawn);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});
