// Issue 35 (M4's last gap): a payer who paid signed out and gave no phone of their own gets no money texts
// (never the number the musician typed), so every money event's client side reaches them by e-mail, at the
// address given at Pay: the receipt (with when the payment is released), the "your event is over"
// reminder the texts send, a dispute and its outcome, a refund, a release, a cancellation.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { submitDispute } from "~/features/disputes/disputes.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import {
  insertBooking,
  outboxMails,
  payTestCheckout,
  releaseDueOnCredit,
} from "~/features/payments/payment-test-support";
import { runAutoRelease } from "~/features/payments/release.server";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { refundForBooking } from "~/features/refunds/refund-test-support";
import { handleRefundEvent } from "~/features/refunds/refunds.server";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { RELEASE_DUE_MAIL_JOB, sendReleaseDueMail } from "./money-notifications.server";
import { mailsTo } from "./notice-test-support";

afterAll(async () => {
  await stopJobs();
});

const TYPED_PHONE = "08031112222";

/**
 * A booking the musician typed with their own idea of the client's e-mail and phone, paid on the test
 * checkout by someone signed out who gave another address and no phone.
 */
async function paidBySignedOutPayer(eventDate: string) {
  const m = await createMusician();
  const typed = `typed-${randomBytes(4).toString("hex")}@example.com`;
  const payerEmail = `payer-${randomBytes(4).toString("hex")}@example.com`;
  const booking = await insertBooking(m.profileId, { email: typed, phoneNumber: TYPED_PHONE, eventDate });
  const started = await startCheckout(booking.slug, { email: payerEmail }, testIp());
  if (!started.ok) throw new Error(started.message);
  const { payer } = await payTestCheckout(
    started.authorizationUrl,
    { userId: null, payerToken: started.payerToken },
    false,
    async (p) => {
      await handleChargeSuccess(p.data as never);
    },
  );
  return { m, booking, typed, payerEmail, payer };
}

/** Client-side texts of a booking (to anyone). */
async function clientTexts(bookingId: string) {
  const { rows } = await pool().query<{ event: string; to_phone: string }>(
    "SELECT event, to_phone FROM phone_messages WHERE booking_id = $1 AND side = 'client'",
    [bookingId],
  );
  return rows;
}

const subjects = (address: string) => mailsTo(address).map((m) => m.subject);

describe("a signed-out payer with no phone is told every money event by e-mail", () => {
  it("paid, the event over, disputed, resolved and refunded: each at the address given at Pay", async () => {
    const w = await paidBySignedOutPayer("2027-02-10");
    // The receipt (with the contract attached) to the payer's address, saying when the money is released.
    const receipts = outboxMails("We have received your payment").filter((m) =>
      m.includes(`/booking/${w.booking.slug}`),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain(`To: ${w.payerEmail}`);
    expect(receipts[0]).toMatch(
      /held in escrow and released to the musician on .*2027.*unless you report a/s,
    );

    // The texts would remind them when the event is over; with no phone, the same reminder is mailed.
    const { rows: jobs } = await pool().query<{ data: { bookingId: string }; start_after: Date }>(
      "SELECT data, start_after FROM pgboss.job WHERE name = $1 AND data->>'bookingId' = $2",
      [RELEASE_DUE_MAIL_JOB, w.booking.id],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.start_after.toISOString().slice(0, 10)).toBe("2027-02-10");
    expect(await sendReleaseDueMail(jobs[0]!.data)).toBe("sent");
    const reminder = mailsTo(w.payerEmail).find((m) => m.subject.startsWith("Your event with"));
    expect(reminder?.text).toMatch(/is released to them on .* unless you report a problem/);
    expect(reminder?.text).toContain(`/booking/${w.booking.slug}`);

    const filed = await submitDispute(
      w.booking.slug,
      { clientName: "Ada Eze", phoneNumber: "08030000000", disputeReason: "They left after an hour" },
      testIp(),
      w.payer,
    );
    expect(filed.ok).toBe(true);
    // Once a dispute holds the payment, the reminder (say a redelivered job) says nothing.
    expect(await sendReleaseDueMail(jobs[0]!.data)).toBe("skipped");

    const form = new FormData();
    form.set("intent", "refund");
    form.set("bookingId", w.booking.id);
    expect(await adminPaymentsAction(form)).toMatchObject({ ok: true });
    const refund = await refundForBooking(w.booking.id);
    await handleRefundEvent("refund.processed", {
      transaction_reference: refund!.transactionReference,
      amount: refund!.amountKobo,
      currency: "NGN",
    });

    const told = subjects(w.payerEmail);
    expect(told.some((s) => s.startsWith("We received your dispute"))).toBe(true);
    expect(told.some((s) => s.startsWith("Your dispute on"))).toBe(true);
    expect(told.some((s) => s.startsWith("Refund of"))).toBe(true);
    // Never the musician's idea of the client: no mail to the typed address, no text to the typed phone.
    expect(mailsTo(w.typed)).toEqual([]);
    expect(await clientTexts(w.booking.id)).toEqual([]);
  });

  it("released by the clock, and another cancelled by the payer: both told by e-mail", async () => {
    releaseDueOnCredit();
    const released = await paidBySignedOutPayer("2024-03-02");
    await runAutoRelease({ bookingId: released.booking.id });
    expect(subjects(released.payerEmail).some((s) => s.startsWith("Payment for"))).toBe(true);
    // An event already over: no reminder to queue, the receipt says when it is released.
    const { rowCount } = await pool().query(
      "SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'bookingId' = $2",
      [RELEASE_DUE_MAIL_JOB, released.booking.id],
    );
    expect(rowCount).toBe(0);

    const cancelled = await paidBySignedOutPayer("2027-03-20");
    expect(await cancelBookingAsClient(cancelled.booking.slug, testIp(), cancelled.payer)).toMatchObject({
      ok: true,
    });
    expect(subjects(cancelled.payerEmail).some((s) => s.startsWith("You cancelled"))).toBe(true);

    for (const w of [released, cancelled]) {
      expect(mailsTo(w.typed)).toEqual([]);
      expect(await clientTexts(w.booking.id)).toEqual([]);
    }
  });
});
