// Issue 10 item 7: the musician's cancellation policy (chosen on /profile, shown to organisers) and the
// client's cancellation from /booking/{slug}, refunded through the provider and the ledger.
import { afterAll, describe, expect, it } from "vitest";
import { answer, args, get, giveSlug, post } from "~/features/bookings/booking-test-support";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import type { CancellationPolicy } from "~/features/money/cancellation-policy";
import { startCheckout } from "~/features/payments/checkout.server";
import type { ClientActor } from "~/features/payments/payer.server";
import {
  bookingRow,
  clientCancelPreview,
  fileDispute,
  insertBooking,
  outboxMails,
  payPanelForSlug,
  payTestCheckout,
} from "~/features/payments/payment-test-support";
import { releaseEscrow, runAutoRelease } from "~/features/payments/release.server";
import { cancellationPolicyOf, chooseCancellationPolicy } from "~/features/wallet/wallet.server";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { loader as publicProfileLoader } from "~/routes/musician-profile";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { CLIENT_CANCEL_MESSAGES, cancelBookingAsClient } from "./client-cancel.server";
import { refundForBooking } from "./refund-test-support";

afterAll(async () => {
  await stopJobs();
});

const DAY = 86_400_000;
// 2099-05-05 14:00 in Lagos.
const START = new Date("2099-05-05T13:00:00.000Z");
const daysBefore = (d: number) => new Date(START.getTime() - d * DAY);

/** A ₦250,000 booking (₦262,500 with the 5% fee) paid on the test checkout, under `policy`. */
async function paidBooking(policy: CancellationPolicy, email = "cancel@example.com") {
  const m = await createMusician();
  await chooseCancellationPolicy(m.profileId, policy);
  const booking = await insertBooking(m.profileId, {
    email,
    eventDate: "2099-05-05",
    eventStartTime: "14:00",
  });
  const started = await startCheckout(booking.slug, { email }, testIp());
  if (!started.ok) throw new Error(started.message);
  // The browser that pressed Pay completes the checkout and comes back as the payer (ADR 0025).
  const { payer } = await payTestCheckout(started.authorizationUrl, {
    userId: null,
    payerToken: started.payerToken,
  });
  return { musician: m, booking, payer };
}
const anyone: ClientActor = { userId: null, payerToken: null };

describe("the musician's cancellation policy on their profile", () => {
  it("is Flexible until chosen; the Account tab saves a choice, refuses anything else, and organisers see it", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const editor = await answer(() => profileLoader(args(get(m, "/profile?tab=account"))));
    expect(editor.body.cancellationPolicy).toBe("flexible");

    const saved = await answer(() =>
      profileAction(
        args(
          post(m, "/profile?tab=account", { intent: "cancellation-policy", cancellationPolicy: "strict" }),
        ),
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.toast.message).toBe("Cancellation policy set to Strict");
    expect(await cancellationPolicyOf(m.profileId)).toBe("strict");

    const bad = await answer(() =>
      profileAction(
        args(post(m, "/profile?tab=account", { intent: "cancellation-policy", cancellationPolicy: "none" })),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cancellationPolicy).toBe("Choose Flexible, Moderate or Strict");
    expect(await cancellationPolicyOf(m.profileId)).toBe("strict");

    // Signed out, the editor's action answers with a redirect to the login page, never a save.
    const anonymous = await answer(() =>
      profileAction(
        args(
          post(null, "/profile?tab=account", {
            intent: "cancellation-policy",
            cancellationPolicy: "flexible",
          }),
        ),
      ),
    );
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(await cancellationPolicyOf(m.profileId)).toBe("strict");

    const profile = await answer(() => publicProfileLoader(args(get(null, `/musicians/${slug}`), { slug })));
    expect(profile.body.cancellationPolicy).toBe("strict");
  });

  it("is on the pay panel before paying and in the booking page's cancel panel", async () => {
    const m = await createMusician();
    await chooseCancellationPolicy(m.profileId, "moderate");
    const booking = await insertBooking(m.profileId, { eventDate: "2099-05-05" });
    expect((await payPanelForSlug(booking.slug))?.policy).toBe("moderate");
    const page = await answer(() =>
      bookingLoader(args(get(null, `/booking/${booking.slug}`), { slug: booking.slug })),
    );
    expect(page.body.cancel).toMatchObject({
      policy: "moderate",
      canCancel: true,
      paid: false,
      refundKobo: 0,
    });
  });
});

describe("a client cancelling from /booking/{slug}", () => {
  it("Moderate, 3 days before: half is refunded through the provider, the rest shared as a release", async () => {
    const { booking, musician, payer } = await paidBooking("moderate", "moderate@example.com");
    expect(await clientCancelPreview(booking.slug, daysBefore(3))).toMatchObject({
      canCancel: true,
      paid: true,
      paidKobo: 26_250_000,
      refundKobo: 13_125_000,
    });
    const result = await cancelBookingAsClient(booking.slug, testIp(), payer, daysBefore(3));
    expect(result).toEqual({
      ok: true,
      refundKobo: 13_125_000,
      message: "Booking cancelled. A refund of ₦131,250.00 is on its way to you.",
    });
    expect(await bookingRow(booking.id)).toEqual({
      status: "cancelled",
      paymentStatus: "partially_refunded",
    });
    expect(await refundForBooking(booking.id)).toMatchObject({
      amountKobo: 13_125_000,
      reason: "client_cancelled",
      status: "pending",
    });
    // The provider was asked (it answered with a refund id); the kept half went to the musician.
    expect((await refundForBooking(booking.id))?.providerRefundId).toBeTruthy();
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(13_125_000);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(11_250_000);
    expect(outboxMails(`cancelled the booking ${booking.slug}`).length).toBe(1);
    expect(await findLedgerBreaches()).toEqual([]);

    // Nothing else moves: not the clock, not the client, not a second cancel.
    await runAutoRelease({ bookingId: booking.id });
    expect((await releaseEscrow(booking.id, "client", payer)).ok).toBe(false);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(11_250_000);
    expect(await cancelBookingAsClient(booking.slug, testIp(), payer, daysBefore(3))).toEqual({
      ok: false,
      status: 409,
      message: CLIENT_CANCEL_MESSAGES.notCancellable,
    });
    expect((await payPanelForSlug(booking.slug))?.cancelled).toBe(true);
  });

  it("Flexible, exactly 24 hours before: a full refund, nothing to the musician", async () => {
    const { booking, musician, payer } = await paidBooking("flexible");
    const result = await cancelBookingAsClient(booking.slug, testIp(), payer, daysBefore(1));
    expect(result).toMatchObject({ ok: true, refundKobo: 26_250_000 });
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    expect(await accountBalanceKobo(refundsPendingAccount(booking.id))).toBe(26_250_000);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(0);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("Strict, inside 14 days: no refund; the payment goes to the musician as a release would", async () => {
    const { booking, musician, payer } = await paidBooking("strict");
    const result = await cancelBookingAsClient(booking.slug, testIp(), payer, daysBefore(13));
    expect(result).toEqual({
      ok: true,
      refundKobo: 0,
      message: "Booking cancelled. Under the musician's Strict policy no refund is due.",
    });
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "released" });
    expect(await refundForBooking(booking.id)).toBeUndefined();
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await accountBalanceKobo(musicianPayableAccount(musician.profileId))).toBe(22_500_000);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("an unpaid booking is simply cancelled", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, { eventDate: "2099-05-05", status: "pending" });
    expect(await cancelBookingAsClient(booking.slug, testIp(), anyone, daysBefore(1))).toEqual({
      ok: true,
      refundKobo: 0,
      message: "Booking cancelled. It can be undone from this page for 24 hours.",
    });
    expect(await bookingRow(booking.id)).toEqual({ status: "cancelled", paymentStatus: "unpaid" });
  });

  it("refuses once the event has started, while a dispute is open, and for an unknown link", async () => {
    const { booking, payer } = await paidBooking("moderate");
    expect(await cancelBookingAsClient(booking.slug, testIp(), payer, START)).toEqual({
      ok: false,
      status: 409,
      message: CLIENT_CANCEL_MESSAGES.started,
    });
    await fileDispute(booking.id);
    expect(await cancelBookingAsClient(booking.slug, testIp(), payer, daysBefore(3))).toEqual({
      ok: false,
      status: 409,
      message: CLIENT_CANCEL_MESSAGES.disputed,
    });
    expect(await bookingRow(booking.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect((await cancelBookingAsClient("zzzzzzzz", testIp(), anyone)).ok).toBe(false);
  });

  it("the booking page's client-cancel intent needs the confirmation, then cancels", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId, { eventDate: "2099-05-05" });
    const send = (form: Record<string, string>) =>
      answer(() =>
        bookingAction(args(post(null, `/booking/${booking.slug}`, form), { slug: booking.slug }, testIp())),
      );
    const unconfirmed = await send({ intent: "client-cancel" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.toast.message).toBe("Confirm that you want to cancel this booking.");
    expect((await bookingRow(booking.id))?.status).toBe("confirmed");
    const done = await send({ intent: "client-cancel", confirm: "yes" });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ intent: "client-cancel", ok: true });
    expect((await bookingRow(booking.id))?.status).toBe("cancelled");
    expect((await send({ intent: "client-cancel", confirm: "yes" })).status).toBe(409);
  });
});
