// Money review 3, M4 (issue 35 §1): one "who is the client" rule. Once paid, every client notice and text
// goes to the payer (the e-mail given at Pay, the payer's account and its phone), never to the contact
// the musician typed on the booking.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { insertBooking, outboxMails } from "~/features/payments/payment-test-support";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, createOrganiser } from "../../../tests/support/accounts";
import { bookingAct as act, cookieOf, payCheckoutAt, withCookies } from "../../../tests/support/booking-page";
import { clientOf } from "./client-identity.server";

afterAll(async () => {
  await stopJobs();
});

function mobile() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { typed: `0805${rest}`, e164: `+234805${rest}` };
}

/** The texts queued or sent to a number, by event. */
async function textEvents(e164: string): Promise<string[]> {
  const { rows } = await pool().query<{ event: string }>(
    "SELECT event FROM phone_messages WHERE to_phone = $1 ORDER BY created_at",
    [e164],
  );
  return rows.map((r) => r.event);
}

describe("who is the client (M4)", () => {
  it("before payment the booking's contact; once paid the payer's e-mail, account and phone, for every notice and text", async () => {
    const tag = randomBytes(4).toString("hex");
    const m = await createMusician();
    const typedPhone = mobile(); // what the musician typed as the client's number
    const payerPhone = mobile();
    const payer = await createOrganiser({ phoneNumber: payerPhone.typed });
    const typedEmail = `typed-by-musician-${tag}@example.com`;
    const b = await insertBooking(m.profileId, {
      eventDate: "2099-10-10",
      email: typedEmail,
      phoneNumber: typedPhone.typed,
    });
    expect(await clientOf(b.id)).toEqual({
      paid: false,
      email: typedEmail,
      phone: typedPhone.typed,
      userId: null,
    });

    // The organiser pays signed in, with their own address, and comes back from the checkout.
    const payerEmail = `payer-${tag}@example.com`;
    const pressed = await act(b.slug, { intent: "pay", email: payerEmail }, payer);
    const { returned } = await payCheckoutAt(pressed.location, withCookies(payer.cookie, cookieOf(pressed)));
    expect(await clientOf(b.id)).toMatchObject({ paid: true, email: payerEmail, userId: payer.userId });

    // The payer cancels: the cancellation and refund notices and texts reach the payer only.
    const cancelled = await act(
      b.slug,
      { intent: "client-cancel", confirm: "yes" },
      withCookies(cookieOf(returned)),
    );
    expect(cancelled.status).toBe(200);
    const mails = outboxMails(b.slug);
    expect(mails.some((mail) => mail.includes(`To: ${payerEmail}`) && mail.includes("cancel"))).toBe(true);
    expect(mails.filter((mail) => mail.includes(`To: ${typedEmail}`))).toEqual([]);
    expect(await textEvents(typedPhone.e164)).toEqual([]);
    expect(await textEvents(payerPhone.e164)).toEqual(expect.arrayContaining(["cancelled"]));
  });

  it("paid signed out: the e-mail given at Pay, and no number the musician typed", async () => {
    const tag = randomBytes(4).toString("hex");
    const m = await createMusician();
    const typedPhone = mobile();
    const b = await insertBooking(m.profileId, {
      eventDate: "2099-10-11",
      email: `typed-${tag}@example.com`,
      phoneNumber: typedPhone.typed,
    });
    const pressed = await act(b.slug, { intent: "pay", email: `paid-${tag}@example.com` });
    await payCheckoutAt(pressed.location, withCookies(cookieOf(pressed)));
    expect(await clientOf(b.id)).toEqual({
      paid: true,
      email: `paid-${tag}@example.com`,
      phone: null,
      userId: null,
    });
    expect(await textEvents(typedPhone.e164)).toEqual([]);
  });
});
