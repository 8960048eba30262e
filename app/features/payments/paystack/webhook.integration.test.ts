import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  accountBalanceKobo,
  findLedgerBreaches,
  postLedgerTransaction,
} from "~/features/ledger/ledger.server";
import { escrowAccount, PAYSTACK_CLEARING, refundsPendingAccount } from "~/features/ledger/ledger-accounts";
import { startCheckout } from "~/features/payments/checkout.server";
import { bookingRow, insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { refundForBooking, startBookingRefundIn } from "~/features/refunds/refund-test-support";
import { sendRefund } from "~/features/refunds/refunds.server";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { payments } from "~db/schema/payments";
import { createMusician } from "../../../../tests/support/accounts";
import events from "./fixtures/webhook-events.json";
import { paymentProvider } from "./provider.server";
import { listChargeDisputes } from "./queries.server";
import { paystackSignature, testProviderSecret } from "./signature.server";
import { completeTestCheckout, refundEventPayload, type WebhookPayload } from "./test-provider.server";
import { sendTestWebhook } from "./test-webhooks.server";
import { handlePaystackWebhook } from "./webhook.server";

afterAll(async () => {
  await stopJobs();
});

const signed = (body: string | Buffer) => paystackSignature(body, testProviderSecret());

async function deliver(payload: unknown) {
  const raw = Buffer.from(JSON.stringify(payload));
  return handlePaystackWebhook(raw, signed(raw));
}

describe("POST /webhooks/paystack", () => {
  it("answers 401 to a missing or wrong signature, before reading the body", async () => {
    const raw = Buffer.from(JSON.stringify(events["transfer.success"]));
    expect(await handlePaystackWebhook(raw, undefined)).toEqual({
      status: 401,
      message: "Invalid signature",
    });
    expect(await handlePaystackWebhook(raw, "0".repeat(128))).toEqual({
      status: 401,
      message: "Invalid signature",
    });
    // Signed with Paystack's example key, not ours.
    expect((await handlePaystackWebhook(raw, paystackSignature(raw, "sk_test_other"))).status).toBe(401);
    // Not JSON at all, unsigned: still 401, not 400 — nothing is parsed for a stranger.
    expect((await handlePaystackWebhook(Buffer.from("{not json"), "abc")).status).toBe(401);
  });

  it("answers 400 to signed bytes that are not a Paystack event", async () => {
    const raw = Buffer.from("{not json");
    expect(await handlePaystackWebhook(raw, signed(raw))).toEqual({
      status: 400,
      message: "Body is not JSON",
    });
    const arr = Buffer.from("[1,2]");
    expect((await handlePaystackWebhook(arr, signed(arr))).status).toBe(400);
  });

  it("acknowledges events it does not use, and unknown references, with 200", async () => {
    expect(await deliver({ event: "subscription.create", data: {} })).toEqual({
      status: 200,
      message: "Ignored",
    });
    // Paystack's own examples name transfers and refunds we never made.
    expect((await deliver(events["transfer.success"])).status).toBe(200);
    expect((await deliver(events["transfer.failed"])).status).toBe(200);
    expect((await deliver(events["refund.processed"])).status).toBe(200);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("a signed event in an unexpected shape is logged and acknowledged (a retry would not help)", async () => {
    expect(await deliver({ event: "transfer.success", data: { reference: 42 } })).toEqual({
      status: 200,
      message: "Unreadable event logged",
    });
  });

  it("records charge.dispute.create for the admin, once however often it is delivered", async () => {
    for (let i = 0; i < 3; i++) expect((await deliver(events["charge.dispute.create"])).status).toBe(200);
    const disputes = (await listChargeDisputes()).filter((d) => d.transactionReference === "v3mjfgbnc19v97x");
    expect(disputes).toHaveLength(1);
    expect(disputes[0]).toMatchObject({
      amountKobo: 5800,
      category: "chargeback",
      note: "Customer complained about debit without value",
    });
  });
});

describe("charge.success from the test checkout", () => {
  it("credits the booking's escrow once however often it is delivered", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, { eventDate: "2099-03-01" });
    const started = await startCheckout(booking.slug, { email: "ada@example.com" }, "10.1.2.3");
    if (!started.ok) throw new Error(started.message);
    const reference = await testCheckoutReference(started.authorizationUrl);
    const sent: WebhookPayload[] = [];
    const done = await completeTestCheckout(reference, async (p) => {
      sent.push(p);
    });
    expect(done?.callbackUrl).toMatch(/\/payments\/callback\/[\w-]{43}$/);
    for (let i = 0; i < 5; i++) expect((await deliver(sent[0])).status).toBe(200);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(26_250_000);
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("paid");
    expect(await findLedgerBreaches()).toEqual([]);
  });
});

describe("refunds through the test provider and the webhook", () => {
  it("escrow → refunds pending → processed, once, with a receipt to the client", async () => {
    const m = await createMusician();
    const [booking] = await db
      .insert(bookingsByMusician)
      .values({
        musicianId: m.profileId,
        slug: `rf${Date.now().toString(36).slice(-6)}`,
        clientName: "Chioma",
        email: "chioma@example.com",
        serviceType: "Full Event Performance",
        eventType: "Wedding",
        priceKobo: 1_000_000,
        status: "confirmed",
      })
      .returning({ id: bookingsByMusician.id });
    const reference = `ch_${booking.id}`;
    await paymentProvider().initializeTransaction({
      email: "chioma@example.com",
      amountKobo: 1_050_000,
      reference,
      callbackUrl: "/",
    });
    await completeTestCheckout(reference, async () => {});
    // The charge as pay-core credits it: a successful payment and its posting (key: the reference).
    await db.insert(payments).values({
      bookingId: booking.id,
      reference,
      email: "chioma@example.com",
      priceKobo: 1_000_000,
      serviceFeeKobo: 50_000,
      amountKobo: 1_050_000,
      serviceFeeBp: 500,
      commissionBp: 1000,
      cancellationPolicy: "flexible",
      status: "success",
      provider: "test",
      paidAt: new Date(),
    });
    await db
      .update(bookingsByMusician)
      .set({ paymentStatus: "paid" })
      .where(eq(bookingsByMusician.id, booking.id));
    await postLedgerTransaction(db, {
      idempotencyKey: reference,
      kind: "charge",
      bookingId: booking.id,
      memo: "paid",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -1_050_000 },
        { account: escrowAccount(booking.id), amountKobo: 1_050_000 },
      ],
    });

    const first = await db.transaction((tx) =>
      startBookingRefundIn(tx, booking.id, 525_000, "client_cancelled"),
    );
    if (!first.ok || !first.refundId) throw new Error("the refund did not start");
    const refund = { id: first.refundId };
    // Asking twice never refunds twice.
    const again = await db.transaction((tx) =>
      startBookingRefundIn(tx, booking.id, 525_000, "client_cancelled"),
    );
    expect(again.ok).toBe(false);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(525_000);
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(525_000);

    expect(await sendRefund(refund.id)).toBe("pending");
    expect(await sendRefund(refund.id)).toBe("pending"); // already asked: not asked again
    const providerRefundId = (await refundForBooking(booking.id))?.providerRefundId;
    expect(providerRefundId).toBeTruthy();

    const before = fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).length : 0;
    const sent: WebhookPayload[] = [];
    await sendTestWebhook({ kind: "refund", reference: String(providerRefundId) }, async (p) => {
      sent.push(p);
    });
    expect(sent[0]).toMatchObject({
      event: "refund.processed",
      data: { transaction_reference: reference, amount: "525000", currency: "NGN" },
    });
    for (let i = 0; i < 4; i++) expect((await deliver(sent[0])).status).toBe(200);
    expect((await refundForBooking(booking.id))?.status).toBe("processed");
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(525_000);
    const mails = fs.readdirSync(outboxDir()).filter((f) => f.includes("chioma@example.com"));
    expect(mails.length).toBe(1);
    // The client's receipt and the musician's notice (issue 23 §5), each once.
    expect(fs.readdirSync(outboxDir()).length).toBe(before + 2);
    const receipt = fs.readFileSync(`${outboxDir()}/${mails[0]}`, "utf8").replace(/=\r?\n/g, "");
    expect(receipt).toMatch(/Your refund of =E2=82=A65,250\.00 for booking \w+ \(.*\) has been paid back/);
    expect(await findLedgerBreaches()).toEqual([]);

    // A mismatched amount for the same charge changes nothing.
    const wrong = refundEventPayload(
      {
        kind: "refund",
        reference: "x",
        status: "processed",
        amountKobo: 1,
        data: { transaction_reference: reference },
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      "refund.processed",
    );
    expect((await deliver(wrong)).status).toBe(200);
    expect(await findLedgerBreaches()).toEqual([]);
  });
});
