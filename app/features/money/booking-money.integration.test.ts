// Issue 27 §2: the holes of money review 2 closed through the money module. Each test failed on the
// old main (d4b8f50).
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { accountBalanceKobo, postLedgerTransaction } from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { findMoneyBreaches } from "~/features/payments/ledger-consistency.server";
import {
  bookingRow,
  deliverWebhook,
  fileDispute,
  insertBooking,
  payPanelForSlug,
  releaseDueOnCredit,
  testCheckoutReference,
} from "~/features/payments/payment-test-support";
import transactionInitialize from "~/features/payments/paystack/fixtures/transaction-initialize.json";
import transferInitiate from "~/features/payments/paystack/fixtures/transfer-initiate.json";
import events from "~/features/payments/paystack/fixtures/webhook-events.json";
import { paymentProvider } from "~/features/payments/paystack/provider.server";
import { moveTestRecord } from "~/features/payments/paystack/queries.server";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { releaseEscrow, runAutoRelease } from "~/features/payments/release.server";
import { adminPaymentsAction, adminPaymentsView } from "~/features/refunds/admin-payments.server";
import { refundBooking, refundForBooking } from "~/features/refunds/refund-test-support";
import { askAboutPendingRefunds, handleRefundEvent } from "~/features/refunds/refunds.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { availableKobo, requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { db, pool } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { providerServer } from "../../../tests/support/provider-server";
import { peekBookingMoney } from "./booking-money.server";

afterAll(async () => {
  await stopJobs();
});

/** Real Paystack (its client) answering from a local HTTP server, for the tests that go live. */
const paystack = providerServer({ status: 404, body: { status: false, message: "no answer queued" } });

const PAID = 26_250_000; // ₦250,000 + 5% service fee
const SHARE = 22_500_000; // ₦250,000 − 10% commission

/** Paystack's charge.dispute.* for one of our charges. */
function cardDispute(
  event: "charge.dispute.create" | "charge.dispute.resolve",
  id: string,
  reference: string,
  over: { status?: string; resolution?: string | null; amount?: number } = {},
) {
  const base = events["charge.dispute.create"].data;
  return {
    event,
    data: {
      ...base,
      id,
      status: over.status ?? (event === "charge.dispute.create" ? "awaiting-merchant-feedback" : "resolved"),
      resolution: over.resolution ?? null,
      refund_amount: over.amount ?? PAID,
      transaction: { ...base.transaction, reference, amount: PAID, status: "success" },
    },
  };
}

/** A ₦250,000 booking of an event already over, paid on the test checkout. */
async function paid(musicianId: string, paidAt?: string) {
  const booking = await insertBooking(musicianId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    const data = p.data as Parameters<typeof handleChargeSuccess>[0];
    await handleChargeSuccess(paidAt ? { ...data, paid_at: paidAt } : data);
  });
  return { ...booking, reference };
}

async function musicianWithBank() {
  const m = await createMusician();
  expect((await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok).toBe(
    true,
  );
  // Released money stays in Available (issue 29's automatic payouts would send it to the bank).
  await chooseAutomaticPayouts(m.profileId, false);
  return m;
}

describe("N3: every posting touching a musician's balances takes the wallet lock", () => {
  it("two releases at once repay a chargeback debt once: the receivable ends at 0, never positive", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    // The musician owes ₦50,000 from a chargeback lost after an earlier release (ADR 0014).
    await postLedgerTransaction(db, {
      idempotencyKey: `seed-debt:${m.profileId}`,
      kind: "chargeback",
      memo: "seeded debt",
      entries: [
        { account: chargebackReceivableAccount(m.profileId), amountKobo: -5_000_000 },
        { account: PLATFORM_REVENUE, amountKobo: 5_000_000 },
      ],
    });
    const [a, b] = [await paid(m.profileId), await paid(m.profileId)];
    await Promise.all([releaseEscrow(a.id, "admin"), releaseEscrow(b.id, "admin")]);
    expect(await accountBalanceKobo(chargebackReceivableAccount(m.profileId))).toBe(0);
    expect(await availableKobo(m.profileId)).toBe(2 * SHARE - 5_000_000);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("a lost chargeback racing a withdrawal never drives Available negative", async () => {
    releaseDueOnCredit();
    for (let round = 0; round < 2; round++) {
      const m = await musicianWithBank();
      const b = await paid(m.profileId);
      expect((await releaseEscrow(b.id, "admin")).ok).toBe(true);
      // Paystack's resolve is the first we hear of it (an open dispute would hold the share from the
      // withdrawal: the probe item below), so the two race.
      const id = `cb-race-${b.id}`;
      await Promise.all([
        deliverWebhook(
          cardDispute("charge.dispute.resolve", id, b.reference, { resolution: "merchant-accepted" }),
        ),
        requestWithdrawal(m.profileId, SHARE, newIdempotencyKey()),
      ]);
      expect(await availableKobo(m.profileId)).toBeGreaterThanOrEqual(0);
      expect(await findMoneyBreaches()).toEqual([]);
    }
  });
});

describe("N4: money held in a partly settled booking always has a way out", () => {
  it("after a partial lost chargeback the musician's cancel refunds the rest", async () => {
    const m = await createMusician();
    const b = await paid(m.profileId);
    const id = `cb-part-${b.id}`;
    await deliverWebhook(cardDispute("charge.dispute.create", id, b.reference, { amount: 10_000_000 }));
    await deliverWebhook(
      cardDispute("charge.dispute.resolve", id, b.reference, {
        resolution: "merchant-accepted",
        amount: 10_000_000,
      }),
    );
    expect((await bookingRow(b.id))?.paymentStatus).toBe("partially_refunded");
    expect((await cancelOwnBooking({ id: m.profileId }, b.id)).ok).toBe(true);
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
    expect((await refundForBooking(b.id))?.amountKobo).toBe(PAID - 10_000_000);
    expect(await bookingRow(b.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("N5: card disputes whose outcome we cannot read, archived ones, and the cap per charge", () => {
  /** A paid booking whose card dispute Paystack settled with an outcome we cannot read. */
  async function unreadableOutcome(prefix: string) {
    const m = await createMusician();
    const b = await paid(m.profileId);
    const id = `${prefix}-${b.id}`;
    await deliverWebhook(cardDispute("charge.dispute.create", id, b.reference));
    await deliverWebhook(
      cardDispute("charge.dispute.resolve", id, b.reference, { resolution: "something-new" }),
    );
    const record = (outcome: "won" | "lost") => {
      const form = new FormData();
      form.set("intent", `card-dispute-${outcome}`);
      form.set("disputeId", id);
      return adminPaymentsAction(form);
    };
    return { b, id, record };
  }

  it("an unreadable outcome is shown to the admin, who records it lost: the money goes back", async () => {
    const { b, id, record } = await unreadableOutcome("cb-odd");
    const listed = (await adminPaymentsView()).chargeDisputes.find((c) => c.providerDisputeId === id);
    expect(listed?.needsOutcome).toBe(true);
    expect((await record("lost")).ok).toBe(true);
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
    expect((await bookingRow(b.id))?.paymentStatus).toBe("refunded");
    expect((await record("lost")).ok).toBe(false); // recorded once
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("an unreadable outcome the admin records won: the hold ends and the release may go ahead", async () => {
    releaseDueOnCredit();
    const { b, id, record } = await unreadableOutcome("cb-won");
    await runAutoRelease({ bookingId: b.id });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(PAID);
    expect((await record("won")).ok).toBe(true);
    expect((await peekBookingMoney(b.id))?.holds.cardDispute).toBe(false);
    const listed = (await adminPaymentsView()).chargeDisputes.find((c) => c.providerDisputeId === id);
    expect(listed?.needsOutcome ?? false).toBe(false);
    expect((await record("won")).ok).toBe(false); // recorded once
    await runAutoRelease({ bookingId: b.id });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(0);
    expect((await bookingRow(b.id))?.paymentStatus).toBe("released");
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("an archived dispute with no resolution holds the money like a resolved one", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    const b = await paid(m.profileId);
    const id = `cb-arch-${b.id}`;
    await deliverWebhook(cardDispute("charge.dispute.create", id, b.reference));
    await deliverWebhook(cardDispute("charge.dispute.resolve", id, b.reference, { status: "archived" }));
    await runAutoRelease({ bookingId: b.id });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(PAID);
    expect((await peekBookingMoney(b.id))?.holds.cardDispute).toBe(true);
  });

  it("a second dispute id on a charge already lost takes nothing more back", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    const b = await paid(m.profileId);
    expect((await releaseEscrow(b.id, "admin")).ok).toBe(true);
    for (const id of [`cb-1-${b.id}`, `cb-2-${b.id}`]) {
      await deliverWebhook(cardDispute("charge.dispute.create", id, b.reference));
      await deliverWebhook(
        cardDispute("charge.dispute.resolve", id, b.reference, { resolution: "merchant-accepted" }),
      );
    }
    const money = await peekBookingMoney(b.id);
    expect(money?.chargedBackKobo).toBe(PAID);
    // The musician gave back their share once: nothing owed beyond it.
    expect(await accountBalanceKobo(chargebackReceivableAccount(m.profileId))).toBe(0);
    expect(await availableKobo(m.profileId)).toBe(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("N7: a dispute that holds nothing says so and reaches the admin", () => {
  it("filed after the release: the notice says no payment is held, and the admin lists it", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    const b = await paid(m.profileId);
    expect((await releaseEscrow(b.id, "admin")).ok).toBe(true);
    const { submitDispute } = await import("~/features/disputes/disputes.server");
    const { asPayer } = await import("~/features/payments/payment-test-support");
    const filed = await submitDispute(
      b.slug,
      { clientName: "Ada Eze", phoneNumber: "08030000000", disputeReason: "The band never came" },
      testIp(),
      await asPayer(b.id),
    );
    expect(filed.ok).toBe(true);
    const stored = await pool().query<{ data: { holdsMoney?: boolean } }>(
      "SELECT data FROM money_notifications WHERE booking_id = $1 AND kind = 'disputed'",
      [b.id],
    );
    expect(stored.rows[0]?.data.holdsMoney).toBe(false);
    const listed = (await adminPaymentsView()).disputes.find((d) => d.bookingId === b.id);
    expect(listed).toMatchObject({ holdsMoney: false });
    const form = new FormData();
    form.set("intent", "close");
    form.set("bookingId", b.id);
    expect((await adminPaymentsAction(form)).ok).toBe(true);
    expect((await adminPaymentsView()).disputes.find((d) => d.bookingId === b.id)).toBeUndefined();
  });
});

describe("N8: refund notices are keyed by refund", () => {
  it("a duplicate charge's refund and the booking's own refund each get their notice", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId);
    const refs: string[] = [];
    const charges: Parameters<typeof handleChargeSuccess>[0][] = [];
    for (const email of ["ada@example.com", "bayo@example.com"]) {
      const started = await startCheckout(booking.slug, { email }, testIp());
      if (!started.ok) throw new Error(started.message);
      const ref = await testCheckoutReference(started.authorizationUrl);
      refs.push(ref);
      await completeTestCheckout(ref, async (p) => {
        charges.push(p.data as never);
      });
    }
    for (const c of charges) await handleChargeSuccess(c);
    await handleRefundEvent("refund.processed", {
      transaction_reference: refs[1]!,
      amount: PAID,
      currency: "NGN",
    });
    expect((await cancelOwnBooking({ id: m.profileId }, booking.id)).ok).toBe(true);
    await handleRefundEvent("refund.processed", {
      transaction_reference: refs[0]!,
      amount: PAID,
      currency: "NGN",
    });
    const notices = await pool().query<{ data: { duplicate?: boolean } }>(
      "SELECT data FROM money_notifications WHERE booking_id = $1 AND kind = 'refunded' ORDER BY created_at",
      [booking.id],
    );
    expect(notices.rows.map((r) => Boolean(r.data.duplicate))).toEqual([true, false]);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("N9: the sweep asks Paystack about refunds whose webhook never came", () => {
  it("a refund Paystack processed without telling us is settled by the sweep", async () => {
    const m = await createMusician();
    const b = await paid(m.profileId);
    expect((await refundBooking(b.id, PAID, "dispute")).ok).toBe(true);
    const refund = await refundForBooking(b.id);
    expect(refund?.providerRefundId).toBeTruthy();
    // Paystack processed it; its refund.processed is lost.
    await moveTestRecord("refund", refund!.providerRefundId!, "pending", "processed");
    expect(await askAboutPendingRefunds(0)).toBe(1);
    expect((await refundForBooking(b.id))?.status).toBe("processed");
    expect(await accountBalanceKobo(refundsPendingAccount(b.id))).toBe(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("probe: money a bank is still disputing cannot be withdrawn; the rest can", () => {
  it("a released booking under an open card dispute keeps its share in the wallet", async () => {
    releaseDueOnCredit();
    const m = await musicianWithBank();
    const [a, b] = [await paid(m.profileId), await paid(m.profileId)];
    for (const x of [a, b]) expect((await releaseEscrow(x.id, "admin")).ok).toBe(true);
    await deliverWebhook(cardDispute("charge.dispute.create", `cb-open-${a.id}`, a.reference));
    const all = await requestWithdrawal(m.profileId, 2 * SHARE, newIdempotencyKey());
    expect(all).toMatchObject({
      ok: false,
      fieldErrors: { amount: expect.stringContaining("the bank is still disputing") },
    });
    expect((await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey())).ok).toBe(true);
    expect(await availableKobo(m.profileId)).toBe(SHARE);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("N11", () => {
  it("the pay panel's 'releasing pays the musician' is what the ledger would release", async () => {
    const m = await createMusician();
    const b = await paid(m.profileId);
    const id = `cb-panel-${b.id}`;
    await deliverWebhook(cardDispute("charge.dispute.create", id, b.reference, { amount: 10_000_000 }));
    await deliverWebhook(
      cardDispute("charge.dispute.resolve", id, b.reference, {
        resolution: "auto-accepted",
        amount: 10_000_000,
      }),
    );
    const panel = await payPanelForSlug(b.slug);
    const money = await peekBookingMoney(b.id);
    expect(panel?.releaseKobo).toBe(money?.shares.musicianKobo);
    expect(panel?.releaseKobo).toBeLessThan(SHARE);
  });

  it("the dispute cut-off is our credit time, not Paystack's paid_at", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    // Paystack's clock says the charge was paid an hour from now.
    const b = await paid(m.profileId, new Date(Date.now() + 3_600_000).toISOString());
    await fileDispute(b.id);
    expect((await peekBookingMoney(b.id))?.holds.clientDispute).toBe(true);
    await runAutoRelease({ bookingId: b.id });
    expect(await accountBalanceKobo(escrowAccount(b.id))).toBe(PAID);
  });

  it("ledger:check: payment_status must be the derived phase, refunds pending must be the unsettled refunds", async () => {
    const m = await createMusician();
    const b = await paid(m.profileId);
    await pool().query("UPDATE bookings_by_musician SET payment_status = 'released' WHERE id = $1", [b.id]);
    expect((await findMoneyBreaches()).map((x) => x.rule)).toContain("payment status is the derived phase");
    await pool().query("UPDATE bookings_by_musician SET payment_status = 'paid' WHERE id = $1", [b.id]);
    expect((await refundBooking(b.id, PAID, "dispute")).ok).toBe(true);
    await pool().query("UPDATE booking_refunds SET status = 'processed' WHERE booking_id = $1", [b.id]);
    expect((await findMoneyBreaches()).map((x) => x.rule)).toContain(
      "refunds pending are the unsettled refunds",
    );
    await pool().query("UPDATE booking_refunds SET status = 'pending' WHERE booking_id = $1", [b.id]);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("ledger:check: never more back to the card than the charge; payouts in transit must be the pending payouts", async () => {
    releaseDueOnCredit();
    const m = await musicianWithBank();
    const b = await paid(m.profileId);
    expect((await refundBooking(b.id, PAID, "dispute")).ok).toBe(true);
    expect(await findMoneyBreaches()).toEqual([]);
    // A chargeback lost on a charge already refunded in full (what review N5's per-dispute cap let happen).
    await postLedgerTransaction(db, {
      idempotencyKey: `planted-chargeback:${b.id}`,
      kind: "chargeback",
      bookingId: b.id,
      memo: "planted: a second loss on a refunded charge",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: 5_000_000 },
        { account: PLATFORM_REVENUE, amountKobo: -5_000_000 },
      ],
    });
    expect((await findMoneyBreaches()).map((x) => x.rule)).toContain("never more back than the charge");
    // Taken back out (ledger rows are never edited), so the rest of this file starts from a sound ledger.
    await postLedgerTransaction(db, {
      idempotencyKey: `planted-chargeback-reversed:${b.id}`,
      kind: "chargeback",
      bookingId: b.id,
      memo: "the planted loss reversed",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -5_000_000 },
        { account: PLATFORM_REVENUE, amountKobo: 5_000_000 },
      ],
    });
    expect(await findMoneyBreaches()).toEqual([]);

    const other = await musicianWithBank();
    const c = await paid(other.profileId);
    expect((await releaseEscrow(c.id, "admin")).ok).toBe(true);
    expect((await requestWithdrawal(other.profileId, SHARE, newIdempotencyKey())).ok).toBe(true);
    const inTransit = (await findMoneyBreaches()).filter((x) => x.detail.includes(other.profileId));
    expect(inTransit).toEqual([]);
    // The payout row says paid while the ledger still has the money in transit.
    await pool().query("UPDATE musician_payouts SET status = 'paid' WHERE musician_id = $1", [
      other.profileId,
    ]);
    expect(
      (await findMoneyBreaches()).filter((x) => x.rule === "payouts in transit are the pending payouts"),
    ).toEqual([expect.objectContaining({ detail: expect.stringContaining(other.profileId) })]);
    await pool().query("UPDATE musician_payouts SET status = 'pending' WHERE musician_id = $1", [
      other.profileId,
    ]);
  });
});

describe("N10: test money is tracked on its own, so it never blocks real withdrawals", () => {
  it("test pay, release and withdraw; then live: a real payment released is withdrawn in full", async () => {
    const m = await musicianWithBank();
    // In test mode: paid, released and withdrawn to the test provider's pretend bank.
    const test = await paid(m.profileId);
    expect((await releaseEscrow(test.id, "admin")).ok).toBe(true);
    expect((await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey())).ok).toBe(true);
    expect(await availableKobo(m.profileId)).toBe(0);

    // The key is added: the real Paystack client from now on.
    const before = { key: env().PAYSTACK_SECRET_KEY, url: env().PAYSTACK_BASE_URL };
    Object.assign(env(), { PAYSTACK_SECRET_KEY: "sk_live_n10", PAYSTACK_BASE_URL: paystack.baseUrl });
    onTestFinished(() => {
      Object.assign(env(), { PAYSTACK_SECRET_KEY: before.key, PAYSTACK_BASE_URL: before.url });
    });
    expect(paymentProvider().kind).toBe("paystack");

    // A real payment: Paystack opens the checkout, then its signed charge.success credits it.
    const real = await insertBooking(m.profileId);
    paystack.answers.push({ status: 200, body: transactionInitialize["200"] });
    const started = await startCheckout(real.slug, { email: "ada@example.com" }, testIp());
    expect(started.ok).toBe(true);
    const reference = String(paystack.seen.at(-1)?.body?.reference);
    expect(
      await handleChargeSuccess({
        reference,
        amount: PAID,
        currency: "NGN",
        status: "success",
        paid_at: new Date().toISOString(),
      } as Parameters<typeof handleChargeSuccess>[0]),
    ).toBe("credited");
    expect((await releaseEscrow(real.id, "admin")).ok).toBe(true);

    // All of it is real money: the test money already went out through the test provider.
    paystack.answers.push({ status: 200, body: transferInitiate["200"] });
    const answer = await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    expect(answer).toMatchObject({ ok: true });
    expect(paystack.seen.find((r) => r.url === "/transfer")?.body).toMatchObject({ amount: SHARE });
    expect(await availableKobo(m.profileId)).toBe(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});
