// Issue 30 §2: each booking and money event reaches each side's phone once, naming the booking (event,
// date, the other side) with its link, never the other side's phone or e-mail; money figures are the
// ones the e-mail notices use. The stand-in's phone-outbox is read as the person's phone.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { sendRequestAnswerMail } from "~/features/booking-requests/booking-requests.server";
import { answer, args, giveSlug, post, validBooking } from "~/features/bookings/booking-test-support";
import { confirmPublicBooking, createBooking } from "~/features/bookings/bookings.server";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { submitDispute } from "~/features/disputes/disputes.server";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, payTestCheckout } from "~/features/payments/payment-test-support";
import { releaseEscrow } from "~/features/payments/release.server";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { refundForBooking } from "~/features/refunds/refund-test-support";
import { handleRefundEvent } from "~/features/refunds/refunds.server";
import { sendReviewReminder } from "~/features/reviews/review-jobs.server";
import { openReviewWindow } from "~/features/reviews/reviews.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { listPayouts } from "~/features/wallet/queries.server";
import {
  handleTransferEvent,
  PAYOUT_ACCOUNT_HOLD_MS,
  requestWithdrawal,
  saveOwnBankAccount,
} from "~/features/wallet/wallet.server";
import { addDaysToDate, formatCalendarDate, lagosToday } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as requestAction } from "~/routes/booking-request";
import { action as requestsAction } from "~/routes/musician-booking-requests";
import { action as statusAction } from "~/routes/request-status";
import { loader as shortLinkLoader } from "~/routes/short-link";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { SEND_MAIL_JOB } from "~/server/mail/mail-queue.server";
import { bookingRequests } from "~db/schema/bookings";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { sendPhoneMessage } from "./phone-messages.server";
import { phoneOutbox } from "./phone-test-support";
import { shortDate } from "./phone-texts";

afterAll(async () => {
  await stopJobs();
});

const origin = process.env.ORIGIN ?? "";

function mobile() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { typed: `0805 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+234805${rest}` };
}

/** Sends what is queued for this number (at its time: quiet hours are tested elsewhere); its texts. */
async function phoneOf(e164: string): Promise<{ event: string; text: string }[]> {
  const { rows } = await pool().query<{ id: string; send_after: Date }>(
    "SELECT id, send_after FROM phone_messages WHERE to_phone = $1 AND status = 'queued' ORDER BY created_at",
    [e164],
  );
  for (const r of rows)
    await sendPhoneMessage({ id: r.id }, new Date(Math.max(Date.now(), r.send_after.getTime())));
  return Promise.all(
    phoneOutbox(e164).map(async ({ event, text }) => ({ event, text: await unshort(text) })),
  );
}

/** An SMS's short links (/s/{code}) as the pages they open: the tests below name those pages. */
async function unshort(text: string): Promise<string> {
  const codes = [...text.matchAll(/\/s\/([A-Za-z0-9]{8})\b/g)].map((m) => m[1]!);
  let out = text;
  for (const code of codes) {
    const target = (
      await pool().query<{ target: string }>("SELECT target FROM short_links WHERE code = $1", [code])
    ).rows[0]?.target;
    expect(target, `short link ${code} is not stored`).toBeTruthy();
    out = out.replace(`/s/${code}`, target!);
  }
  return out;
}
const textsOf = async (e164: string, event: string) =>
  (await phoneOf(e164)).filter((m) => m.event === event).map((m) => m.text);

async function musicianWithPhone() {
  const m = await createMusician({ firstName: "Tunde", lastName: "Adeyemi" });
  const slug = await giveSlug(m);
  const phone = mobile();
  await pool().query(
    "UPDATE musician_profiles SET stage_name = 'Tunde Sax', phone_number = $2 WHERE id = $1",
    [m.profileId, phone.typed.replace(/ /g, "")],
  );
  return { m, slug, phone };
}

/**
 * Tunde Sax's ₦250,000 wedding for Chiamaka Okafor, made from her request (so the number is one she gave,
 * which the money module's client rule keeps once paid, M4), paid ₦262,500 on the test checkout.
 */
async function paidWedding(over: { eventDate?: string } = {}) {
  const { m, slug, phone } = await musicianWithPhone();
  const client = mobile();
  const email = `chiamaka-${randomBytes(3).toString("hex")}@example.com`;
  const [request] = await db
    .insert(bookingRequests)
    .values({
      musicianId: m.profileId,
      clientName: "Chiamaka Okafor",
      email,
      phoneNumber: client.typed,
      eventType: "wedding",
      eventDuration: "4 hours",
      status: "accepted",
    })
    .returning({ id: bookingRequests.id });
  const booking = await insertBooking(m.profileId, {
    clientName: "Chiamaka Okafor",
    email,
    phoneNumber: client.typed,
    requestId: request!.id,
    ...(over.eventDate ? { eventDate: over.eventDate } : {}),
  });
  const started = await startCheckout(booking.slug, { email }, testIp());
  if (!started.ok) throw new Error(started.message);
  // The browser that pressed Pay completes the checkout and comes back as the payer (ADR 0025).
  const { payer } = await payTestCheckout(started.authorizationUrl, {
    userId: null,
    payerToken: started.payerToken,
  });
  const [row] = (
    await pool().query<{ d: string }>(
      "SELECT to_char(event_date, 'YYYY-MM-DD') AS d FROM bookings_by_musician WHERE id = $1",
      [booking.id],
    )
  ).rows;
  const date = formatCalendarDate(row!.d, "d MMM yyyy");
  const link = `${origin}/booking/${booking.slug}`;
  return {
    m,
    slug,
    phone,
    client,
    booking,
    date,
    link,
    payer,
  };
}

/** No text carries the other side's number or e-mail. */
function noContacts(texts: string[], ...contacts: string[]) {
  for (const t of texts) for (const c of contacts) expect(t).not.toContain(c);
}

describe("booking events", () => {
  const form = {
    clientName: "Kemi Bello",
    email: "",
    phoneNumber: "",
    eventType: "birthday",
    eventTypeOther: "",
    location: "Ikeja, Lagos",
    eventDate: "2099-05-01",
    eventDuration: "4",
    budgetEstimate: "150000",
    additionalDetails: "",
  };

  /** Kemi Bello sends the musician a request from her phone; the stored request. */
  async function requestFromKemi(musicianId: string, slug: string) {
    const kemi = mobile();
    const sent = await answer(() =>
      requestAction(
        args(
          post(null, `/musicians/${slug}/request`, { ...form, phoneNumber: kemi.typed }),
          { slug },
          testIp(),
        ),
      ),
    );
    expect(sent.status).toBe(200);
    const [req] = await db.select().from(bookingRequests).where(eq(bookingRequests.musicianId, musicianId));
    return { kemi, req };
  }

  it("a new request, the requester's answer, and the musician's accept or decline", async () => {
    const { m, slug, phone } = await musicianWithPhone();
    const { kemi, req } = await requestFromKemi(m.profileId, slug);
    expect(await textsOf(phone.e164, "request_received")).toEqual([
      `New booking request from Kemi Bello for Birthday, 1 May 2099. Accept or decline: ${origin}/musician_bookingrequests/${slug}#r-${req!.id.slice(0, 8)}`,
    ]);
    // The e-mail says what and when, and opens the request itself (phone walk 3, POLISH 2).
    const { rows: mails } = await pool().query<{ data: { subject: string; text: string } }>(
      "SELECT data FROM pgboss.job WHERE name = $1",
      [SEND_MAIL_JOB],
    );
    const mail = mails.find((r) => r.data.subject === "New booking request from Kemi Bello")?.data;
    expect(mail?.text).toMatch(/for Birthday, on Fri, 1 May 2099\. Open it in your Booking Requests/);
    expect(mail?.text).toContain(`${origin}/musician_bookingrequests/${slug}#r-${req!.id.slice(0, 8)}`);
    await answer(() =>
      statusAction(
        args(
          post(null, `/request/${req!.statusToken}`, { intent: "reply", body: "Can you do 6pm?" }),
          { token: req!.statusToken },
          testIp(),
        ),
      ),
    );
    expect(await textsOf(phone.e164, "request_reply")).toEqual([
      `Kemi Bello answered you about Birthday, 1 May 2099. Read it: ${origin}/musician_bookingrequests/${slug}#r-${req!.id.slice(0, 8)}`,
    ]);
    noContacts(await textsOf(phone.e164, "request_reply"), kemi.typed, kemi.e164);

    await pool().query("UPDATE booking_requests SET status = 'declined', answered_at = now() WHERE id = $1", [
      req!.id,
    ]);
    const { rows } = await pool().query<{ answered_at: Date }>(
      "SELECT answered_at FROM booking_requests WHERE id = $1",
      [req!.id],
    );
    const job = {
      requestId: req!.id,
      status: "declined" as const,
      answeredAt: rows[0]!.answered_at.toISOString(),
    };
    await sendRequestAnswerMail(job);
    await sendRequestAnswerMail(job);
    expect(await textsOf(kemi.e164, "request_declined")).toEqual([
      `Tunde Sax declined your request for Birthday, 1 May 2099. Find another musician: ${origin}/market`,
    ]);
  });

  it("a band's whole name next to a request's link: the SMS carries a short link that opens the request (CONFUSING 7)", async () => {
    const { m, slug } = await musicianWithPhone();
    await pool().query("UPDATE musician_profiles SET stage_name = 'Tunde & The Eko Groove' WHERE id = $1", [
      m.profileId,
    ]);
    const { kemi, req } = await requestFromKemi(m.profileId, slug);
    const replied = await answer(() =>
      requestsAction(
        args(
          post(m, `/musician_bookingrequests/${slug}`, {
            intent: "reply",
            requestId: req!.id,
            body: "Yes, we can play. Is 6pm fine?",
          }),
          { slug },
        ),
      ),
    );
    expect(replied.status).toBe(200);
    await phoneOf(kemi.e164);
    const [sent] = phoneOutbox(kemi.e164)
      .filter((t) => t.event === "musician_replied")
      .map((t) => t.text);
    const code = /\/s\/([A-Za-z0-9]{8})$/.exec(sent ?? "")?.[1];
    expect(sent).toBe(
      `Tunde & The Eko Groove replied to your request for Birthday, 1 May 2099: ${origin}/s/${code}`,
    );
    const opened = await shortLinkLoader({ params: { code: code! } } as never);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/request/${req!.statusToken}`);
  });

  it("the musician's reply and accept reach the organiser, with the request's and the booking's links", async () => {
    const { m, slug } = await musicianWithPhone();
    const { kemi, req } = await requestFromKemi(m.profileId, slug);
    const replied = await answer(() =>
      requestsAction(
        args(
          post(m, `/musician_bookingrequests/${slug}`, {
            intent: "reply",
            requestId: req!.id,
            body: "Yes, I can play. Is 6pm fine?",
          }),
          { slug },
        ),
      ),
    );
    expect(replied.status).toBe(200);
    expect(await textsOf(kemi.e164, "musician_replied")).toEqual([
      `Tunde Sax replied to your request for Birthday, 1 May 2099: ${origin}/request/${req!.statusToken}`,
    ]);

    const made = await answer(() =>
      createAction(
        args(
          post(m, "/api/bookings", {
            ...validBooking,
            clientName: "Kemi Bello",
            phoneNumber: "",
            email: "",
            eventType: "Birthday",
            eventDate: "2099-05-01",
            requestId: req!.id,
          }),
        ),
      ),
    );
    expect(made.status).toBe(200);
    const { rows } = await pool().query<{ answered_at: Date; status: string }>(
      "SELECT answered_at, status FROM booking_requests WHERE id = $1",
      [req!.id],
    );
    expect(rows[0]!.status).toBe("accepted");
    await sendRequestAnswerMail({
      requestId: req!.id,
      status: "accepted",
      answeredAt: rows[0]!.answered_at.toISOString(),
    });
    expect(await textsOf(kemi.e164, "request_accepted")).toEqual([
      `Tunde Sax accepted your request for Birthday, 1 May 2099. Review and confirm: ${origin}/booking/${made.body.slug}`,
    ]);
  });

  it("a booking the musician made for an organiser, and the organiser confirming it", async () => {
    const { m, phone } = await musicianWithPhone();
    const profile = (await getOwnProfile(m.userId))!;
    const ada = mobile();
    const made = await createBooking(profile, {
      clientName: "Ada Eze",
      email: null,
      phoneNumber: ada.typed,
      serviceType: "live_band",
      serviceTypeOther: null,
      priceKobo: 9_000_000,
      eventType: "wedding",
      eventTypeOther: null,
      location: "Lekki",
      eventDate: "2099-06-06",
      eventStartTime: "14:00",
      eventEndTime: "18:00",
      additionalDetails: null,
    } as never);
    if (!made.ok) throw new Error(made.message);
    // What she will pay, the 5% service fee included (phone walk 3: the price alone).
    expect(await textsOf(ada.e164, "booking_created")).toEqual([
      `Tunde Sax made a booking for you: Wedding, 6 Jun 2099, NGN 94,500 incl. fee. Review and confirm: ${origin}/booking/${made.slug}`,
    ]);
    // A booking for an event already over says so.
    const bisi = mobile();
    const past = await createBooking(
      profile,
      {
        clientName: "Bisi Lawal",
        email: null,
        phoneNumber: bisi.typed,
        serviceType: "live_band",
        serviceTypeOther: null,
        priceKobo: 20_000_000,
        eventType: "birthday",
        eventTypeOther: null,
        location: "Ikeja",
        eventDate: "2020-11-28",
        eventStartTime: "16:00",
        eventEndTime: "20:00",
        additionalDetails: null,
      } as never,
      null,
      { allowPast: true },
    );
    if (!past.ok) throw new Error(past.message);
    expect(await textsOf(bisi.e164, "past_booking_created")).toEqual([
      `Tunde Sax recorded your past event: Birthday, 28 Nov 2020, NGN 210,000 incl. fee. Review and confirm: ${origin}/booking/${past.slug}`,
    ]);
    expect((await confirmPublicBooking(made.slug, testIp())).ok).toBe(true);
    expect(await textsOf(phone.e164, "booking_confirmed")).toEqual([
      `Ada Eze confirmed your booking for Wedding, 6 Jun 2099. ${origin}/booking/${made.slug}`,
    ]);
    noContacts(await textsOf(phone.e164, "booking_confirmed"), ada.typed, ada.e164);
  });
});

describe("money events", () => {
  it("paid: the musician's share held and when it is released; the organiser's receipt; release due after the event", async () => {
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), 20) });
    // The due day is the money module's (later of the event's end and our credit, + 48 h), in Lagos.
    const dueAt = (await peekBookingMoney(w.booking.id))?.releaseDueAt;
    const due = shortDate(dueAt ? lagosToday(dueAt) : null);
    expect(due).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    const [musician] = await textsOf(w.phone.e164, "paid");
    expect(musician).toBe(
      `Chiamaka Okafor paid for Wedding, ${w.date}: NGN 225,000 is held for you, released on ${due}. ${w.link}`,
    );
    const client = await phoneOf(w.client.e164);
    expect(client.filter((c) => c.event === "paid").map((c) => c.text)).toEqual([
      `Receipt: you paid NGN 262,500 for Tunde Sax, Wedding, ${w.date}. We hold it until after the event. ${w.link}`,
    ]);
    expect(client.find((c) => c.event === "release_due")?.text).toBe(
      `Wedding, ${w.date} with Tunde Sax is over. Released to them on ${due} unless you report a problem: ${w.link}`,
    );
    noContacts([musician ?? ""], w.client.typed, w.client.e164, "@example.com");
  });

  it("paid for an event already over: the receipt says when it is released, not that it is held until after the event", async () => {
    // Phone walk 3, POLISH 24: "We hold it until after the event" arrived with "… is over" in the same second.
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), -1) });
    const dueAt = (await peekBookingMoney(w.booking.id))?.releaseDueAt;
    const due = shortDate(dueAt ? lagosToday(dueAt) : null);
    const client = await phoneOf(w.client.e164);
    const receipts = client.filter((c) => c.event === "paid" || c.event === "paid_after_event");
    expect(receipts.map((c) => c.text)).toEqual([
      `Paid NGN 262,500 for Tunde Sax, Wedding, ${w.date}. Released to them on ${due} unless you report a problem. ${w.link}`,
    ]);
    expect(client.map((c) => c.text).join("\n")).not.toContain("We hold it until after the event");
    expect(client.filter((c) => c.event === "release_due")).toEqual([]);
  });

  it("released: both sides, once", async () => {
    const w = await paidWedding();
    await releaseEscrow(w.booking.id, "client", w.payer);
    await releaseEscrow(w.booking.id, "auto");
    expect(await textsOf(w.phone.e164, "released")).toEqual([
      `NGN 225,000 for Wedding, ${w.date} (Chiamaka Okafor) is released to your wallet. ${w.link}`,
    ]);
    expect(await textsOf(w.client.e164, "released")).toEqual([
      `Your payment for Wedding, ${w.date} is released to Tunde Sax. Leave a review: ${w.link}`,
    ]);
  });

  it("cancelled by the musician: what each side keeps; the refund sent", async () => {
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), 20) });
    expect((await cancelOwnBooking({ id: w.m.profileId }, w.booking.id)).ok).toBe(true);
    expect(await textsOf(w.phone.e164, "cancelled")).toEqual([
      `Cancelled by you: Wedding, ${w.date}. Chiamaka Okafor gets back NGN 262,500; you keep NGN 0. ${w.link}`,
    ]);
    expect(await textsOf(w.client.e164, "cancelled")).toEqual([
      `Cancelled by the musician: Wedding, ${w.date} with Tunde Sax. Refund to you: NGN 262,500. ${w.link}`,
    ]);
    const refund = await refundForBooking(w.booking.id);
    await handleRefundEvent("refund.processed", {
      transaction_reference: refund!.transactionReference,
      amount: refund!.amountKobo,
      currency: "NGN",
    });
    expect(await textsOf(w.client.e164, "refunded")).toEqual([
      `Refund of NGN 262,500 for Wedding, ${w.date} (Tunde Sax) is sent to you. ${w.link}`,
    ]);
  });

  it("cancelled before payment: both sides told, with no refund or money words", async () => {
    const { m, phone } = await musicianWithPhone();
    const client = mobile();
    const eventDate = addDaysToDate(lagosToday(), 20);
    const booking = await insertBooking(m.profileId, {
      clientName: "Chiamaka Okafor",
      phoneNumber: client.typed,
      eventDate,
      status: "pending",
    });
    const date = formatCalendarDate(eventDate, "d MMM yyyy");
    const link = `${origin}/booking/${booking.slug}`;
    expect((await cancelOwnBooking({ id: m.profileId }, booking.id)).ok).toBe(true);
    const musicianTexts = await phoneOf(phone.e164);
    const clientTexts = await phoneOf(client.e164);
    expect(musicianTexts).toEqual([
      {
        event: "cancelled_unpaid",
        text: `Cancelled by you: Wedding, ${date} with Chiamaka Okafor. It was not paid, so no money moves. ${link}`,
      },
    ]);
    expect(clientTexts).toEqual([
      {
        event: "cancelled_unpaid",
        text: `Cancelled by the musician: Wedding, ${date} with Tunde Sax. It was not paid, so you owe nothing. ${link}`,
      },
    ]);
    for (const { text } of [...musicianTexts, ...clientTexts]) expect(text).not.toMatch(/refund|NGN|keep/i);
  });

  it("disputed and decided: both sides, with the amounts", async () => {
    const w = await paidWedding();
    const disputed = await submitDispute(
      w.booking.slug,
      {
        clientName: "Chiamaka Okafor",
        phoneNumber: w.client.typed,
        disputeReason: "The band arrived two hours late",
      },
      testIp(),
      w.payer,
    );
    expect(disputed.ok).toBe(true);
    expect(await textsOf(w.phone.e164, "disputed")).toEqual([
      `Chiamaka Okafor reported a problem with Wedding, ${w.date}. NGN 225,000 stays held. Add your side: ${w.link}`,
    ]);
    expect(await textsOf(w.client.e164, "disputed")).toEqual([
      `We received your report on Wedding, ${w.date}. NGN 262,500 stays held while we decide. ${w.link}`,
    ]);
    const form = new FormData();
    form.set("intent", "split");
    form.set("bookingId", w.booking.id);
    form.set("refundAmount", "62,500");
    expect(await adminPaymentsAction(form)).toEqual({ ok: true, message: "Dispute resolved" });
    // Every naira of the NGN 262,500 paid (phone walk 3, CONFUSING 3): 62,500 + 171,428.57 + 28,571.43.
    expect(await textsOf(w.phone.e164, "dispute_resolved")).toEqual([
      `Dispute decided: NGN 62,500 back to Chiamaka Okafor, NGN 171,428.57 to you after commission, NGN 28,571.43 to Stagebook. ${w.link}`,
    ]);
    expect(await textsOf(w.client.e164, "dispute_resolved")).toEqual([
      `Dispute decided: NGN 62,500 back to you, NGN 171,428.57 to Tunde Sax after commission, NGN 28,571.43 to Stagebook. ${w.link}`,
    ]);
  });

  it("a dispute filed after the release holds nothing: no text says the payment stays held (M8)", async () => {
    const w = await paidWedding();
    await releaseEscrow(w.booking.id, "client", w.payer);
    const disputed = await submitDispute(
      w.booking.slug,
      { clientName: "Chiamaka Okafor", phoneNumber: w.client.typed, disputeReason: "The band arrived late" },
      testIp(),
      w.payer,
    );
    expect(disputed.ok).toBe(true);
    const texts = [...(await phoneOf(w.phone.e164)), ...(await phoneOf(w.client.e164))].map((t) => t.text);
    expect(texts.join("\n")).not.toContain("stays held");
    expect(await textsOf(w.phone.e164, "disputed_nothing_held")).toEqual([
      `Chiamaka Okafor reported a problem with Wedding, ${w.date}. No payment is held. Add your side: ${w.link}`,
    ]);
    expect(await textsOf(w.client.e164, "disputed_nothing_held")).toEqual([
      `We received your report on Wedding, ${w.date}. No payment is held now; our team reads it. ${w.link}`,
    ]);
  });

  it("released with an automatic payout: the musician is told the bank it went to (POLISH 15)", async () => {
    const w = await paidWedding();
    const dayAgo = new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000);
    await saveOwnBankAccount(w.m.profileId, { bankCode: "058", accountNumber: "0123456789" }, dayAgo);
    await chooseAutomaticPayouts(w.m.profileId, true);
    await releaseEscrow(w.booking.id, "client", w.payer);
    expect(await textsOf(w.phone.e164, "released")).toEqual([]);
    expect(await textsOf(w.phone.e164, "released_paid_out")).toEqual([
      `NGN 225,000 for Wedding, ${w.date} (Chiamaka Okafor) is released and paid out to Guaranty Trust Bank **6789. ${w.link}`,
    ]);
  });

  /** Tunde's wedding released, ₦100,000 withdrawn to GTBank, and Paystack's answer on the transfer. */
  async function withdrawnAndSettled(event: "transfer.success" | "transfer.failed") {
    const w = await paidWedding();
    await releaseEscrow(w.booking.id, "client", w.payer);
    // Saved a day ago: a first account added while Available holds money is held 24 h (ADR 0017).
    const dayAgo = new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000);
    await saveOwnBankAccount(w.m.profileId, { bankCode: "058", accountNumber: "0123456789" }, dayAgo);
    expect((await requestWithdrawal(w.m.profileId, 10_000_000)).ok).toBe(true);
    const [sent] = await listPayouts(w.m.profileId);
    await handleTransferEvent(event, { reference: sent!.reference, amountKobo: 10_000_000, currency: "NGN" });
    return w;
  }

  it("payout sent: the amount and the bank, with the wallet's link", async () => {
    const w = await withdrawnAndSettled("transfer.success");
    expect(await textsOf(w.phone.e164, "payout_sent")).toEqual([
      `Payout of NGN 100,000 sent to Guaranty Trust Bank **6789. ${origin}/musician_wallet/${w.slug}`,
    ]);
  });

  it("payout failed: the amount and the bank, the money back in Available", async () => {
    const w = await withdrawnAndSettled("transfer.failed");
    const [failed, ...more] = await textsOf(w.phone.e164, "payout_failed");
    expect(more).toEqual([]);
    // The bank's name is shortened to fit one SMS (the link's length varies); its last digits are kept.
    expect(failed).toMatch(/^Payout of NGN 100,000 to Gua[A-Za-z .]* \*\*6789 failed; /);
    expect(failed).toContain(
      `the money is back in Available. Check your bank details: ${origin}/musician_wallet/${w.slug}`,
    );
    expect(await textsOf(w.phone.e164, "payout_sent")).toEqual([]);
  });

  it("a review waiting: the musician, once", async () => {
    const w = await paidWedding({ eventDate: addDaysToDate(lagosToday(), -1) });
    await releaseEscrow(w.booking.id, "client", w.payer);
    // The musician marked it completed (the event is over and paid for).
    await pool().query("UPDATE bookings_by_musician SET status = 'completed' WHERE id = $1", [w.booking.id]);
    await openReviewWindow(w.booking.id);
    await sendReviewReminder({ bookingId: w.booking.id, side: "musician" });
    await sendReviewReminder({ bookingId: w.booking.id, side: "musician" });
    const texts = await textsOf(w.phone.e164, "review_waiting");
    expect(texts).toHaveLength(1);
    expect(texts[0]).toBe(
      `How was working with Chiamaka Okafor at Wedding, ${w.date}? Write your review: ${origin}/musician_reviews/${w.slug}`,
    );
  });
});
