// Issue 23 §5: every money event e-mails both sides (with a link to the right page) and appears in the
// musician's Recent Activity, in words with names, amounts and dates; a repeated event is told once.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { giveSlug } from "~/features/bookings/booking-test-support";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { dashboardOverview } from "~/features/dashboard/overview.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, payTestCheckout } from "~/features/payments/payment-test-support";
import { TEST_FAILING_ACCOUNT_NUMBER } from "~/features/payments/paystack/test-banks";
import { sendTestWebhook } from "~/features/payments/paystack/test-webhooks.server";
import { releaseEscrow } from "~/features/payments/release.server";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { refundForBooking } from "~/features/refunds/refund-test-support";
import { handleRefundEvent } from "~/features/refunds/refunds.server";
import { listPayouts } from "~/features/wallet/queries.server";
import {
  chooseCancellationPolicy,
  handleTransferEvent,
  PAYOUT_ACCOUNT_HOLD_MS,
  requestWithdrawal,
  saveOwnBankAccount,
} from "~/features/wallet/wallet.server";
import { addDaysToDate, formatCalendarDate, lagosToday } from "~/lib/lagos-date";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { mailsTo } from "./notice-test-support";

afterAll(async () => {
  await stopJobs();
});

const origin = process.env.ORIGIN ?? "";

/** Tunde Sax's (Tunde Adeyemi) ₦250,000 wedding for Chiamaka Okafor, paid ₦262,500 (5% fee) on the test checkout. */
async function paidWedding(over: { eventDate?: string; policy?: "moderate" } = {}) {
  const musician = await createMusician({ firstName: "Tunde", lastName: "Adeyemi" });
  // The policy is frozen on the payment when the client pays (issue 22 §3.1): chosen before it.
  if (over.policy) await chooseCancellationPolicy(musician.profileId, over.policy);
  const musicianSlug = await giveSlug(musician);
  await pool().query("UPDATE musician_profiles SET stage_name = 'Tunde Sax' WHERE id = $1", [
    musician.profileId,
  ]);
  const client = `chiamaka-${randomBytes(4).toString("hex")}@example.com`;
  const booking = await insertBooking(musician.profileId, {
    clientName: "Chiamaka Okafor",
    email: client,
    ...(over.eventDate ? { eventDate: over.eventDate } : {}),
  });
  const started = await startCheckout(booking.slug, { email: client }, testIp());
  if (!started.ok) throw new Error(started.message);
  let charge: unknown;
  // The browser that pressed Pay completes the checkout and comes back as the payer (ADR 0025).
  const { payer } = await payTestCheckout(
    started.authorizationUrl,
    { userId: null, payerToken: started.payerToken },
    false,
    async (p) => {
      charge = p.data;
      await handleChargeSuccess(p.data as never);
    },
  );
  const [row] = (
    await pool().query<{ event_date: string }>(
      "SELECT to_char(event_date, 'YYYY-MM-DD') AS event_date FROM bookings_by_musician WHERE id = $1",
      [booking.id],
    )
  ).rows;
  const what = `Wedding, ${formatCalendarDate(row!.event_date, "d MMM")}`;
  return { musician, musicianSlug, client, booking, charge, what, payer };
}

const activity = async (profileId: string) =>
  (await dashboardOverview(profileId)).activity.map((a) => a.text);
const noticeCount = async (bookingId: string, kind: string) =>
  (
    await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM money_notifications WHERE booking_id = $1 AND kind = $2",
      [bookingId, kind],
    )
  ).rows[0]?.n;

describe("money notifications", () => {
  it("paid: the musician is told what is held for them; a repeated webhook tells nobody twice", async () => {
    const w = await paidWedding();
    await handleChargeSuccess(w.charge as never);
    expect(await noticeCount(w.booking.id, "paid")).toBe(1);
    const [mail, ...more] = mailsTo(w.musician.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Chiamaka Okafor paid for ${w.what}`);
    expect(mail?.text).toContain(
      `Chiamaka Okafor paid ₦262,500.00 for ${w.what}. ₦225,000.00 (your price after Stagebook's 10% commission) is held in escrow`,
    );
    expect(mail?.text).toContain(`${origin}/musician_bookings/${w.musicianSlug}#booking-${w.booking.id}`);
    // The organiser's mail for a payment is the receipt (with the contract), sent once.
    expect(mailsTo(w.client).map((m) => m.subject)).toEqual([`Payment receipt — booking ${w.booking.slug}`]);
    expect(await activity(w.musician.profileId)).toContain(
      `Chiamaka Okafor paid for ${w.what} — ₦225,000.00 held in escrow for you`,
    );
  });

  it("released: both sides, the musician's amount after commission, each with their page", async () => {
    const w = await paidWedding();
    expect(await releaseEscrow(w.booking.id, "client", w.payer)).toMatchObject({ ok: true, released: true });
    await releaseEscrow(w.booking.id, "auto");
    const toClient = mailsTo(w.client).filter((m) => m.subject.includes("released"));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]?.subject).toBe(`Payment for ${w.what} released to Tunde Sax`);
    expect(toClient[0]?.text).toContain(`${origin}/booking/${w.booking.slug}`);
    const toMusician = mailsTo(w.musician.email).filter((m) => m.subject.includes("released"));
    expect(toMusician.map((m) => m.subject)).toEqual(["₦225,000.00 released to your wallet"]);
    expect(toMusician[0]?.text).toContain("Chiamaka Okafor confirmed the event happened");
    // The organiser is spoken to, never of (phone walk 2: "Hello Chidi Okonkwo, Chidi Okonkwo confirmed…").
    expect(toClient[0]?.text).toContain("Hello Chiamaka Okafor,\n\nYou confirmed the event happened, so");
    expect(toClient[0]?.text).not.toContain("Chiamaka Okafor confirmed");
    expect(await activity(w.musician.profileId)).toContain(
      `₦225,000.00 released to your wallet for ${w.what}`,
    );
  });

  it("cancelled by the organiser: who cancelled and what each keeps; refunded when Paystack settles", async () => {
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), 3), policy: "moderate" });
    const cancelled = await cancelBookingAsClient(w.booking.slug, testIp(), w.payer);
    expect(cancelled).toMatchObject({ ok: true, refundKobo: 13_125_000 });
    const toClient = mailsTo(w.client).find((m) => m.subject === `You cancelled ${w.what}`);
    expect(toClient?.text).toContain(
      `You cancelled this booking on ${formatCalendarDate(lagosToday(), "d MMM")}. Refund: ₦131,250.00 of ₦262,500.00 (Moderate policy) — on its way to the card or account that paid.`,
    );
    expect(toClient?.text).toContain(`${origin}/booking/${w.booking.slug}`);
    const toMusician = mailsTo(w.musician.email).find(
      (m) => m.subject === `Chiamaka Okafor cancelled ${w.what}`,
    );
    expect(toMusician?.text).toContain(
      "Chiamaka Okafor is refunded ₦131,250.00; you keep ₦112,500.00 (after commission), now Available in your wallet.",
    );
    expect(await activity(w.musician.profileId)).toContain(
      `Chiamaka Okafor cancelled ${w.what} — refunded ₦131,250.00; you keep ₦112,500.00`,
    );

    const refund = await refundForBooking(w.booking.id);
    const processed = {
      transaction_reference: refund!.transactionReference,
      amount: refund!.amountKobo,
      currency: "NGN",
    };
    await handleRefundEvent("refund.processed", processed);
    await handleRefundEvent("refund.processed", processed);
    const receipts = mailsTo(w.client).filter((m) => m.subject === "Refund of ₦131,250.00 processed");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("has been paid back to the card or account that paid");
    expect(mailsTo(w.musician.email).some((m) => m.subject === "Refund to Chiamaka Okafor processed")).toBe(
      true,
    );
    expect(await activity(w.musician.profileId)).toContain(
      `Refund of ₦131,250.00 paid back to Chiamaka Okafor for ${w.what}`,
    );
  });

  it("cancelled by the musician: the organiser is told the musician cancelled and is refunded in full", async () => {
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), 20) });
    expect((await cancelOwnBooking({ id: w.musician.profileId }, w.booking.id)).ok).toBe(true);
    const toClient = mailsTo(w.client).find((m) => m.subject === `Tunde Sax cancelled ${w.what}`);
    expect(toClient?.text).toContain(
      "Tunde Sax cancelled this booking on " +
        `${formatCalendarDate(lagosToday(), "d MMM")}. Refund: ₦262,500.00 of ₦262,500.00 in full — on its way to the card or account that paid.`,
    );
    expect(mailsTo(w.musician.email).some((m) => m.subject === `You cancelled ${w.what}`)).toBe(true);
    expect(await activity(w.musician.profileId)).toContain(
      `You cancelled ${w.what} — Chiamaka Okafor is refunded ₦262,500.00 in full`,
    );
  });

  it("disputed, then resolved: both sides learn what happens next, by when, and the money outcome", async () => {
    const w = await paidWedding();
    const disputed = await submitDispute(
      w.booking.slug,
      {
        clientName: "Chiamaka Okafor",
        phoneNumber: "08031234567",
        disputeReason: "The band arrived two hours late",
      },
      testIp(),
      w.payer,
    );
    expect(disputed.ok).toBe(true);
    const toMusician = mailsTo(w.musician.email).find(
      (m) => m.subject === `Chiamaka Okafor disputed ${w.what}`,
    );
    expect(toMusician?.text).toContain('"The band arrived two hours late"');
    expect(toMusician?.text).toMatch(
      /Add your side \(text and photos\) by \d{1,2} \w{3} on your bookings page/,
    );
    expect(toMusician?.text).toMatch(/we will decide and tell you both by \d{1,2} \w{3}/);
    const toClient = mailsTo(w.client).find((m) => m.subject === `We received your dispute on ${w.what}`);
    expect(toClient?.text).toContain("The ₦262,500.00 you paid stays in escrow");
    const lines = await activity(w.musician.profileId);
    expect(lines).toContain(`Chiamaka Okafor disputed ${w.what} — ₦225,000.00 on hold`);
    expect(lines).not.toContain("Chiamaka Okafor disputed a booking");

    const form = new FormData();
    form.set("intent", "split");
    form.set("bookingId", w.booking.id);
    form.set("refundAmount", "62,500");
    expect(await adminPaymentsAction(form)).toEqual({ ok: true, message: "Dispute resolved" });
    const outcome = mailsTo(w.client).find((m) => m.subject === `Your dispute on ${w.what} is resolved`);
    expect(outcome?.text).toContain(
      "Refunded to you: ₦62,500.00; released to Tunde Sax: ₦171,428.57 (after commission); kept by Stagebook (service fee and commission): ₦28,571.43.",
    );
    expect(outcome?.text).not.toContain("to Chiamaka Okafor");
    const mOutcome = mailsTo(w.musician.email).find(
      (m) => m.subject === `The dispute on ${w.what} is resolved`,
    );
    expect(mOutcome?.text).toContain(
      "Refunded to Chiamaka Okafor: ₦62,500.00; released to you: ₦171,428.57 (after commission); kept by Stagebook (service fee and commission): ₦28,571.43.",
    );
    expect(await activity(w.musician.profileId)).toContain(
      `Dispute on ${w.what} resolved: Refunded to Chiamaka Okafor: ₦62,500.00; released to you: ₦171,428.57 (after commission); kept by Stagebook (service fee and commission): ₦28,571.43`,
    );
  });

  it("payout sent and payout failed: the musician is told, with the bank and a link to the wallet", async () => {
    const w = await paidWedding();
    await releaseEscrow(w.booking.id, "client", w.payer);
    // Saved a day ago: a first account added while Available holds money is held 24 h (ADR 0017).
    const dayAgo = new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000);
    await saveOwnBankAccount(w.musician.profileId, { bankCode: "058", accountNumber: "0123456789" }, dayAgo);
    expect((await requestWithdrawal(w.musician.profileId, 10_000_000)).ok).toBe(true);
    const [sent] = await listPayouts(w.musician.profileId);
    const event = { reference: sent!.reference, amountKobo: 10_000_000, currency: "NGN" };
    await handleTransferEvent("transfer.success", event);
    await handleTransferEvent("transfer.success", event);
    const paidOut = mailsTo(w.musician.email).filter(
      (m) => m.subject === "Payout of ₦100,000.00 sent to your bank",
    );
    expect(paidOut).toHaveLength(1);
    expect(paidOut[0]?.text).toContain("has been paid to Guaranty Trust Bank ••6789");
    expect(paidOut[0]?.text).toContain(`${origin}/musician_wallet/${w.musicianSlug}`);

    await saveOwnBankAccount(w.musician.profileId, {
      bankCode: "057",
      accountNumber: TEST_FAILING_ACCOUNT_NUMBER,
    });
    // A changed payout account is held for 24 hours (ADR 0017): this withdrawal is made after that.
    const dayLater = new Date(Date.now() + PAYOUT_ACCOUNT_HOLD_MS + 60_000);
    expect((await requestWithdrawal(w.musician.profileId, 5_000_000, undefined, dayLater)).ok).toBe(true);
    const [failing] = await listPayouts(w.musician.profileId);
    await sendTestWebhook({ kind: "transfer", reference: failing!.reference }, async (p) => {
      await handleTransferEvent(p.event as "transfer.failed", {
        reference: String(p.data.reference),
        amountKobo: Number(p.data.amount),
        currency: "NGN",
      });
    });
    const failed = mailsTo(w.musician.email).find((m) => m.subject === "Payout of ₦50,000.00 failed");
    expect(failed?.text).toContain(
      "The transfer of ₦50,000.00 to Zenith Bank ••0000 failed. The money is back in Available.",
    );
    const lines = await activity(w.musician.profileId);
    expect(lines).toContain("Payout of ₦100,000.00 sent to Guaranty Trust Bank ••6789");
    expect(lines).toContain(
      "Payout of ₦50,000.00 to Zenith Bank ••0000 failed — the money is back in Available",
    );
    // The client is told nothing about the musician's own payouts.
    expect(mailsTo(w.client).some((m) => m.subject.startsWith("Payout"))).toBe(false);
  });
});
