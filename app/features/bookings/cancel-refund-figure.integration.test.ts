// The musician's Cancel on a paid booking names what the client gets back: what escrow holds, read from
// the money module (what startRefundOnMusicianCancel refunds).
import { afterAll, describe, expect, it } from "vitest";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { formatNaira } from "~/lib/money";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { getPublicBooking, listOwnBookings } from "./bookings.server";
import { cancelOwnBooking } from "./cancel-own-booking.server";
import { cancelDescription } from "./components/all-bookings-page";

afterAll(async () => {
  await stopJobs();
});

describe("the musician's Cancel question names the refund", () => {
  it("a paid booking: the client gets back what escrow holds; an unpaid one: nothing", async () => {
    const m = await createMusician();
    const paid = await insertBooking(m.profileId);
    const unpaid = await insertBooking(m.profileId);
    const started = await startCheckout(paid.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = await testCheckoutReference(started.authorizationUrl);
    await completeTestCheckout(reference, async (p) => {
      await handleChargeSuccess(p.data as never);
    });

    const own = await listOwnBookings({ id: m.profileId });
    const row = own.find((b) => b.id === paid.id)!;
    const money = await peekBookingMoney(paid.id);
    expect(money?.held).toBe(true);
    expect(row.cancelRefundKobo).toBe(money?.escrowKobo);
    expect(row.cancelRefundKobo).toBe(26_250_000);
    expect(cancelDescription(row)).toContain(
      `refunded in full: ${formatNaira(26_250_000)}, everything they paid`,
    );
    expect(own.find((b) => b.id === unpaid.id)?.cancelRefundKobo).toBe(0);
  });
});

describe("the musician's reason for cancelling (phone walk 3)", () => {
  it("reaches the client's page masked, with the way back to Find Musicians", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { eventDate: "2099-12-10" });
    const done = await cancelOwnBooking(
      { id: m.profileId },
      b.id,
      "  Our drummer is in hospital that week, sorry. Call me on 0803 123 4567  ",
    );
    expect(done.ok).toBe(true);
    const page = await getPublicBooking(b.slug, testIp());
    if (!page.ok) throw new Error(page.message);
    expect(page.booking.cancelledByMusician).toBe(true);
    expect(page.booking.cancelReason).toMatch(/^Our drummer is in hospital that week, sorry\. Call me on /);
    expect(page.booking.cancelReason).not.toContain("0803 123 4567");

    const without = await insertBooking(m.profileId, { eventDate: "2099-12-11" });
    await cancelOwnBooking({ id: m.profileId }, without.id, "   ");
    const plain = await getPublicBooking(without.slug, testIp());
    if (!plain.ok) throw new Error(plain.message);
    expect(plain.booking).toMatchObject({ cancelledByMusician: true, cancelReason: null });
  });
});
