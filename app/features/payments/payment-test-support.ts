// Shared by the payments integration and property tests (never imported by the app).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, onTestFinished } from "vitest";
import { handleChargeSuccess, payPanelFor } from "~/features/payments/checkout.server";
import { type ClientActor, claimCheckoutReturn, readPayerToken } from "~/features/payments/payer.server";
import { paystackSignature, testProviderSecret } from "~/features/payments/paystack/signature.server";
import {
  completeTestCheckout,
  findTestCheckoutByAccessCode,
  type WebhookPayload,
} from "~/features/payments/paystack/test-provider.server";
import { handlePaystackWebhook } from "~/features/payments/paystack/webhook.server";
import { findBookingBySlug } from "~/features/payments/queries.server";
import { clientCancelPreviewFor } from "~/features/refunds/client-cancel.server";
import { findBookingForCancel } from "~/features/refunds/queries.server";
import { cancellationPolicyOf } from "~/features/wallet/wallet.server";
import { addDaysToDate } from "~/lib/lagos-date";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { payerCredentials, payments } from "~db/schema/payments";

/**
 * For this test, the automatic release is due as soon as the payment is credited (RELEASE_AFTER_HOURS
 * = 0): tests of what the job does once due, on events that ended before the test paid (review N2 keeps
 * a full window after our credit, so otherwise nothing would be due for 48 hours).
 */
export function releaseDueOnCredit(): void {
  const hours = env().RELEASE_AFTER_HOURS;
  Object.assign(env(), { RELEASE_AFTER_HOURS: 0 });
  onTestFinished(() => {
    Object.assign(env(), { RELEASE_AFTER_HOURS: hours });
  });
}

/** releaseDueOnCredit for every test of the file that calls it (at its top level). */
export function releaseDueOnCreditInEveryTest(): void {
  let hours = 0;
  beforeEach(() => {
    hours = env().RELEASE_AFTER_HOURS;
    Object.assign(env(), { RELEASE_AFTER_HOURS: 0 });
  });
  afterEach(() => {
    Object.assign(env(), { RELEASE_AFTER_HOURS: hours });
  });
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export function randomSlug(): string {
  return Array.from(randomBytes(8), (b) => ALPHABET[b % 32]).join("");
}

let day = 0;
/** A past date no other test booking of this file uses (musicians cannot be booked twice at once). */
export function pastDate(): string {
  day += 1;
  return addDaysToDate("2024-01-01", day);
}

export async function insertBooking(
  musicianId: string,
  over: Partial<typeof bookingsByMusician.$inferInsert> = {},
): Promise<{ id: string; slug: string }> {
  const [row] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId,
      slug: randomSlug(),
      clientName: "Ada Eze",
      email: "ada@example.com",
      serviceType: "live_band",
      priceKobo: 25_000_000,
      eventType: "wedding",
      eventDate: pastDate(),
      eventStartTime: "14:00",
      eventEndTime: "18:00",
      status: "confirmed",
      ...over,
    })
    .returning({ id: bookingsByMusician.id, slug: bookingsByMusician.slug });
  return row!;
}

export async function bookingRow(id: string) {
  const [row] = await db
    .select({ status: bookingsByMusician.status, paymentStatus: bookingsByMusician.paymentStatus })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.id, id));
  return row;
}

export async function fileDispute(bookingId: string): Promise<void> {
  await db.insert(clientDisputes).values({
    bookingId,
    clientName: "Ada Eze",
    phoneNumber: "08030000000",
    disputeReason: "The band never came",
  });
}

/** Mails in the outbox whose text mentions `needle` (quoted-printable soft line breaks joined). */
export function outboxMails(needle: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(`${dir}/${f}`, "utf8").replace(/=\r?\n/g, ""))
    .filter((m) => m.includes(needle));
}

/** The booking page's money panel for a slug, read as the page's loader reads it. */
export async function payPanelForSlug(slug: string) {
  const booking = await findBookingBySlug(slug);
  return booking ? payPanelFor(booking, await cancellationPolicyOf(booking.musicianId)) : null;
}

/** The booking page's cancel panel for a slug, at a given moment. */
export async function clientCancelPreview(slug: string, now = new Date()) {
  const booking = await findBookingForCancel(slug);
  if (!booking) return null;
  return clientCancelPreviewFor(booking, await cancellationPolicyOf(booking.musicianId), now);
}

/**
 * For a booking inserted as paid without going through checkout: a successful payment row (no ledger
 * posting) and a browser bound to it, i.e. its payer (ADR 0013).
 */
export async function payerOfInsertedBooking(bookingId: string): Promise<ClientActor> {
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId,
      reference: `sbp_test_${randomBytes(6).toString("hex")}`,
      email: "ada@example.com",
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      amountKobo: 26_250_000,
      serviceFeeBp: 500,
      commissionBp: 1000,
      cancellationPolicy: "flexible",
      status: "success",
      provider: "test",
      paidAt: new Date(),
    })
    .returning({ id: payments.id });
  return { userId: null, payerToken: await bindDevice(bookingId, payment!.id) };
}

/**
 * The payer of a booking (ADR 0013), for tests about what the payer's actions do rather than who may
 * take them (payer.integration.test.ts covers that): a browser bound to its successful payment; anyone
 * with the link while it is unpaid.
 */
export async function asPayer(bookingId: string): Promise<ClientActor> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "success")));
  if (!payment) return { userId: null, payerToken: null };
  return { userId: null, payerToken: await bindDevice(bookingId, payment.id) };
}

/** A browser bound to a payment as its payer's (what coming back from the checkout does, ADR 0025). */
async function bindDevice(bookingId: string, paymentId: string): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await db.insert(payerCredentials).values({
    bookingId,
    paymentId,
    kind: "device",
    tokenHash: createHash("sha256").update(secret).digest("base64url"),
  });
  return secret;
}

/** The test checkout an authorization URL names (by its access code, as Paystack's). */
async function checkoutOf(authorizationUrl: string | null) {
  const accessCode = (authorizationUrl ?? "").split("/test-checkout/")[1] ?? "";
  const checkout = await findTestCheckoutByAccessCode(accessCode);
  if (!checkout) throw new Error(`no test checkout at ${authorizationUrl}`);
  return checkout;
}

/**
 * The reference of the checkout an authorization URL names: what the provider (and our server) knows,
 * never the browser that pressed Pay. For tests that drive the webhook or the ledger by reference.
 */
export async function testCheckoutReference(authorizationUrl: string | null): Promise<string> {
  return (await checkoutOf(authorizationUrl)).reference;
}

const creditInProcess = async (p: WebhookPayload) => {
  await handleChargeSuccess(p.data as never);
};

/**
 * The checkout at `authorizationUrl` paid by `browser` (who may or may not be the browser that pressed
 * Pay), with charge.success delivered in-process, and that browser sent back to the callback URL with the
 * return secret, as the provider does (ADR 0025). Answers the reference, the callback path the paying
 * browser was sent to, and the paying browser as the booking's payer.
 */
export async function payTestCheckout(
  authorizationUrl: string,
  browser: ClientActor = { userId: null, payerToken: null },
  organiser = false,
  deliver: (p: WebhookPayload) => Promise<void> = creditInProcess,
): Promise<{ reference: string; returnPath: string; payer: ClientActor }> {
  const checkout = await checkoutOf(authorizationUrl);
  await completeTestCheckout(checkout.reference, deliver);
  const returnPath = new URL(checkout.callbackUrl, "http://x.invalid").pathname;
  const secret = returnPath.split("/payments/callback/")[1] ?? "";
  const slug = await slugOfReference(checkout.reference);
  const cookie = await claimCheckoutReturn(slug, secret, browser, organiser);
  return {
    reference: checkout.reference,
    returnPath: `${returnPath}?trxref=${checkout.reference}&reference=${checkout.reference}`,
    payer: { userId: browser.userId, payerToken: cookie ? readPayerToken(cookie, slug) : null },
  };
}

async function slugOfReference(reference: string): Promise<string> {
  const [row] = await db
    .select({ slug: bookingsByMusician.slug })
    .from(payments)
    .innerJoin(bookingsByMusician, eq(bookingsByMusician.id, payments.bookingId))
    .where(eq(payments.reference, reference));
  return row?.slug ?? "";
}

/** A Paystack webhook, signed as the provider signs it, delivered to our handler: it must be accepted. */
export async function deliverWebhook(payload: unknown): Promise<void> {
  const raw = Buffer.from(JSON.stringify(payload));
  const answer = await handlePaystackWebhook(raw, paystackSignature(raw, testProviderSecret()));
  expect(answer.status).toBe(200);
}
