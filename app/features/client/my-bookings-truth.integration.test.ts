// Issue 23 §4 on My Bookings: each card opens its page; a dispute reads "Disputed"; a cancellation says
// who cancelled, when, the refund of what was paid under which policy, and the refund's status.
import { afterAll, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/features/booking-requests/booking-request.schema";
import { submitBookingRequest } from "~/features/booking-requests/booking-requests.server";
import { giveSlug } from "~/features/bookings/booking-test-support";
import { getPublicBooking } from "~/features/bookings/bookings.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, payTestCheckout } from "~/features/payments/payment-test-support";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { refundForBooking } from "~/features/refunds/refund-test-support";
import { handleRefundEvent } from "~/features/refunds/refunds.server";
import { chooseCancellationPolicy } from "~/features/wallet/wallet.server";
import { addDaysToDate, formatCalendarDate, lagosToday } from "~/lib/lagos-date";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, createOrganiser, testIp } from "../../../tests/support/accounts";
import { listMyBookings } from "./client.server";

afterAll(async () => {
  await stopJobs();
});

async function paidBookingOf(organiser: { userId: string }, musicianProfileId: string, eventDate: string) {
  const booking = await insertBooking(musicianProfileId, {
    clientName: "Chiamaka Okafor",
    clientUserId: organiser.userId,
    eventDate,
  });
  const started = await startCheckout(
    booking.slug,
    { email: "ada@example.com" },
    testIp(),
    null,
    organiser.userId,
  );
  if (!started.ok) throw new Error(started.message);
  // The organiser pays signed in and comes back from the checkout: their account is the payer's (ADR 0025).
  await payTestCheckout(
    started.authorizationUrl,
    { userId: organiser.userId, payerToken: started.payerToken },
    true,
  );
  return booking;
}

describe("My Bookings tells the truth", () => {
  it("cancelled by the organiser: 'You cancelled', the refund of what was paid, its status after Paystack settles", async () => {
    const organiser = await createOrganiser();
    const m = await createMusician();
    await giveSlug(m);
    await chooseCancellationPolicy(m.profileId, "moderate");
    const booking = await paidBookingOf(organiser, m.profileId, addDaysToDate(lagosToday(), 3));
    // The organiser paid signed in: their account is the payer (ADR 0013).
    const payer = { userId: organiser.userId, payerToken: null };
    expect(await cancelBookingAsClient(booking.slug, testIp(), payer)).toMatchObject({ ok: true });

    const today = formatCalendarDate(lagosToday(), "d MMM");
    let card = (await listMyBookings({ id: organiser.userId })).find((b) => b.id === booking.id);
    expect(card).toMatchObject({ href: `/booking/${booking.slug}`, status: "cancelled", disputed: false });
    expect(card?.cancellation).toBe(
      `You cancelled this booking on ${today}. Refund: ₦131,250.00 of ₦262,500.00 (Moderate policy) — on its way to the card or account that paid.`,
    );
    expect(card?.cancellation).not.toContain("musician");
    // The booking page says the same, from what is stored (so after a reload too).
    const page = await getPublicBooking(booking.slug, testIp());
    expect(page.ok && page.booking.money?.cancellation).toBe(card?.cancellation);

    const refund = await refundForBooking(booking.id);
    await handleRefundEvent("refund.processed", {
      transaction_reference: refund!.transactionReference,
      amount: refund!.amountKobo,
      currency: "NGN",
    });
    card = (await listMyBookings({ id: organiser.userId })).find((b) => b.id === booking.id);
    expect(card?.cancellation).toBe(
      `You cancelled this booking on ${today}. Refund: ₦131,250.00 of ₦262,500.00 (Moderate policy) — refunded to the card or account that paid.`,
    );
  });

  it("a dispute shows Disputed; a request opens its private page and its amount is a budget", async () => {
    const organiser = await createOrganiser();
    const m = await createMusician();
    const slug = await giveSlug(m);
    const booking = await paidBookingOf(organiser, m.profileId, addDaysToDate(lagosToday(), 10));
    const filed = await submitDispute(
      booking.slug,
      {
        clientName: "Chiamaka Okafor",
        phoneNumber: "08031234567",
        disputeReason: "The band cancelled on the phone",
      },
      testIp(),
      { userId: organiser.userId, payerToken: null },
    );
    expect(filed.ok).toBe(true);
    const cards = await listMyBookings({ id: organiser.userId });
    expect(cards.find((b) => b.id === booking.id)).toMatchObject({ disputed: true, paymentStatus: "paid" });
    // Accept's question names the fee and the total (phone walk 2), from the payments fee rules.
    expect(cards.find((b) => b.id === booking.id)?.charges).toEqual({
      feeLabel: "Service fee (5%)",
      serviceFeeKobo: 1_250_000,
      totalKobo: 26_250_000,
    });
    // The booking page's "Payment received — ₦262,500.00 held in escrow" reads what was paid.
    const page = await getPublicBooking(booking.slug, testIp());
    expect(page.ok && page.booking.money?.paidKobo).toBe(26_250_000);

    const input = bookingRequestSchema().parse({
      clientName: "Chiamaka Okafor",
      email: organiser.email,
      eventType: "wedding",
      eventDate: addDaysToDate(lagosToday(), 40),
      eventDuration: "3",
      budgetEstimate: "450,000",
    });
    const sent = await submitBookingRequest(slug, input, testIp(), { clientUserId: organiser.userId });
    expect(sent.ok).toBe(true);
    const request = (await listMyBookings({ id: organiser.userId })).find((b) => b.kind === "request");
    expect(request?.href).toMatch(/^\/request\/[A-Za-z0-9_-]{16,}$/);
    expect(request?.amountIsBudget).toBe(true);
  });
});
