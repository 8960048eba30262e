import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountBalanceKobo,
  findLedgerBreaches,
  postLedgerTransaction,
} from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  payoutsInTransitAccount,
} from "~/features/ledger/ledger-accounts";
import { bookingCharges } from "~/features/money/fees";
import { configuredFeeRates } from "~/features/money/fees.server";
import { paystackSignature, testProviderSecret } from "~/features/payments/paystack/signature.server";
import { TEST_FAILING_ACCOUNT_NUMBER } from "~/features/payments/paystack/test-banks";
import type { WebhookPayload } from "~/features/payments/paystack/test-provider.server";
import { sendTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { handlePaystackWebhook } from "~/features/payments/paystack/webhook.server";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { payments } from "~db/schema/payments";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { findPayoutByReference, listPayouts, profileNames } from "./queries.server";
import {
  handleTransferEvent,
  lookUpBankAccount,
  PAYOUT_ACCOUNT_HOLD_MS,
  publicPaymentFacts,
  requestWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "./wallet.server";

/** An account saved over a day ago: past the 24 h hold a first account gets when Available holds money (ADR 0017). */
const savedBeforeHold = () => new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000);

let seq = 0;
/** Money the musician has earned: a client's payment released to their wallet (as pay-core posts it). */
async function earn(musicianId: string, kobo: number) {
  seq += 1;
  await postLedgerTransaction(db, {
    idempotencyKey: `test-earn:${musicianId}:${seq}`,
    kind: "release",
    memo: "test release",
    entries: [
      { account: PAYSTACK_CLEARING, amountKobo: -kobo },
      { account: musicianPayableAccount(musicianId), amountKobo: kobo },
    ],
  });
}

/** Delivers a payload through the real webhook handler, signed as the test provider signs. */
async function viaWebhook(payload: WebhookPayload) {
  const raw = Buffer.from(JSON.stringify(payload));
  const answer = await handlePaystackWebhook(raw, paystackSignature(raw, testProviderSecret()));
  expect(answer.status).toBe(200);
}

const outbox = () => (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);

const verified = async (musicianId: string) =>
  (await publicPaymentFacts(musicianId, await profileNames(musicianId))).verified;

let ada: TestMusician;
beforeAll(async () => {
  ada = await createMusician({ firstName: "Ada", lastName: "Obi" });
});
afterAll(async () => {
  await stopJobs();
});

describe("bank account", () => {
  it("resolves the account name for the musician to confirm, then saves it with a recipient code", async () => {
    expect(await verified(ada.profileId)).toBe(false);
    const looked = await lookUpBankAccount(ada.profileId, { bankCode: "058", accountNumber: "0123456789" });
    expect(looked).toMatchObject({
      ok: true,
      resolved: { bankName: "Guaranty Trust Bank", accountNumber: "0123456789", accountName: "ADA OBI" },
    });
    expect(
      await saveOwnBankAccount(ada.profileId, { bankCode: "058", accountNumber: "0123456789" }),
    ).toMatchObject({
      ok: true,
      message: "Bank account saved",
    });
    expect(await verified(ada.profileId)).toBe(true);
    expect((await walletView(ada.profileId)).bankAccount).toEqual({
      bankName: "Guaranty Trust Bank",
      accountNumber: "0123456789",
      accountName: "ADA OBI",
      verified: true,
    });
  });

  it("refuses an unknown bank and an account that does not resolve", async () => {
    expect(
      await lookUpBankAccount(ada.profileId, { bankCode: "999", accountNumber: "0123456789" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { bankCode: "Choose your bank from the list" },
    });
    const bad = await lookUpBankAccount(ada.profileId, { bankCode: "058", accountNumber: "9999999999" });
    expect(bad.ok).toBe(false);
    expect(bad.fieldErrors?.accountNumber).toBe(
      "We couldn't find this account at Guaranty Trust Bank. Check the 10-digit number.",
    );
  });
});

describe("withdrawals", () => {
  it("needs a bank account, at least ₦1,000 and no more than Available", async () => {
    const bola = await createMusician({ firstName: "Bola", lastName: "Ade" });
    await earn(bola.profileId, 500_000);
    expect(await requestWithdrawal(bola.profileId, 200_000)).toEqual({
      ok: false,
      message: "Add your bank account before you withdraw",
    });
    await saveOwnBankAccount(
      bola.profileId,
      { bankCode: "044", accountNumber: "1234567890" },
      savedBeforeHold(),
    );
    expect((await requestWithdrawal(bola.profileId, 99_999)).fieldErrors?.amount).toBe(
      "The minimum withdrawal is ₦1,000.00",
    );
    expect((await requestWithdrawal(bola.profileId, 500_001)).fieldErrors?.amount).toBe(
      "You cannot withdraw more than your Available balance",
    );
    expect(await accountBalanceKobo(musicianPayableAccount(bola.profileId))).toBe(500_000);
  });

  it("moves money to payouts in transit, then transfer.success marks it paid out (once)", async () => {
    await earn(ada.profileId, 2_000_000);
    const result = await requestWithdrawal(ada.profileId, 1_500_000);
    expect(result).toMatchObject({
      ok: true,
      message: "Withdrawal of ₦15,000.00 is on its way to your bank",
    });
    const [payout] = await listPayouts(ada.profileId);
    expect(payout).toMatchObject({ status: "pending", amountKobo: 1_500_000 });
    let view = await walletView(ada.profileId);
    expect(view.availableKobo).toBe(500_000);
    expect(await accountBalanceKobo(payoutsInTransitAccount(ada.profileId))).toBe(1_500_000);

    const mailsBefore = outbox().length;
    const sent: WebhookPayload[] = [];
    await sendTestWebhook({ kind: "transfer", reference: payout.reference }, async (p) => {
      sent.push(p);
    });
    expect(sent[0]).toMatchObject({
      event: "transfer.success",
      data: { reference: payout.reference, amount: 1_500_000 },
    });
    for (let i = 0; i < 5; i++) await viaWebhook(sent[0]); // Paystack retries: applied once
    view = await walletView(ada.profileId);
    expect(view.paidOutKobo).toBe(1_500_000);
    expect(view.availableKobo).toBe(500_000);
    expect(await accountBalanceKobo(payoutsInTransitAccount(ada.profileId))).toBe(0);
    expect((await findPayoutByReference(payout.reference))?.status).toBe("paid");
    expect(view.statement.lines[0]).toMatchObject({
      text: "Withdrawal to Guaranty Trust Bank ••6789",
      amountKobo: -1_500_000,
      status: "Paid out",
    });
    expect(outbox().length).toBe(mailsBefore + 1);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("a transfer to the documented failing account returns the money to Available with a note", async () => {
    const kemi = await createMusician({ firstName: "Kemi", lastName: "Lawal" });
    await earn(kemi.profileId, 300_000);
    await saveOwnBankAccount(
      kemi.profileId,
      { bankCode: "057", accountNumber: TEST_FAILING_ACCOUNT_NUMBER },
      savedBeforeHold(),
    );
    expect((await requestWithdrawal(kemi.profileId, 300_000)).ok).toBe(true);
    const [payout] = await listPayouts(kemi.profileId);
    expect((await walletView(kemi.profileId)).availableKobo).toBe(0);
    await sendTestWebhook({ kind: "transfer", reference: payout.reference }, viaWebhook);
    const after = await findPayoutByReference(payout.reference);
    expect(after?.status).toBe("failed");
    expect(after?.note).toBe(
      "The transfer of ₦3,000.00 to Zenith Bank ••0000 failed. The money is back in Available.",
    );
    const view = await walletView(kemi.profileId);
    expect(view.availableKobo).toBe(300_000);
    expect(view.paidOutKobo).toBe(0);
    expect(view.statement.lines[0]).toMatchObject({
      text: "Withdrawal to Zenith Bank ••0000",
      status: "Failed — back in Available",
      effectKobo: 0,
    });
    // A late success for a failed payout is never ignored: the bank has the money, so it leaves
    // Available again (money review #5).
    await handleTransferEvent("transfer.success", {
      reference: payout.reference,
      amountKobo: 300_000,
      currency: "NGN",
    });
    expect((await walletView(kemi.profileId)).availableKobo).toBe(0);
    expect((await findPayoutByReference(payout.reference))?.status).toBe("paid");
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("a reversal after success brings the money back from the bank", async () => {
    const tolu = await createMusician({ firstName: "Tolu", lastName: "Bello" });
    await earn(tolu.profileId, 400_000);
    await saveOwnBankAccount(
      tolu.profileId,
      { bankCode: "033", accountNumber: "2222222222" },
      savedBeforeHold(),
    );
    await requestWithdrawal(tolu.profileId, 400_000);
    const [payout] = await listPayouts(tolu.profileId);
    const event = { reference: payout.reference, amountKobo: 400_000, currency: "NGN" };
    await handleTransferEvent("transfer.success", event);
    expect((await walletView(tolu.profileId)).paidOutKobo).toBe(400_000);
    await handleTransferEvent("transfer.reversed", event);
    await handleTransferEvent("transfer.reversed", event);
    const view = await walletView(tolu.profileId);
    expect(view.paidOutKobo).toBe(0); // the bank sent it back: it is no longer paid out (money review #16)
    expect(view.statement.lines[0]).toMatchObject({
      status: "Reversed by the bank — back in Available",
      effectKobo: 0,
    });
    expect(view.availableKobo).toBe(400_000);
    expect((await findPayoutByReference(payout.reference))?.status).toBe("reversed");
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("ignores a transfer event whose amount does not match the payout", async () => {
    const sade = await createMusician({ firstName: "Sade", lastName: "Musa" });
    await earn(sade.profileId, 200_000);
    await saveOwnBankAccount(
      sade.profileId,
      { bankCode: "035", accountNumber: "3333333333" },
      savedBeforeHold(),
    );
    await requestWithdrawal(sade.profileId, 200_000);
    const [payout] = await listPayouts(sade.profileId);
    await handleTransferEvent("transfer.success", {
      reference: payout.reference,
      amountKobo: 1,
      currency: "NGN",
    });
    expect((await findPayoutByReference(payout.reference))?.status).toBe("pending");
  });

  it("two withdrawals at once cannot spend the same money", async () => {
    const femi = await createMusician({ firstName: "Femi", lastName: "Kuti" });
    await earn(femi.profileId, 300_000);
    await saveOwnBankAccount(
      femi.profileId,
      { bankCode: "011", accountNumber: "4444444444" },
      savedBeforeHold(),
    );
    const results = await Promise.all([
      requestWithdrawal(femi.profileId, 200_000),
      requestWithdrawal(femi.profileId, 200_000),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await accountBalanceKobo(musicianPayableAccount(femi.profileId))).toBe(100_000);
  });

  it("is rate limited", async () => {
    const uche = await createMusician({ firstName: "Uche", lastName: "Eze" });
    await earn(uche.profileId, 10_000_000);
    await saveOwnBankAccount(
      uche.profileId,
      { bankCode: "070", accountNumber: "5555555555" },
      savedBeforeHold(),
    );
    for (let i = 0; i < 5; i++) expect((await requestWithdrawal(uche.profileId, 100_000)).ok).toBe(true);
    expect(await requestWithdrawal(uche.profileId, 100_000)).toEqual({
      ok: false,
      message: "Too many withdrawals. Please try again in an hour.",
    });
  });

  it("In escrow shows the musician's share of what clients paid, from the ledger", async () => {
    const bayo = await createMusician({ firstName: "Bayo", lastName: "Ojo" });
    const [booking] = await db
      .insert(bookingsByMusician)
      .values({
        musicianId: bayo.profileId,
        slug: `esc${Date.now().toString(36).slice(-5)}`,
        clientName: "Ngozi",
        serviceType: "Full Event Performance",
        eventType: "Wedding",
        priceKobo: 10_000_000,
        status: "confirmed",
      })
      .returning({ id: bookingsByMusician.id });
    const fees = bookingCharges(10_000_000, configuredFeeRates());
    const rates = configuredFeeRates();
    await db.insert(payments).values({
      bookingId: booking.id,
      reference: `sbp_test_${booking.id}`,
      email: "ngozi@example.com",
      priceKobo: fees.priceKobo,
      serviceFeeKobo: fees.serviceFeeKobo,
      amountKobo: fees.totalKobo,
      serviceFeeBp: rates.serviceFeeBp,
      commissionBp: rates.commissionBp,
      cancellationPolicy: "flexible",
      status: "success",
      provider: "test",
    });
    await postLedgerTransaction(db, {
      idempotencyKey: `test-charge:${booking.id}`,
      kind: "charge",
      bookingId: booking.id,
      memo: "Client paid",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -fees.totalKobo },
        { account: escrowAccount(booking.id), amountKobo: fees.totalKobo },
      ],
    });
    const view = await walletView(bayo.profileId);
    expect(view.inEscrowKobo).toBe(9_000_000); // ₦100,000 − 10% commission
    expect(view.availableKobo).toBe(0);
    expect(view.statement.lines[0]).toMatchObject({
      text: "Ngozi paid for Wedding, no date yet — ₦90,000 held (₦100,000 − 10% commission)",
      amountKobo: 9_000_000,
      bookingLabel: "Ngozi · Wedding, no date yet",
    });
  });
});
