// Issue 35 §3: every Paystack state has a way out. Each test drives the real Paystack client against the
// fake Paystack (tests/support/fake-paystack.ts, built from Paystack's published contract) and failed on
// main at 7a58ca4 (money review 3's M-numbers and the outside probe's sequences).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountBalanceKobo } from "~/features/ledger/ledger.server";
import { chargebackReceivableAccount, payoutsInTransitAccount } from "~/features/ledger/ledger-accounts";
import { mailsTo } from "~/features/notifications/notice-test-support";
import { startCheckout } from "~/features/payments/checkout.server";
import { findMoneyBreaches } from "~/features/payments/ledger-consistency.server";
import { insertBooking } from "~/features/payments/payment-test-support";
import { releaseEscrow } from "~/features/payments/release.server";
import { adminPaymentsAction, adminPaymentsView } from "~/features/refunds/admin-payments.server";
import { refundBooking, refundForBooking } from "~/features/refunds/refund-test-support";
import { askAboutPendingRefunds } from "~/features/refunds/refunds.server";
import {
  chooseAutomaticPayouts,
  retryReturnedPayouts,
  runSendPayout,
} from "~/features/wallet/automatic-payouts.server";
import { findPaymentSettings, listPayouts, payoutsOfBooking } from "~/features/wallet/queries.server";
import {
  availableKobo,
  openMoneyAlerts,
  redrivePendingPayouts,
  requestWithdrawal,
  reviewWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { db, pool } from "~/server/db.server";
import { parseEnv, paymentsModeProblem } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { fakePaystack, REFUND_STATUSES, TRANSFER_STATUSES } from "../../../tests/support/fake-paystack";
import { peekBookingMoney, withdrawableKobo } from "./booking-money.server";
import { goLiveProblem } from "./go-live.server";
import { PAYSTACK_TRANSFER_STATUSES, transferStep } from "./payout-states.server";
import { PAYSTACK_REFUND_STATUSES, refundStep } from "./provider-refund-states.server";

const fake = fakePaystack();
let restore: () => void;
beforeAll(() => {
  restore = fake.use();
});
afterAll(async () => {
  restore();
  await stopJobs();
});

const PAID = 26_250_000; // ₦250,000 + 5% service fee
const SHARE = 22_500_000; // ₦250,000 − 10% commission

/** A musician with a verified GTBank account at the fake Paystack. */
async function musicianWithAccount(auto = false) {
  const m = await createMusician();
  const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
  expect(saved).toMatchObject({ ok: true });
  await chooseAutomaticPayouts(m.profileId, auto);
  return m;
}

/** A ₦250,000 booking paid (₦262,500) on Paystack's checkout: charge.success signed and delivered. */
async function paidBooking(musicianId: string) {
  const booking = await insertBooking(musicianId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = started.authorizationUrl.split("/").pop()!;
  expect(await fake.pay(reference)).toBe(200);
  return { ...booking, reference };
}

const notices = async (musicianId: string, kind: string) =>
  (
    await pool().query<{ kind: string }>(
      "SELECT kind FROM money_notifications WHERE musician_id = $1 AND kind = $2",
      [musicianId, kind],
    )
  ).rows.length;

describe("the state tables know every status Paystack publishes", () => {
  it("transfers and refunds: each status of the fake Paystack has a meaning, none unknown", () => {
    expect([...PAYSTACK_TRANSFER_STATUSES].sort()).toEqual([...TRANSFER_STATUSES].sort());
    expect([...PAYSTACK_REFUND_STATUSES].sort()).toEqual([...REFUND_STATUSES].sort());
    for (const s of TRANSFER_STATUSES) expect(transferStep(s).kind, s).not.toBe("unknown");
    const ours = { amountKobo: 100, pendingSince: new Date() };
    expect(REFUND_STATUSES.map((s) => refundStep({ status: s, amountKobo: 100 }, ours).kind)).toEqual([
      "wait",
      "wait",
      "needs_attention",
      "failed",
      "processed",
    ]);
  });
});

describe("M6: abandoned, blocked, rejected give the money back", () => {
  it.each(["abandoned", "blocked", "rejected"] as const)(
    "a transfer Paystack ends as %s: failed, Available restored, a note and a notice",
    async (status) => {
      const m = await musicianWithAccount();
      const booking = await paidBooking(m.profileId);
      expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
      // Transfer OTP left on: the transfer waits for an OTP nobody gives.
      fake.state.newTransferStatus = "otp";
      expect(await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey())).toMatchObject({ ok: true });
      const [payout] = await listPayouts(m.profileId);
      expect(payout?.status).toBe("pending");

      await fake.transferBecomes(payout!.reference, status, false);
      await redrivePendingPayouts(0);

      const [after] = await listPayouts(m.profileId);
      expect(after).toMatchObject({ status: "failed", note: expect.stringMatching(/back in Available/) });
      expect(await availableKobo(m.profileId)).toBe(SHARE);
      expect(await accountBalanceKobo(payoutsInTransitAccount(m.profileId))).toBe(0);
      expect(await notices(m.profileId, "payout_failed")).toBe(1);
      expect(await findMoneyBreaches()).toEqual([]);
    },
  );

  it("a transfer still pending past a day is shown to an admin; the sweep moves on to other rows", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    await releaseEscrow(booking.id, "admin");
    await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    const [payout] = await listPayouts(m.profileId);
    await pool().query(
      "UPDATE musician_payouts SET created_at = now() - interval '2 days', updated_at = now() - interval '2 days' WHERE id = $1",
      [payout!.id],
    );
    await redrivePendingPayouts(0);
    const alerts = (await openMoneyAlerts()).filter((a) => a.reference === payout!.reference);
    expect(alerts.map((a) => a.kind)).toEqual(["transfer_pending_long"]);
    // Touched: the next oldest-first batch starts with others (M14).
    const [touched] = await listPayouts(m.profileId);
    expect(touched!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("M2: a success after we marked the transfer failed, with a retry already made", () => {
  it("answers 200, marks the first paid, drops the waiting retry, and never pays twice", async () => {
    const m = await musicianWithAccount(true);
    const booking = await paidBooking(m.profileId);
    // Paystack refuses the automatic payout at once and then says it has no such transfer: failed.
    fake.trick("POST /transfer", { kind: "refuse", message: "Account is not valid" });
    const released = await releaseEscrow(booking.id, "admin");
    expect(released.ok).toBe(true);
    const [first] = await payoutsOfBooking(booking.id);
    await runSendPayout({ reference: first!.reference });
    expect((await payoutsOfBooking(booking.id))[0]?.status).toBe("failed");
    // M10: a refusal nobody saw on a form is told to the musician.
    expect(await notices(m.profileId, "payout_failed")).toBe(1);
    // A new account is saved: the release is asked for again, waiting out the new account's hold.
    await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456782" });
    const [again] = await retryReturnedPayouts(m.profileId);
    expect(again).toMatchObject({ status: "waiting" });

    // Paystack paid the first after all.
    const status = await fake.deliver("transfer.success", {
      reference: first!.reference,
      amount: SHARE,
      currency: "NGN",
      status: "success",
    });

    expect(status).toBe(200);
    const rows = await payoutsOfBooking(booking.id);
    expect(Object.fromEntries(rows.map((p) => [p.reference, p.status]))).toEqual({
      [first!.reference]: "paid",
      [again!.reference]: "dropped",
    });
    expect(await availableKobo(m.profileId)).toBe(0);
    // The dropped retry never reaches Paystack, even when its hold ends.
    await runSendPayout({ reference: again!.reference }, new Date(Date.now() + 2 * 86_400_000));
    expect(fake.transferCalls().filter((c) => c.body?.reference === again!.reference)).toEqual([]);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("M7: refunds Paystack cannot finish reach an admin with an action", () => {
  it("needs-attention: the sweep moves it to needs_attention with an alert; Record refunded settles it", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    expect((await refundBooking(booking.id, PAID, "musician_cancelled")).ok).toBe(true);
    const refund = await refundForBooking(booking.id);
    expect(refund).toMatchObject({ status: "pending" });
    await fake.refundBecomes(Number(refund!.providerRefundId), "needs-attention", false);

    await askAboutPendingRefunds(0);

    expect(await refundForBooking(booking.id)).toMatchObject({ status: "needs_attention" });
    const view = await adminPaymentsView();
    expect(view.alerts.filter((a) => a.reference === refund!.id).map((a) => a.kind)).toEqual([
      "refund_needs_attention",
    ]);
    expect(view.refunds.find((r) => r.id === refund!.id)?.status).toBe("needs_attention");
    const form = new FormData();
    form.set("intent", "refund-by-hand");
    form.set("refundId", refund!.id);
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: true });
    expect(await refundForBooking(booking.id)).toMatchObject({ status: "processed" });
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("refund.needs-attention, another amount, and pending past ten days each reach the admin", async () => {
    const m = await musicianWithAccount();
    const cases = [] as { id: string }[];
    for (const how of ["event", "amount", "late"] as const) {
      const booking = await paidBooking(m.profileId);
      await refundBooking(booking.id, PAID, "musician_cancelled");
      const refund = (await refundForBooking(booking.id))!;
      if (how === "event")
        expect(await fake.refundBecomes(Number(refund.providerRefundId), "needs-attention")).toBe(200);
      if (how === "amount")
        expect(await fake.refundBecomes(Number(refund.providerRefundId), "processed", true, PAID - 1)).toBe(
          200,
        );
      if (how === "late") await askAboutPendingRefunds(0, new Date(Date.now() + 11 * 86_400_000));
      cases.push(refund);
    }
    for (const refund of cases) {
      const row = (await adminPaymentsView()).refunds.find((r) => r.id === refund.id);
      expect(row?.status, JSON.stringify(row)).toBe("needs_attention");
    }
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("a refund Paystack cannot finish: the payer is told plainly, the admin's alert has the action", () => {
  it("refund.failed, then needs-attention after a retry: the payer told once per state, from the event; each alert acts", async () => {
    const m = await musicianWithAccount();
    const payerEmail = `payer-${m.profileId.slice(0, 8)}@example.com`;
    const booking = await insertBooking(m.profileId);
    const started = await startCheckout(booking.slug, { email: payerEmail }, testIp());
    if (!started.ok) throw new Error(started.message);
    expect(await fake.pay(started.authorizationUrl.split("/").pop()!)).toBe(200);
    expect((await refundBooking(booking.id, PAID, "musician_cancelled")).ok).toBe(true);
    const first = (await refundForBooking(booking.id))!;
    const delayed = () =>
      mailsTo(payerEmail).filter((x) => x.subject === "Your refund of ₦262,500.00 is delayed — we are on it");
    const alertsOf = async () =>
      (await adminPaymentsView()).alerts.filter(
        (a) => a.reference === first.id && a.kind.startsWith("refund_"),
      );

    // Paystack reports it failed (and says so twice): the payer is told once, plainly, and the admin's
    // alert carries Retry refund.
    expect(await fake.refundBecomes(Number(first.providerRefundId), "failed")).toBe(200);
    expect(await fake.refundBecomes(Number(first.providerRefundId), "failed")).toBe(200);
    expect(await refundForBooking(booking.id)).toMatchObject({ status: "failed" });
    const [told, ...again] = delayed();
    expect(again).toEqual([]);
    expect(told?.text).toContain(`refund of ₦262,500.00 for booking ${booking.slug}`);
    expect(told?.text).toContain("Your money is safe with Stagebook and is not lost");
    expect(await notices(m.profileId, "refund_delayed")).toBe(1);
    const [failedAlert] = await alertsOf();
    expect(failedAlert).toMatchObject({ kind: "refund_failed", refund: { id: first.id, status: "failed" } });
    expect(failedAlert?.detail).toContain('Press "Retry refund"');

    // The admin retries from the alert; Paystack now needs the customer's bank details.
    const retry = new FormData();
    retry.set("intent", "retry-refund");
    retry.set("refundId", failedAlert!.refund!.id);
    expect(await adminPaymentsAction(retry)).toMatchObject({ ok: true });
    const second = (await refundForBooking(booking.id))!;
    expect(second.providerRefundId).not.toBe(first.providerRefundId);
    expect(await fake.refundBecomes(Number(second.providerRefundId), "needs-attention")).toBe(200);
    expect(await refundForBooking(booking.id)).toMatchObject({ status: "needs_attention" });
    expect(delayed()).toHaveLength(2);
    const attention = (await alertsOf()).find((a) => a.kind === "refund_needs_attention");
    expect(attention?.refund).toEqual({ id: first.id, status: "needs_attention" });

    // Record refunded, from the alert: settled, and the alert offers nothing more to do with it.
    const byHand = new FormData();
    byHand.set("intent", "refund-by-hand");
    byHand.set("refundId", attention!.refund!.id);
    expect(await adminPaymentsAction(byHand)).toMatchObject({ ok: true });
    expect(await refundForBooking(booking.id)).toMatchObject({ status: "processed" });
    expect((await alertsOf()).map((a) => a.refund)).toEqual([null, null]);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("M1: test money and live money", () => {
  it("a charge records Paystack's domain; after switching to a live key its money cannot be withdrawn", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    expect(
      (await pool().query("SELECT mode FROM payments WHERE reference = $1", [booking.reference])).rows[0],
    ).toEqual({ mode: "test" });
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    // Going live while that money sits in Available is refused at start.
    expect(await goLiveProblem(db)).toMatch(/test-mode money is still in Stagebook/);

    const secret = fake.state.secret;
    fake.state.secret = "sk_live_fake_paystack";
    const back = fake.use();
    try {
      await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
      const answer = await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
      expect(answer).toMatchObject({ ok: false });
      expect(JSON.stringify(answer)).toMatch(/test-mode payments/);
      expect(fake.transferCalls()).toEqual([]);
    } finally {
      back();
      fake.state.secret = secret;
    }
  });

  it("a deployment with no key refuses to start unless test mode is asked for; a fresh clone starts", () => {
    const prod = { NODE_ENV: "production" };
    expect(paymentsModeProblem(parseEnv(prod))).toBeNull();
    expect(paymentsModeProblem(parseEnv({ ...prod, ORIGIN: "http://localhost:3203" }))).toBeNull();
    expect(paymentsModeProblem(parseEnv({ ...prod, ORIGIN: "https://stagebook.ng" }))).toMatch(
      /PAYSTACK_SECRET_KEY is not set/,
    );
    expect(
      paymentsModeProblem(parseEnv({ ...prod, DATABASE_URL: "postgres://db.example/stagebook" })),
    ).toMatch(/PAYSTACK_MODE=test/);
    expect(
      paymentsModeProblem(parseEnv({ ...prod, ORIGIN: "https://stagebook.ng", PAYSTACK_MODE: "test" })),
    ).toBeNull();
    expect(
      paymentsModeProblem(
        parseEnv({ ...prod, ORIGIN: "https://stagebook.ng", PAYSTACK_SECRET_KEY: "sk_live_x" }),
      ),
    ).toBeNull();
  });

  it("a transfer webhook whose amount does not match raises an admin alert and changes nothing", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    await releaseEscrow(booking.id, "admin");
    await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    const [payout] = await listPayouts(m.profileId);
    expect(await fake.transferBecomes(payout!.reference, "success", true, SHARE + 100)).toBe(200);
    expect((await listPayouts(m.profileId))[0]?.status).toBe("pending");
    expect(
      (await openMoneyAlerts()).filter((a) => a.reference === payout!.reference).map((a) => a.kind),
    ).toEqual(["transfer_amount_mismatch"]);
  });
});

describe("M15: alerts can be marked done; the balance alert comes once a day", () => {
  it("two payouts the balance cannot cover raise one alert; Done takes it off the list", async () => {
    const m = await musicianWithAccount();
    for (let k = 0; k < 2; k++) await releaseEscrow((await paidBooking(m.profileId)).id, "admin");
    fake.trick("POST /transfer", {
      kind: "refuse",
      message: "Your balance is not enough to fulfil this request",
    });
    fake.trick("POST /transfer", {
      kind: "refuse",
      message: "Your balance is not enough to fulfil this request",
    });
    await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    const low = (await openMoneyAlerts()).filter((a) => a.kind === "transfer_balance_low");
    expect(low).toHaveLength(1);
    const form = new FormData();
    form.set("intent", "alert-done");
    form.set("alertId", low[0]!.id);
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: true, message: "Alert marked done" });
    expect((await openMoneyAlerts()).some((a) => a.id === low[0]!.id)).toBe(false);
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: false });
  });
});

/** Opens a card dispute on the booking's charge, as charge.dispute.create does. */
async function openCardDispute(reference: string, id = `dsp_${reference}`) {
  expect(
    await fake.deliver("charge.dispute.create", {
      id,
      refund_amount: PAID,
      currency: "NGN",
      status: "awaiting-merchant-feedback",
      transaction: { reference, amount: PAID },
    }),
  ).toBe(200);
  return id;
}

async function loseCardDispute(reference: string, id: string) {
  expect(
    await fake.deliver("charge.dispute.resolve", {
      id,
      refund_amount: PAID,
      currency: "NGN",
      status: "resolved",
      resolution: "merchant-accepted",
      transaction: { reference, amount: PAID },
    }),
  ).toBe(200);
}

describe("M9: one 'what may leave now' rule", () => {
  it("an open card dispute on A (paid out) caps B's automatic payout and the withdraw question", async () => {
    const m = await musicianWithAccount();
    const a = await paidBooking(m.profileId);
    await releaseEscrow(a.id, "admin");
    // A's share stays in Available; B's release would otherwise send its whole share.
    await openCardDispute(a.reference);
    expect((await reviewWithdrawal(m.profileId, SHARE * 2)).ok).toBe(false);
    await chooseAutomaticPayouts(m.profileId, true);
    const b = await paidBooking(m.profileId);
    await releaseEscrow(b.id, "admin");
    const [payout] = await payoutsOfBooking(b.id);
    const funds = await db.transaction((tx) => withdrawableKobo(tx, m.profileId, false));
    expect(payout?.status === "pending" ? payout.amountKobo : 0).toBeLessThanOrEqual(SHARE);
    // What is in transit plus what may still leave never exceeds Available less A's disputed share.
    expect(funds.disputedKobo).toBe(SHARE);
    expect(await availableKobo(m.profileId)).toBeGreaterThanOrEqual(SHARE);
    const review = await reviewWithdrawal(m.profileId, SHARE);
    expect(review.ok).toBe(false);
    expect(JSON.stringify(review)).toMatch(/still disputing/);
  });
});

describe("M16: a first payout account is held while escrow holds money", () => {
  it("a first account added while a paid booking is in escrow is held for 24 h", async () => {
    const m = await createMusician();
    await paidBooking(m.profileId);
    const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
    expect(saved).toMatchObject({ ok: true, message: expect.stringMatching(/payouts to it start at/) });
    expect((await findPaymentSettings(m.profileId))?.bankAccountHoldUntil).not.toBeNull();
  });
});

describe("M5: a loss that finds nothing left never holds for ever", () => {
  it("a second lost dispute on a charge already lost in full stops holding and alerts the admin", async () => {
    const m = await musicianWithAccount();
    const a = await paidBooking(m.profileId);
    await releaseEscrow(a.id, "admin");
    await loseCardDispute(a.reference, await openCardDispute(a.reference, `dsp1_${a.reference}`));
    const second = await openCardDispute(a.reference, `dsp2_${a.reference}`);
    await loseCardDispute(a.reference, second);
    expect((await peekBookingMoney(a.id))?.holds.cardDispute).toBe(false);
    expect((await openMoneyAlerts()).filter((x) => x.reference === second).map((x) => x.kind)).toEqual([
      "chargeback_nothing_left",
    ]);
    // Another booking's release can be withdrawn in full.
    const b = await paidBooking(m.profileId);
    await releaseEscrow(b.id, "admin");
    const funds = await db.transaction((tx) => withdrawableKobo(tx, m.profileId, false));
    expect(funds.withdrawableKobo).toBe(funds.availableKobo);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("the probe: a chargeback on paid-out money", () => {
  it("money a reversed payout brings back repays the debt first; the wallet shows what is owed and adds up", async () => {
    const m = await musicianWithAccount();
    const a = await paidBooking(m.profileId);
    await releaseEscrow(a.id, "admin");
    await requestWithdrawal(m.profileId, SHARE, newIdempotencyKey());
    const [payout] = await listPayouts(m.profileId);
    expect(await fake.transferBecomes(payout!.reference, "success")).toBe(200);
    // The card payment is lost after the money reached the bank: the musician owes their share.
    await loseCardDispute(a.reference, await openCardDispute(a.reference));
    expect(await accountBalanceKobo(chargebackReceivableAccount(m.profileId))).toBe(-SHARE);

    let wallet = await walletView(m.profileId);
    const owed = wallet.statement.lines.find((l) => l.status === "Owed");
    expect(owed).toMatchObject({ bookingSlug: a.slug, amountKobo: -SHARE });
    expect(owed?.text).toMatch(/you owe ₦225,000.*client's bank took the payment back/);
    expect(wallet.owedKobo).toBe(SHARE);
    expect(wallet.statement.earnedKobo).toBe(
      wallet.availableKobo + wallet.inEscrowKobo + wallet.paidOutKobo - wallet.owedKobo,
    );

    // The bank sends the paid-out transfer back: it repays the debt, not Available.
    expect(await fake.transferBecomes(payout!.reference, "reversed")).toBe(200);
    expect(await accountBalanceKobo(chargebackReceivableAccount(m.profileId))).toBe(0);
    expect(await availableKobo(m.profileId)).toBe(0);
    wallet = await walletView(m.profileId);
    expect(wallet.owedKobo).toBe(0);
    expect(wallet.statement.earnedKobo).toBe(
      wallet.availableKobo + wallet.inEscrowKobo + wallet.paidOutKobo - wallet.owedKobo,
    );
    const sum = wallet.statement.lines.reduce((s, l) => s + l.effectKobo, 0);
    expect(sum).toBe(wallet.availableKobo + wallet.inEscrowKobo);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("during a card dispute the held share is never 'yours to withdraw now'", async () => {
    const m = await musicianWithAccount();
    const a = await paidBooking(m.profileId);
    await releaseEscrow(a.id, "admin");
    await openCardDispute(a.reference);
    const wallet = await walletView(m.profileId);
    expect(wallet.availableKobo).toBe(SHARE);
    expect(wallet.withdrawableKobo).toBe(0);
    expect(wallet.disputedKobo).toBe(SHARE);
  });
});

describe("M14: the sweep's gaps", () => {
  it("a release already due is queued again each hour, not silenced by the first job's key", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    const before = Number(
      (await pool().query("SELECT count(*) FROM pgboss.job WHERE data->>'bookingId' = $1", [booking.id]))
        .rows[0].count,
    );
    const { scheduleAutoRelease } = await import("~/features/payments/release.server");
    const due = (await peekBookingMoney(booking.id))!.releaseDueAt!;
    await scheduleAutoRelease(booking.id, new Date(due.getTime() + 3_600_000));
    await scheduleAutoRelease(booking.id, new Date(due.getTime() + 2 * 3_600_000));
    const after = Number(
      (await pool().query("SELECT count(*) FROM pgboss.job WHERE data->>'bookingId' = $1", [booking.id]))
        .rows[0].count,
    );
    expect(after - before).toBe(2);
  });
});

describe("M12: the table refuses what holds nothing", () => {
  it("release, refund and the admin's split of a partly settled booking that holds nothing are refused", async () => {
    const m = await musicianWithAccount();
    const booking = await paidBooking(m.profileId);
    await releaseEscrow(booking.id, "admin");
    // Partly charged back after the release: partly settled, holding nothing.
    const id = await openCardDispute(booking.reference);
    await pool().query(
      "UPDATE paystack_charge_disputes SET status = 'resolved', resolution = 'merchant-accepted', amount_kobo = $2 WHERE provider_dispute_id = $1",
      [id, 1_000_000],
    );
    expect(
      await fake.deliver("charge.dispute.resolve", {
        id,
        refund_amount: 1_000_000,
        currency: "NGN",
        status: "resolved",
        resolution: "merchant-accepted",
        transaction: { reference: booking.reference, amount: PAID },
      }),
    ).toBe(200);
    const money = await peekBookingMoney(booking.id);
    expect(money?.phase).toBe("partly_settled");
    expect(money?.held).toBe(false);
    const { applyTransition, readBookingMoney } = await import("./booking-money.server");
    const answers = await db.transaction(async (tx) => {
      const locked = (await readBookingMoney(tx, booking.id))!;
      return [
        await applyTransition(tx, locked, "release", { by: "admin", now: new Date() }),
        await applyTransition(tx, locked, "refund", { amountKobo: 100, reason: "dispute" }),
        await applyTransition(tx, locked, "adminSplit", { refundKobo: 0 }),
      ];
    });
    expect(answers.map((a) => (a.ok ? "applied" : a.message))).toEqual([
      "This booking's payment is no longer held.",
      "This booking's payment is no longer held.",
      "This booking's payment is no longer held.",
    ]);
  });
});

describe("M13: the booking lock lets a payout row naming the booking be inserted", () => {
  it("a transition holding the booking and waiting for the wallet, and retryReturnedPayouts holding the wallet, both finish", async () => {
    const m = await musicianWithAccount(true);
    const booking = await paidBooking(m.profileId);
    fake.trick("POST /transfer", { kind: "refuse", message: "Account is not valid" });
    await releaseEscrow(booking.id, "admin");
    const [first] = await payoutsOfBooking(booking.id);
    await runSendPayout({ reference: first!.reference });
    await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456782" });
    const { lockBookingRow, lockMusicianWallet } = await import("./queries.server");
    let locked!: () => void;
    const bookingLocked = new Promise<void>((r) => {
      locked = r;
    });
    let go!: () => void;
    const gate = new Promise<void>((r) => {
      go = r;
    });
    // One side, as readBookingMoney: the booking, then (once the other side holds it) the wallet.
    const transition = db.transaction(async (tx) => {
      await lockBookingRow(tx, booking.id);
      locked();
      await gate;
      await lockMusicianWallet(tx, m.profileId);
    });
    await bookingLocked;
    // The other: the wallet lock, then a payout row naming the booking (its foreign-key check).
    let done = false;
    const retried = retryReturnedPayouts(m.profileId).finally(() => {
      done = true;
    });
    for (;;) {
      const held = await pool().query(
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()",
      );
      if (done || held.rows.length > 0) break;
    }
    go();
    const [asked] = await Promise.all([retried, transition]);
    expect(asked).toHaveLength(1);
  });
});
