// Issue 22 §4: contact details stay hidden until payment, and hiding them never leaves a request
// unanswerable: the musician replies in the app, the requester reads it on /request/{token} (or in
// Messages with an account) and is e-mailed that it waits.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CONTACT_HIDDEN } from "~/features/messaging/contact-mask";
import { CONTACT_SHARED_ONCE_PAID } from "~/features/messaging/contact-shared";
import { action as createAction } from "~/routes/api-bookings";
import { loader as bookingPageLoader } from "~/routes/booking";
import { action as requestAction } from "~/routes/booking-request";
import { loader as organiserMessages } from "~/routes/client-messages";
import { action as requestsAction, loader as requestsLoader } from "~/routes/musician-booking-requests";
import { action as bookingsAction, loader as bookingsLoader } from "~/routes/musician-bookings";
import { loader as successfulLoader } from "~/routes/musician-successful-bookings";
import { action as statusAction, loader as statusLoader } from "~/routes/request-status";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingRequests, bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import {
  createMusician,
  createOrganiser,
  requestAs,
  type TestMusician,
  testIp,
} from "../../../tests/support/accounts";
import { answer, args, get, giveSlug, post } from "../bookings/booking-test-support";
import { REPLIES_CLOSED } from "./booking-requests.server";
import { requestToBookingPrefill } from "./request-prefill";

afterAll(() => stopJobs());

const request = {
  clientName: "Kemi Bello",
  email: "",
  phoneNumber: "08030001111",
  eventType: "birthday",
  eventTypeOther: "",
  location: "Ikeja, Lagos",
  eventDate: "2099-05-01",
  eventDuration: "4",
  budgetEstimate: "150000",
  additionalDetails: "Call me on 0803 000 1111 or k e m i @ g m a i l . c o m. Budget ₦150,000 for 4 hours.",
};

async function setup(email = `kemi-${Math.random().toString(36).slice(2, 10)}@example.com`) {
  const m = await createMusician();
  const slug = await giveSlug(m);
  const sent = await answer(() =>
    requestAction(args(post(null, `/musicians/${slug}/request`, { ...request, email }), { slug }, testIp())),
  );
  expect(sent.status).toBe(200);
  const token = (sent.body.sent.statusPath as string).split("/").pop()!;
  const [req] = await db.select().from(bookingRequests).where(eq(bookingRequests.musicianId, m.profileId));
  return { m, slug, token, email, requestId: req!.id };
}

const card = (who: TestMusician | null, slug: string) =>
  answer(() => requestsLoader(args(get(who, `/musician_bookingrequests/${slug}`), { slug })));

const reply = (who: TestMusician | null, slug: string, requestId: string, body: string) =>
  answer(() =>
    requestsAction(
      args(post(who, `/musician_bookingrequests/${slug}`, { intent: "reply", requestId, body }), { slug }),
    ),
  );

const page = (token: string) => answer(() => statusLoader(args(get(null, `/request/${token}`), { token })));

const answerOnPage = (token: string, body: string) =>
  answer(() =>
    statusAction(args(post(null, `/request/${token}`, { intent: "reply", body }), { token }, testIp())),
  );

/** Mails to an address, apart from the organiser's copy of their link sent with the request. */
const mailsTo = (address: string) =>
  (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : [])
    .filter((f) => f.includes(address.replace(/[^a-z0-9@._-]/gi, "_")))
    .map((f) => fs.readFileSync(`${outboxDir()}/${f}`, "utf8").replace(/=\r?\n/g, ""))
    .filter((m) => !/^Subject: Your booking request to .* was sent/m.test(m));

describe("the musician's request card", () => {
  it("never carries the organiser's e-mail or phone before payment, and masks what they typed", async () => {
    const { m, slug, email } = await setup();
    const res = await card(m, slug);
    expect(res.status).toBe(200);
    const [r] = res.body.requests;
    expect(r).toMatchObject({ hasEmail: true, hasPhone: true, clientName: "Kemi Bello" });
    expect(r.email).toBeUndefined();
    expect(r.phoneNumber).toBeUndefined();
    expect(r.additionalDetails).toBe(`Call me on ${CONTACT_HIDDEN}. Budget ₦150,000 for 4 hours.`);
    const json = JSON.stringify(res.body);
    expect(json).not.toContain(email);
    expect(json).not.toContain("0803");
    expect(json).not.toContain("kemi @");
    expect(json).not.toMatch(/k e m i/);
    // The Accept form starts without them; the booking still gets them, on the server.
    const prefill = requestToBookingPrefill(r);
    expect(prefill.email).toBe("");
    expect(prefill.phoneNumber).toBe("");
  });

  it("a booking made from the request takes its contact details on the server; its musician sees them only once paid", async () => {
    const { m, slug, email, requestId } = await setup();
    const [r] = (await card(m, slug)).body.requests;
    const form = {
      ...requestToBookingPrefill(r),
      serviceType: "Full Event Performance",
      serviceTypeOther: "",
      eventStartTime: "",
      eventEndTime: "",
      requestId,
    } as Record<string, string>;
    const made = await answer(() => createAction(args(post(m, "/api/bookings", form))));
    expect(made.status).toBe(200);
    const [booking] = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.requestId, requestId));
    expect(booking).toMatchObject({ email, phoneNumber: "08030001111" });

    const listed = async () =>
      (await answer(() => bookingsLoader(args(get(m, `/musician_bookings/${slug}`), { slug })))).body
        .bookings[0];
    expect(await listed()).toMatchObject({ email: null, phoneNumber: null, contactHidden: true });
    // Editing it (the form has them blank) keeps them.
    const edited = await answer(() =>
      bookingsAction(
        args(
          post(m, `/musician_bookings/${slug}`, {
            ...form,
            intent: "update",
            id: booking!.id,
            bookingId: booking!.id,
            clientName: "Kemi B.",
            price: "200,000",
          }),
          { slug },
        ),
      ),
    );
    expect(edited.status).toBe(200);
    const [after] = await db.select().from(bookingsByMusician).where(eq(bookingsByMusician.id, booking!.id));
    expect(after).toMatchObject({ clientName: "Kemi B.", email, phoneNumber: "08030001111" });

    // The musician's phone is not on the client's booking page before payment.
    const bookingPage = async () =>
      (
        await answer(() =>
          bookingPageLoader(args(get(null, `/booking/${booking!.slug}`), { slug: booking!.slug }, testIp())),
        )
      ).body.booking;
    expect((await bookingPage()).musicianPhone).toBeNull();
    await db
      .update(bookingsByMusician)
      .set({ status: "confirmed", paymentStatus: "paid" })
      .where(eq(bookingsByMusician.id, booking!.id));
    expect(await listed()).toMatchObject({ email, phoneNumber: "08030001111" });
    expect((await listed()).contactHidden).toBeUndefined();
    // Paid, the phone is for the payer only (issue 27; payer.integration.test.ts): a visitor with the
    // link still sees none.
    expect((await bookingPage()).musicianPhone).toBeNull();
  });

  it("masks a dispute reason (and leaves out the disputer's phone) until the booking is paid", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const made = await answer(() =>
      createAction(
        args(
          post(m, "/api/bookings", {
            clientName: "Ada Eze",
            email: "",
            phoneNumber: "",
            serviceType: "Full Event Performance",
            serviceTypeOther: "",
            price: "250,000",
            eventType: "Wedding",
            eventTypeOther: "",
            location: "Lekki",
            eventDate: "2026-01-10",
            pastEvent: "on",
            eventStartTime: "",
            eventEndTime: "",
            additionalDetails: "",
          }),
        ),
      ),
    );
    expect(made.status).toBe(200);
    const [b] = await db.select().from(bookingsByMusician).where(eq(bookingsByMusician.slug, made.body.slug));
    await db.update(bookingsByMusician).set({ status: "completed" }).where(eq(bookingsByMusician.id, b!.id));
    await db.insert(clientDisputes).values({
      bookingId: b!.id,
      clientName: "Ada Eze",
      phoneNumber: "08039998888",
      disputeReason: "Nobody came. Call me now on ０８０３ ９９９ ８８８８",
    });
    const all = (await answer(() => bookingsLoader(args(get(m, `/musician_bookings/${slug}`), { slug }))))
      .body;
    expect(all.bookings[0].disputeReason).toBe(`Nobody came. Call me now on ${CONTACT_HIDDEN}`);
    const done = (
      await answer(() => successfulLoader(args(get(m, `/musician_successfulbookings/${slug}`), { slug })))
    ).body;
    expect(JSON.stringify(done)).not.toMatch(/0803|９９９/);
    expect(done.bookings[0].disputes[0]).toMatchObject({
      disputeReason: `Nobody came. Call me now on ${CONTACT_HIDDEN}`,
      phoneNumber: "",
    });
    await db
      .update(bookingsByMusician)
      .set({ paymentStatus: "paid" })
      .where(eq(bookingsByMusician.id, b!.id));
    const paid = (
      await answer(() => successfulLoader(args(get(m, `/musician_successfulbookings/${slug}`), { slug })))
    ).body;
    expect(paid.bookings[0].disputes[0].phoneNumber).toBe("08039998888");
    expect(CONTACT_SHARED_ONCE_PAID).toBe("shared once the booking is paid");
  });
});

describe("replies to a requester without an account", () => {
  it("the musician replies from the card; the requester reads it on /request/{token}, is e-mailed, and answers there", async () => {
    const { m, slug, token, email, requestId } = await setup();
    const sent = await reply(m, slug, requestId, "I am free that day. My line is 0803 000 0000, call me.");
    expect(sent.status).toBe(200);
    expect(sent.body.toast.message).toBe(
      "Reply sent. Kemi Bello is e-mailed that it is waiting on their request's page.",
    );
    expect(sent.body.toast.description).toMatch(/Contact details are hidden/);

    const view = (await page(token)).body.view;
    expect(view.canReply).toBe(true);
    expect(view.replies).toEqual([
      expect.objectContaining({
        from: "musician",
        body: `I am free that day. My line is ${CONTACT_HIDDEN}, call me.`,
      }),
    ]);
    const [mail] = mailsTo(email);
    expect(mail).toContain("replied to your booking request");
    expect(mail).toContain(`/request/${token}`);
    expect(mail).not.toContain("0803 000 0000");
    expect(mail).not.toContain(m.email);
    // A second reply at once: shown on the page, but no second e-mail within 15 minutes.
    await reply(m, slug, requestId, "Also, how many guests?");
    expect((await page(token)).body.view.replies).toHaveLength(2);
    expect(mailsTo(email)).toHaveLength(1);

    // The requester answers on the page; the musician sees it masked on the card and is e-mailed.
    const answered = await answerOnPage(token, "About 80 guests. WhatsApp me on 0803 000 1111");
    expect(answered.status).toBe(200);
    const [r] = (await card(m, slug)).body.requests;
    expect(r.replies.map((x: { from: string; body: string }) => [x.from, x.body])).toEqual([
      ["musician", "I am free that day. My line is 0803 000 0000, call me."],
      ["musician", "Also, how many guests?"],
      ["requester", `About 80 guests. ${CONTACT_HIDDEN}`],
    ]);
    const toMusician = mailsTo(m.email).filter((x) => x.includes("answered you about their booking request"));
    expect(toMusician).toHaveLength(1);
    expect(toMusician[0]).not.toContain("0803");
    // The requester reads their own answer as typed.
    expect((await page(token)).body.view.replies[2].body).toBe(
      "About 80 guests. WhatsApp me on 0803 000 1111",
    );
  });

  it("refuses another musician, a signed-out visitor, an empty reply, a bad token, and answers once the request is answered", async () => {
    const { m, slug, token, requestId } = await setup();
    const other = await createMusician();
    const otherSlug = await giveSlug(other);
    expect((await reply(other, otherSlug, requestId, "Hello")).status).toBe(404);
    expect((await reply(null, slug, requestId, "Hello")).status).toBe(302);
    const empty = await reply(m, slug, requestId, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.toast.message).toBe("Please type a message before sending.");
    expect((await answerOnPage("0".repeat(64), "Hello")).status).toBe(404);
    expect((await answerOnPage(token, "")).status).toBe(400);
    expect((await page(token)).body.view.replies).toEqual([]);

    await answer(() =>
      requestsAction(
        args(post(m, `/musician_bookingrequests/${slug}`, { intent: "decline", requestId }), { slug }),
      ),
    );
    const closed = await answerOnPage(token, "Please reconsider");
    expect(closed.status).toBe(409);
    expect(closed.body.toast.message).toBe(REPLIES_CLOSED);
    expect((await reply(m, slug, requestId, "Sorry")).status).toBe(409);
  });

  it("masks the musician's decline reason on the request page", async () => {
    const { m, slug, token, requestId } = await setup();
    await answer(() =>
      requestsAction(
        args(
          post(m, `/musician_bookingrequests/${slug}`, {
            intent: "decline",
            requestId,
            declineReason: "Booked, but call me on 08O3 I23 4567 for next time",
          }),
          { slug },
        ),
      ),
    );
    await db
      .update(bookingRequests)
      .set({ answeredAt: new Date(Date.now() - 60_000) })
      .where(eq(bookingRequests.id, requestId));
    expect((await page(token)).body.view.declineReason).toBe(
      `Booked, but call me on ${CONTACT_HIDDEN} for next time`,
    );
  });
});

describe("the request page follows the booking (phone walk 2)", () => {
  it("says a reply is waiting, then accepted, paid and completed as the booking moves on", async () => {
    const { m, slug, token, requestId } = await setup();
    expect((await page(token)).body.view.stage).toBe("waiting");
    expect((await reply(m, slug, requestId, "Yes, I am free that day.")).status).toBe(200);
    expect((await page(token)).body.view.stage).toBe("reply_waiting");
    const [r] = (await card(m, slug)).body.requests;
    const form = {
      ...requestToBookingPrefill(r),
      serviceType: "Full Event Performance",
      serviceTypeOther: "",
      eventStartTime: "",
      eventEndTime: "",
      requestId,
    } as Record<string, string>;
    expect((await answer(() => createAction(args(post(m, "/api/bookings", form))))).status).toBe(200);
    expect((await page(token)).body.view.stage).toBe("accepted");
    const paidAs = async (paymentStatus: string) => {
      await db
        .update(bookingsByMusician)
        .set({ paymentStatus })
        .where(eq(bookingsByMusician.requestId, requestId));
      return (await page(token)).body.view.stage;
    };
    expect(await paidAs("paid")).toBe("paid");
    expect(await paidAs("released")).toBe("completed");
  });
});

describe("replies to an organiser with an account", () => {
  it("go to the organiser's Messages, masked until payment", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const organiser = await createOrganiser();
    const sent = await answer(() =>
      requestAction(
        args(
          requestAs(organiser, `/musicians/${slug}/request`, {
            form: { ...request, email: organiser.email, intent: "send" },
          }),
          { slug },
          testIp(),
        ),
      ),
    );
    expect(sent.status).toBe(200);
    const [req] = await db.select().from(bookingRequests).where(eq(bookingRequests.musicianId, m.profileId));
    expect(req!.clientUserId).toBe(organiser.userId);
    expect((await page(req!.statusToken)).body.view.stage).toBe("waiting");
    const res = await reply(m, slug, req!.id, "Yes I can. Email me at tunde@gmail.com");
    expect(res.status).toBe(200);
    expect(res.body.toast.message).toBe("Reply sent. Kemi Bello reads it in their Messages.");
    const inbox = await answer(() => organiserMessages(args(requestAs(organiser, "/messages"))));
    expect(inbox.body.conversations).toHaveLength(1);
    const thread = await answer(() =>
      organiserMessages(args(requestAs(organiser, `/messages?c=${inbox.body.conversations[0].id}`))),
    );
    expect(thread.body.messages.map((x: { body: string }) => x.body)).toEqual([
      `Yes I can. Email me at ${CONTACT_HIDDEN}`,
    ]);
    const view = (await page(req!.statusToken)).body.view;
    // Its page no longer says "Waiting" once the musician has replied (phone walk 3).
    expect(view).toMatchObject({ inMessages: true, canReply: false, replies: [], stage: "reply_waiting" });
  });
});
