// Money review 3, M3 (issue 35 §1): a complaint filed while the booking was pending is settled by
// confirming (at the latest by paying). Once paid, the payer is offered "Report a problem" whenever money
// is held, and the page says "Disputed" only when a dispute holds money.
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { insertBooking } from "~/features/payments/payment-test-support";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { createMusician } from "../../../tests/support/accounts";
import {
  bookingAct as act,
  cookieOf,
  bookingPage as page,
  payCheckoutAt,
  withCookies,
} from "../../../tests/support/booking-page";

afterAll(async () => {
  await stopJobs();
});

const complaint = {
  intent: "dispute",
  clientName: "Ada Eze",
  phoneNumber: "08031234567",
  disputeReason: "The price is not what we agreed.",
};

const openDisputes = (bookingId: string) =>
  db
    .select({ id: clientDisputes.id, resolution: clientDisputes.resolution })
    .from(clientDisputes)
    .where(and(eq(clientDisputes.bookingId, bookingId), isNull(clientDisputes.resolvedAt)));

describe("a complaint from before payment (M3)", () => {
  it("is settled by confirming; once paid the payer may report a problem, and only that dispute says Disputed and holds the money", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { status: "pending", eventDate: "2099-11-11" });
    expect((await act(b.slug, complaint)).status).toBe(200);
    expect(await openDisputes(b.id)).toHaveLength(1);
    expect((await act(b.slug, { intent: "confirm" })).status).toBe(200);
    expect(await openDisputes(b.id)).toEqual([]);

    const pressed = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    const { returned } = await payCheckoutAt(pressed.location, withCookies(cookieOf(pressed)));
    const payer = withCookies(cookieOf(returned));
    const paid = (await page(b.slug, payer)).body;
    expect(paid.booking).toMatchObject({ disputed: false, moneyHeld: true });
    expect(paid.payment).toMatchObject({ state: "paid", onHold: false });

    // "Report a problem" works for the payer while money is held, and now holds it.
    expect((await act(b.slug, complaint, payer)).status).toBe(200);
    expect((await peekBookingMoney(b.id))?.holds.clientDispute).toBe(true);
    expect((await page(b.slug, payer)).body.booking.disputed).toBe(true);
  });

  it("a complaint still open when the payment is credited is settled by paying: it never holds the money", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { status: "pending", eventDate: "2099-11-12" });
    expect((await act(b.slug, complaint)).status).toBe(200);
    // Confirmed some other way than the two confirm buttons (as the money review's sequence had it).
    await db.update(bookingsByMusician).set({ status: "confirmed" }).where(eq(bookingsByMusician.id, b.id));
    const pressed = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    const { returned } = await payCheckoutAt(pressed.location, withCookies(cookieOf(pressed)));
    expect(await openDisputes(b.id)).toEqual([]);
    const view = (await page(b.slug, withCookies(cookieOf(returned)))).body;
    expect(view.booking.disputed).toBe(false);
    expect((await peekBookingMoney(b.id))?.openDisputeId).toBeNull();
  });
});
