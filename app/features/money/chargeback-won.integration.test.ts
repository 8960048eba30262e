// Money review 3, M12 (the rest of it): every chargeback outcome goes through the money module's table.
// A won card dispute is the chargebackWon transition (it used to call the release job directly): while
// another card dispute still holds the charge it is refused and nothing moves; once nothing holds a
// release already due, the win releases it in its own transaction, with its money event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, releaseDueOnCredit } from "~/features/payments/payment-test-support";
import { runAutoRelease } from "~/features/payments/release.server";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { fakePaystack } from "../../../tests/support/fake-paystack";
import { peekBookingMoney } from "./booking-money.server";

const fake = fakePaystack();
let restore: () => void;
beforeAll(() => {
  restore = fake.use();
});
afterAll(async () => {
  restore();
  await stopJobs();
});

const PAID = 26_250_000;
const SHARE = 22_500_000;

async function paidBooking(musicianId: string) {
  const booking = await insertBooking(musicianId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = started.authorizationUrl.split("/").pop()!;
  expect(await fake.pay(reference)).toBe(200);
  return { ...booking, reference };
}

async function cardDispute(reference: string, id: string, resolution: string | null) {
  expect(
    await fake.deliver(resolution ? "charge.dispute.resolve" : "charge.dispute.create", {
      id,
      refund_amount: PAID,
      currency: "NGN",
      status: resolution ? "resolved" : "awaiting-merchant-feedback",
      ...(resolution ? { resolution } : {}),
      transaction: { reference, amount: PAID },
    }),
  ).toBe(200);
}

const eventsOf = async (bookingId: string) =>
  (
    await pool().query<{ kind: string; musician: number }>(
      "SELECT kind, (data->'moved'->>'musicianKobo')::int AS musician FROM money_events WHERE booking_id = $1 ORDER BY created_at",
      [bookingId],
    )
  ).rows;

describe("M12: a won card dispute is the table's chargebackWon transition", () => {
  it("won while a second dispute holds: refused, nothing moves; the second won too: the due release goes with it", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    const b = await paidBooking(m.profileId);
    await cardDispute(b.reference, `dsp_a_${b.reference}`, null);
    await cardDispute(b.reference, `dsp_b_${b.reference}`, null);
    // Due, but held by the bank's disputes.
    await runAutoRelease({ bookingId: b.id });
    expect((await peekBookingMoney(b.id))?.phase).toBe("held");

    await cardDispute(b.reference, `dsp_a_${b.reference}`, "declined");
    expect((await peekBookingMoney(b.id))?.phase).toBe("held");
    expect((await eventsOf(b.id)).map((e) => e.kind)).toEqual(["credit"]);

    await cardDispute(b.reference, `dsp_b_${b.reference}`, "declined");
    expect(await peekBookingMoney(b.id)).toMatchObject({ phase: "released", escrowKobo: 0 });
    expect(await eventsOf(b.id)).toEqual([
      { kind: "credit", musician: 0 },
      { kind: "chargebackWon", musician: SHARE },
    ]);
    // Its follow-ups are the release's: the "released" notice, once.
    const notices = await pool().query(
      "SELECT 1 FROM money_notifications WHERE booking_id = $1 AND kind = 'released'",
      [b.id],
    );
    expect(notices.rowCount).toBe(1);
    // Paystack says it again: nothing more.
    await cardDispute(b.reference, `dsp_b_${b.reference}`, "declined");
    expect(await eventsOf(b.id)).toHaveLength(2);
  });

  it("the admin's 'record won' of an unreadable outcome commits with the transition", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    const b = await paidBooking(m.profileId);
    const id = `dsp_u_${b.reference}`;
    await cardDispute(b.reference, id, null);
    await cardDispute(b.reference, id, "unknown-outcome");
    expect((await peekBookingMoney(b.id))?.phase).toBe("held");
    const form = new FormData();
    form.set("intent", "card-dispute-won");
    form.set("disputeId", id);
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: true });
    expect((await eventsOf(b.id)).map((e) => e.kind)).toEqual(["credit", "chargebackWon"]);
    expect((await peekBookingMoney(b.id))?.phase).toBe("released");
    // Recorded once: a second press is refused and moves nothing.
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: false });
    expect(await eventsOf(b.id)).toHaveLength(2);
  });
});
