import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
} from "~/features/ledger/ledger-accounts";
import { MONEY_MESSAGES, peekBookingMoney } from "~/features/money/booking-money.server";
import { completeTestCheckout, type WebhookPayload } from "~/features/payments/paystack/test-provider.server";
import { db, pool } from "~/server/db.server";
import { paymentAnomalies, payments } from "~db/schema/payments";
import { createMusician, type TestMusician, testIp } from "../../../tests/support/accounts";
import {
  confirmPaymentCallback,
  handleChargeSuccess,
  listPaymentAnomalies,
  PAY_MESSAGES,
  startCheckout,
} from "./checkout.server";
import type { ClientActor } from "./payer.server";
import {
  bookingRow,
  fileDispute,
  insertBooking,
  outboxMails,
  payPanelForSlug,
  payTestCheckout,
  releaseDueOnCredit,
  testCheckoutReference,
} from "./payment-test-support";
import { markEventHappened, releaseEscrow, runAutoRelease } from "./release.server";

let m: TestMusician;
beforeAll(async () => {
  m = await createMusician();
});

const referenceOf = (url: string) => testCheckoutReference(url);

/** Starts checkout and completes it on the test provider, delivering the webhook straight to the handler. */
async function pay(slug: string, deliveries = 1) {
  const started = await startCheckout(slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const payloads: WebhookPayload[] = [];
  // The browser that pressed Pay completes the checkout and comes back as the payer (ADR 0025).
  const { reference, payer } = await payTestCheckout(
    started.authorizationUrl,
    { userId: null, payerToken: started.payerToken },
    false,
    async (p) => {
      payloads.push(p);
      const data = p.data as Parameters<typeof handleChargeSuccess>[0];
      for (let i = 0; i < deliveries; i++) await handleChargeSuccess(data);
    },
  );
  const data = payloads[0]?.data as Parameters<typeof handleChargeSuccess>[0];
  return { reference, data, payer };
}

async function ledgerTransactionsFor(key: string): Promise<number> {
  const r = await pool().query(
    "SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1",
    [key],
  );
  return r.rows[0].n;
}

describe("the pay panel and checkout", () => {
  it("shows nothing to pay until the booking is confirmed, then price, 5% service fee and total", async () => {
    const pending = await insertBooking(m.profileId, { status: "pending" });
    expect(await payPanelForSlug(pending.slug)).toBeNull();
    const confirmed = await insertBooking(m.profileId);
    expect(await payPanelForSlug(confirmed.slug)).toMatchObject({
      state: "pay",
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      totalKobo: 26_250_000,
      needsEmail: true,
    });
  });

  it("refuses to start paying an unconfirmed or unpriced booking, and asks for an e-mail when it has none", async () => {
    const pending = await insertBooking(m.profileId, { status: "pending" });
    expect(await startCheckout(pending.slug, { email: "ada@example.com" }, testIp())).toMatchObject({
      ok: false,
      status: 409,
      message: PAY_MESSAGES.notConfirmed,
    });
    const unpriced = await insertBooking(m.profileId, { priceKobo: null });
    expect(await startCheckout(unpriced.slug, { email: "ada@example.com" }, testIp())).toMatchObject({
      message: PAY_MESSAGES.noPrice,
    });
    const noEmail = await insertBooking(m.profileId, { email: null });
    expect((await payPanelForSlug(noEmail.slug))?.needsEmail).toBe(true);
    expect(await startCheckout(noEmail.slug, {}, testIp())).toMatchObject({ status: 400, field: "email" });
    const started = await startCheckout(noEmail.slug, { email: "organiser@example.com" }, testIp());
    expect(started.ok).toBe(true);
    expect(await startCheckout("nosuchxx", { email: "ada@example.com" }, testIp())).toMatchObject({
      status: 404,
    });
  });

  it("computes the amount on the server, with a unique reference, and sends a second press to the same checkout", async () => {
    const b = await insertBooking(m.profileId);
    const first = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!first.ok) throw new Error(first.message);
    const second = await startCheckout(b.slug, { email: "ada@example.com" }, testIp(), first.payerToken);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    // Named by an access code, as Paystack's checkout: the reference is never in the URL (ADR 0025).
    expect(first.authorizationUrl).toMatch(/\/test-checkout\/[\w-]{16}$/);
    expect(first.authorizationUrl).not.toContain(await referenceOf(first.authorizationUrl));
    expect(second.authorizationUrl).toBe(first.authorizationUrl);
    expect(second.payerToken).toBe(first.payerToken);
    const rows = await db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountKobo: 26_250_000,
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      serviceFeeBp: 500,
      commissionBp: 1000,
      status: "initialized",
      email: "ada@example.com",
    });
  });
});

describe("crediting a payment", () => {
  it("credits a webhook delivered five times once: escrow holds the total, the booking is paid, one receipt", async () => {
    const b = await insertBooking(m.profileId);
    const { reference } = await pay(b.slug, 5);
    expect(await ledgerTransactionsFor(reference)).toBe(1);
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(26_250_000);
    expect(await bookingRow(b.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect(await peekBookingMoney(b.id)).toMatchObject({
      phase: "held",
      paidKobo: 26_250_000,
      escrowKobo: 26_250_000,
      payment: { reference },
    });
    const receipts = outboxMails(reference);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatch(/Total paid: .*262,500\.00/);
    // The booking's contract travels with the receipt (issue 13).
    expect(receipts[0]).toMatch(new RegExp(`Content-Type: application/pdf; name=contract-${b.slug}\\.pdf`));
    expect(await payPanelForSlug(b.slug)).toMatchObject({ state: "paid", canMarkHappened: true });
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("credits once when the callback and several webhooks race", async () => {
    const b = await insertBooking(m.profileId);
    const started = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = await referenceOf(started.authorizationUrl);
    let data: Parameters<typeof handleChargeSuccess>[0] | undefined;
    await completeTestCheckout(reference, async (p) => {
      data = p.data as typeof data;
    });
    if (!data) throw new Error("no webhook");
    const d = data;
    const results = await Promise.all([
      confirmPaymentCallback(reference),
      handleChargeSuccess(d),
      handleChargeSuccess(d),
      confirmPaymentCallback(reference),
      handleChargeSuccess(d),
    ]);
    expect(results.filter((r) => r === "credited")).toHaveLength(1);
    expect(await ledgerTransactionsFor(reference)).toBe(1);
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(26_250_000);
    expect(await confirmPaymentCallback(reference)).toEqual({ ok: true, slug: b.slug, bookingId: b.id });
  });

  it("does not credit a transaction the provider has not completed", async () => {
    const b = await insertBooking(m.profileId);
    const started = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const result = await confirmPaymentCallback(await referenceOf(started.authorizationUrl));
    expect(result).toMatchObject({ ok: false, slug: b.slug });
    expect((await bookingRow(b.id))?.paymentStatus).toBe("unpaid");
    expect(await confirmPaymentCallback("sbp_unknown")).toMatchObject({ ok: false, status: 404 });
  });

  it("never credits a wrong amount, a wrong currency or an unknown reference, and records each for the admin", async () => {
    const b = await insertBooking(m.profileId);
    const started = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = await referenceOf(started.authorizationUrl);
    expect(await handleChargeSuccess({ reference, amount: 100, currency: "NGN", status: "success" })).toBe(
      "mismatch",
    );
    expect(await handleChargeSuccess({ reference, amount: 100, currency: "NGN", status: "success" })).toBe(
      "mismatch",
    );
    expect(
      await handleChargeSuccess({ reference, amount: 26_250_000, currency: "USD", status: "success" }),
    ).toBe("mismatch");
    expect(await handleChargeSuccess({ reference: "sbp_forged", amount: 5, currency: "NGN" })).toBe(
      "unknown",
    );
    expect(
      await handleChargeSuccess({ reference, amount: 26_250_000, currency: "NGN", status: "failed" }),
    ).toBe("not_successful");
    expect((await bookingRow(b.id))?.paymentStatus).toBe("unpaid");
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
    const anomalies = await db.select().from(paymentAnomalies);
    expect(
      anomalies
        .filter((a) => a.reference === reference)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(["amount_mismatch", "currency_mismatch"]);
    expect((await listPaymentAnomalies()).some((a) => a.reference === "sbp_forged")).toBe(true);
  });

  it("makes paying twice impossible: no pay button, the server refuses, a second charge is not credited", async () => {
    const b = await insertBooking(m.profileId);
    // Two tabs start two checkouts before either is paid.
    const first = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    await db
      .update(payments)
      .set({ createdAt: new Date(0) })
      .where(eq(payments.bookingId, b.id));
    const second = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!first.ok || !second.ok) throw new Error("checkout did not start");
    expect(second.authorizationUrl).not.toBe(first.authorizationUrl);
    for (const url of [first.authorizationUrl, second.authorizationUrl]) {
      await completeTestCheckout(await referenceOf(url), async (p) => {
        await handleChargeSuccess(p.data as Parameters<typeof handleChargeSuccess>[0]);
      });
    }
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(26_250_000);
    expect(await startCheckout(b.slug, { email: "ada@example.com" }, testIp())).toMatchObject({
      status: 409,
      message: PAY_MESSAGES.alreadyPaid,
    });
    expect((await payPanelForSlug(b.slug))?.state).toBe("paid");
    const anomalies = await db.select().from(paymentAnomalies).where(eq(paymentAnomalies.bookingId, b.id));
    expect(anomalies.map((a) => a.kind)).toEqual(["already_paid"]);
  });
});

describe("releasing escrow", () => {
  it("waits for the event date, then pays the musician price − commission and the platform commission + fee", async () => {
    const future = await insertBooking(m.profileId, { eventDate: "2099-01-01" });
    const early = await pay(future.slug);
    expect(await markEventHappened(future.slug, testIp(), early.payer)).toMatchObject({
      status: 409,
      message: expect.stringContaining(MONEY_MESSAGES.tooEarly),
    });

    const b = await insertBooking(m.profileId);
    const { payer } = await pay(b.slug);
    const musicianBefore = await accountBalanceKobo(musicianPayableAccount(m.profileId));
    const platformBefore = await accountBalanceKobo(PLATFORM_REVENUE);
    expect(await markEventHappened(b.slug, testIp(), payer)).toEqual({
      ok: true,
      released: true,
      musicianKobo: 22_500_000,
      platformKobo: 3_750_000,
    });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
    expect((await accountBalanceKobo(musicianPayableAccount(m.profileId))) - musicianBefore).toBe(22_500_000);
    expect((await accountBalanceKobo(PLATFORM_REVENUE)) - platformBefore).toBe(3_750_000);
    expect(await bookingRow(b.id)).toEqual({ status: "completed", paymentStatus: "released" });
    expect(await markEventHappened(b.slug, testIp(), payer)).toMatchObject({ ok: true, released: false });
    expect(await ledgerTransactionsFor(`release:${b.id}`)).toBe(1);
    const released = outboxMails(`for booking ${b.slug}`).filter((mail) =>
      mail.includes("is now available in your Stagebook wallet"),
    );
    expect(released).toHaveLength(1);
    expect(await accountBalanceKobo(PAYSTACK_CLEARING)).toBeLessThan(0);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("refuses to release an unpaid booking", async () => {
    const b = await insertBooking(m.profileId);
    const anyone: ClientActor = { userId: null, payerToken: null };
    expect(await markEventHappened(b.slug, testIp(), anyone)).toMatchObject({
      message: MONEY_MESSAGES.notPaid,
    });
    expect(await releaseEscrow(b.id, "admin")).toMatchObject({ ok: false });
  });

  it("freezes release while a dispute filed after payment is open; an admin can still release", async () => {
    const b = await insertBooking(m.profileId);
    const { payer } = await pay(b.slug);
    await fileDispute(b.id);
    expect(await markEventHappened(b.slug, testIp(), payer)).toMatchObject({
      message: MONEY_MESSAGES.onHold,
    });
    await runAutoRelease({ bookingId: b.id });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(26_250_000);
    expect(await payPanelForSlug(b.slug)).toMatchObject({ onHold: true, canMarkHappened: false });
    expect(await releaseEscrow(b.id, "admin")).toMatchObject({ ok: true, released: true });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
  });

  it("N2: paid after the event, the release waits 48 h from our credit, not from the event's end", async () => {
    const b = await insertBooking(m.profileId, { eventDate: "2026-01-10" });
    const before = Date.now();
    await pay(b.slug);
    const after = Date.now();
    const queued = await pool().query(
      "SELECT start_after FROM pgboss.job WHERE name = 'escrow-release' AND data->>'bookingId' = $1",
      [b.id],
    );
    // Not 2026-01-10 18:00 Lagos + 48 h (long past: released at once, no dispute window) but credit + 48 h.
    const due = new Date(queued.rows[0].start_after).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 1000);
    expect(due).toBeLessThanOrEqual(after + 48 * 3_600_000 + 1000);
    const money = await peekBookingMoney(b.id);
    expect(money?.releaseDueAt?.getTime()).toBe(due);
    expect((await payPanelForSlug(b.slug))?.releaseDueAt).toBe(new Date(due).toISOString());
    await runAutoRelease({ bookingId: b.id });
    expect(await bookingRow(b.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    // Once due (here: no window), the job releases.
    releaseDueOnCredit();
    await runAutoRelease({ bookingId: b.id });
    expect(await bookingRow(b.id)).toEqual({ status: "completed", paymentStatus: "released" });
  });
});
