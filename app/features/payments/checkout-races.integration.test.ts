// Money review #16: two Pay presses at once open one checkout; a charge whose Paystack fees were
// passed to the customer is compared by requested_amount.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { handleChargeSuccess, startCheckout } from "./checkout.server";
import { payerSecretForForm } from "./payer.server";
import { bookingRow, insertBooking, testCheckoutReference } from "./payment-test-support";
import { completeTestCheckout } from "./paystack/test-provider.server";

afterAll(async () => {
  await stopJobs();
});

describe("checkout races", () => {
  it("two Pay presses at once from one browser make one payment and one checkout; another browser gets its own", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId);
    // The same Pay form sent twice (a double tap, before the first answer set the payer cookie).
    const sameForm = payerSecretForForm(randomUUID());
    const [a, b] = await Promise.all([
      startCheckout(booking.slug, { email: "ada@example.com" }, testIp(), sameForm),
      startCheckout(booking.slug, { email: "ada@example.com" }, testIp(), sameForm),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.authorizationUrl).toBe(a.authorizationUrl);
    const count = async () =>
      (await pool().query("SELECT count(*)::int AS n FROM payments WHERE booking_id = $1", [booking.id]))
        .rows[0].n;
    expect(await count()).toBe(1);
    // Another browser gets a checkout of its own.
    const other = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
    expect(other.ok && other.authorizationUrl).not.toBe(a.authorizationUrl);
    expect(await count()).toBe(2);
  });

  it("a charge with Paystack's fees passed to the customer is credited by its requested_amount", async () => {
    const m = await createMusician();
    const booking = await insertBooking(m.profileId);
    const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = await testCheckoutReference(started.authorizationUrl);
    let outcome: Awaited<ReturnType<typeof handleChargeSuccess>> | undefined;
    await completeTestCheckout(reference, async (p) => {
      const data = p.data as Parameters<typeof handleChargeSuccess>[0];
      // The customer paid our amount plus Paystack's 1.5 % + ₦100 on top.
      outcome = await handleChargeSuccess({
        ...data,
        amount: data.amount + Math.round(data.amount * 0.015) + 10_000,
        requested_amount: data.amount,
      });
    });
    expect(outcome).toBe("credited");
    expect((await bookingRow(booking.id))?.paymentStatus).toBe("paid");
  });
});
