import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/api-bookings";
import { action as requestAction, loader as requestPageLoader } from "~/routes/booking-request";
import { action as requestsAction, loader as requestsLoader } from "~/routes/musician-booking-requests";
import { loader as statusLoader } from "~/routes/request-status";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { createMusician, type TestMusician, testIp } from "../../../tests/support/accounts";
import { deliverQueuedMails } from "../../../tests/support/mail-jobs";
import { todayInLagos } from "../bookings/booking-dates";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";
import { listOwnBookings } from "../bookings/bookings.server";
import { musicianDocument } from "../documents/documents.server";
import { bookingRequestSchema, NEED_A_DATE, NEED_A_WAY_TO_REPLY } from "./booking-request.schema";
import {
  REQUEST_ANSWER_MAIL_JOB,
  type RequestAnswerMailJob,
  replyTimeText,
  sendRequestAnswerMail,
  TOO_LATE_TO_UNDO,
} from "./booking-requests.server";
import { requestToBookingPrefill } from "./request-prefill";

afterAll(() => stopJobs());

const validRequest = {
  clientName: "Kemi Bello",
  email: "kemi@example.com",
  phoneNumber: "08030001111",
  eventType: "birthday",
  eventTypeOther: "",
  location: "Ikeja, Lagos",
  eventDate: "2099-05-01",
  eventDuration: "4",
  budgetEstimate: "150000",
  additionalDetails: "Highlife and Afrobeats please",
};

const send = (slug: string, form: Record<string, string>, ip = testIp()) =>
  answer(() => requestAction(args(post(null, `/musicians/${slug}/request`, form), { slug }, ip)));

const list = (who: TestMusician | null, slug: string) =>
  answer(() => requestsLoader(args(get(who, `/musician_bookingrequests/${slug}`), { slug })));

const decline = (who: TestMusician | null, slug: string, requestId: string) =>
  answer(() =>
    requestsAction(
      args(post(who, `/musician_bookingrequests/${slug}`, { intent: "decline", requestId }), { slug }),
    ),
  );

async function requestsOf(m: TestMusician) {
  return db.select().from(bookingRequests).where(eq(bookingRequests.musicianId, m.profileId));
}

describe("booking request from a visitor", () => {
  it("stores the request against the named musician with the spec's toast", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, validRequest);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: "success", message: "Booking request sent successfully!" });
    const [row] = await requestsOf(m);
    expect(row).toMatchObject({
      clientName: "Kemi Bello",
      eventType: "birthday",
      eventTypeOther: null,
      eventDate: "2099-05-01",
      eventDuration: "4",
      budgetEstimateKobo: 15_000_000,
      status: "pending",
    });
  });

  it("keeps the other text only for 'other' and allows the optional fields to be empty", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, {
      clientName: "Femi",
      phoneNumber: "0803 123 4567",
      eventType: "other",
      eventTypeOther: "Housewarming",
      eventDuration: "12+",
      dateNotFixed: "on",
    });
    await send(slug, {
      clientName: "Gbenga",
      email: "gbenga@example.com",
      eventType: "gala",
      eventTypeOther: "dropped",
      eventDuration: "1",
      eventDate: "2099-01-01",
    });
    const rows = await requestsOf(m);
    const byName = Object.fromEntries(rows.map((r) => [r.clientName, r]));
    expect(byName.Femi).toMatchObject({
      eventTypeOther: "Housewarming",
      email: null,
      phoneNumber: "08031234567",
      budgetEstimateKobo: null,
      eventDate: null,
      dateNotFixed: true,
    });
    expect(byName.Gbenga).toMatchObject({ eventTypeOther: null });
  });

  it("answers the spec's messages for missing fields and refuses bad values", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, {
      clientName: "",
      email: "nope",
      eventType: "Wedding",
      budgetEstimate: "lots",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      clientName: "Client name is required",
      // An e-mail was typed (badly): that field says so, rather than "add a way to reply".
      email: "Invalid email address",
      eventType: "Event type is required",
      eventDate: NEED_A_DATE,
      eventDuration: "Event duration is required",
      budgetEstimate: "Enter an amount in naira, e.g. 150,000",
    });
    const bad = await send(slug, { ...validRequest, eventDuration: "13" });
    expect(bad.body.errors).toEqual({ eventDuration: "Event duration is required" });
    expect(await requestsOf(m)).toHaveLength(0);
  });

  it("refuses dates before today in Lagos", () => {
    const schema = bookingRequestSchema(() => "2026-03-15");
    const before = schema.safeParse({ ...validRequest, eventDate: "2026-03-14" });
    expect(before.success).toBe(false);
    expect(before.error?.issues[0]?.message).toBe("Please choose today or a later date");
    expect(schema.safeParse({ ...validRequest, eventDate: "2026-03-15" }).success).toBe(true);
    // 23:30 UTC on 14 March is already 15 March in Lagos.
    expect(todayInLagos(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
  });

  it("refuses a request naming no existing musician with a clear message", async () => {
    for (const slug of ["nobody-here", "Bad Slug!", ""]) {
      const res = await send(slug, validRequest);
      expect(res.status).toBe(404);
      expect(res.body.toast.message).toBe("This musician could not be found, so the request was not sent.");
    }
    const pageRes = await answer(() =>
      requestPageLoader(args(get(null, "/musicians/nobody-here/request"), { slug: "nobody-here" })),
    );
    expect(pageRes.status).toBe(404);
  });

  it("serves the request page (the no-JavaScript form) for an existing musician", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await answer(() =>
      requestPageLoader(args(get(null, `/musicians/${slug}/request`), { slug })),
    );
    expect(res.body).toMatchObject({ musicianSlug: slug, today: todayInLagos() });
  });

  it("limits requests per client address", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(slug, validRequest, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await send(slug, validRequest)).status).toBe(200);
  });
});

describe("Booking Requests page (/musician_bookingrequests/{slug})", () => {
  it("lists the musician's own pending requests, newest first", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const slugA = await giveSlug(a);
    const slugB = await giveSlug(b);
    await send(slugA, { ...validRequest, clientName: "First" });
    await send(slugA, { ...validRequest, clientName: "Second" });
    await send(slugA, { ...validRequest, clientName: "Third" });
    await send(slugB, { ...validRequest, clientName: "For B" });
    const declined = (await requestsOf(a)).find((r) => r.clientName === "Second")!;
    await decline(a, slugA, declined.id);
    const res = await list(a, slugA);
    // A decline stays listed (as undoable, declinedAt set) for a few seconds.
    const pending = res.body.requests.filter((r: { declinedAt: Date | null }) => !r.declinedAt);
    expect(pending.map((r: { clientName: string }) => r.clientName)).toEqual(["Third", "First"]);
    expect(res.body.requests[0]).toMatchObject({
      eventType: "birthday",
      eventDuration: "4",
      budgetEstimateKobo: 15_000_000,
    });
  });

  it("declines a request: marked declined and out of the list; only once", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, validRequest);
    const [req] = await requestsOf(m);
    const res = await decline(m, slug, req!.id);
    expect(res.body.toast.message).toBe("Booking request from Kemi Bello has been declined");
    expect((await requestsOf(m))[0]!.status).toBe("declined");
    expect(
      (await list(m, slug)).body.requests.map((r: { declinedAt: Date | null }) => !!r.declinedAt),
    ).toEqual([true]);
    expect((await decline(m, slug, req!.id)).status).toBe(409);
  });

  it("accepts a request into a pending booking and marks it accepted, exactly once", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, validRequest);
    const [req] = await requestsOf(m);
    const prefill = requestToBookingPrefill(req!);
    expect(prefill).toMatchObject({
      clientName: "Kemi Bello",
      eventType: "Birthday",
      eventDate: "2099-05-01",
      price: "₦150,000",
    });
    const form = {
      ...validBooking,
      ...prefill,
      serviceType: "Full Event Performance",
      requestId: req!.id,
    } as Record<string, string>;
    const [one, two] = await Promise.all([
      answer(() => createAction(args(post(m, "/api/bookings", form)))),
      answer(() => createAction(args(post(m, "/api/bookings", form)))),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body.toast.message).toBe("This booking request has already been handled.");
    expect((await requestsOf(m))[0]!.status).toBe("accepted");
    const bookings = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.requestId, req!.id));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ status: "pending", clientName: "Kemi Bello", priceKobo: 15_000_000 });
    expect((await list(m, slug)).body.requests).toEqual([]);
  });

  it("the organiser's note is kept whole in the booking: masked to the musician until paid, whole after, PDFs too", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, { ...validRequest, additionalDetails: "Call me on 0812 345 6789 about the cake" });
    const [shown] = (await list(m, slug)).body.requests;
    expect(shown.additionalDetails).not.toContain("0812");
    // The musician accepts from what they were shown (the masked note), as the Accept form does.
    const form = {
      ...validBooking,
      ...requestToBookingPrefill(shown),
      serviceType: "Full Event Performance",
      requestId: shown.id,
    } as Record<string, string>;
    expect((await answer(() => createAction(args(post(m, "/api/bookings", form))))).status).toBe(200);
    const [row] = await db
      .select({
        id: bookingsByMusician.id,
        slug: bookingsByMusician.slug,
        details: bookingsByMusician.additionalDetails,
      })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.requestId, shown.id));
    expect(row!.details).toContain("Call me on 0812 345 6789 about the cake");
    const own = async () => (await listOwnBookings({ id: m.profileId })).find((b) => b.id === row!.id)!;
    expect((await own()).additionalDetails).not.toContain("0812");
    await db
      .update(bookingsByMusician)
      .set({ paymentStatus: "paid" })
      .where(eq(bookingsByMusician.id, row!.id));
    expect((await own()).additionalDetails).toContain("Call me on 0812 345 6789 about the cake");
    const contract = await musicianDocument({ id: m.profileId }, row!.id, "contract");
    expect(contract.ok && contract.pdf.length).toBeGreaterThan(0);
    const text = execFileSync("pdftotext", ["-", "-"], {
      input: contract.ok ? contract.pdf : Buffer.from(""),
    })
      .toString("utf8")
      .replace(/\s+/g, " ");
    expect(text).toContain("Call me on 0812 345 6789 about the cake");
  });

  it("another musician cannot see, accept or decline the requests; a signed-out visitor is sent to login", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const slugA = await giveSlug(a);
    const slugB = await giveSlug(b);
    await send(slugA, validRequest);
    const [req] = await requestsOf(a);
    expect((await list(b, slugA)).status).toBe(404);
    const anon = await list(null, slugA);
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login\?redirectTo=/);
    expect((await decline(b, slugA, req!.id)).status).toBe(404);
    expect((await decline(b, slugB, req!.id)).status).toBe(404);
    expect((await decline(null, slugA, req!.id)).status).toBe(302);
    const accept = await answer(() =>
      createAction(args(post(b, "/api/bookings", { ...validBooking, requestId: req!.id }))),
    );
    expect(accept.status).toBe(409);
    expect((await requestsOf(a))[0]!.status).toBe("pending");
    const bBookings = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.musicianId, b.profileId));
    expect(bBookings).toHaveLength(0);
  });
});

const status = (token: string) => answer(() => statusLoader(args(get(null, `/request/${token}`), { token })));

const undo = (who: TestMusician | null, slug: string, requestId: string) =>
  answer(() =>
    requestsAction(
      args(post(who, `/musician_bookingrequests/${slug}`, { intent: "undo-decline", requestId }), { slug }),
    ),
  );

const declineWith = (who: TestMusician, slug: string, requestId: string, declineReason: string) =>
  answer(() =>
    requestsAction(
      args(post(who, `/musician_bookingrequests/${slug}`, { intent: "decline", requestId, declineReason }), {
        slug,
      }),
    ),
  );

async function answerJobs(requestId: string) {
  const { rows } = await pool().query<{ start_after: Date; data: RequestAnswerMailJob }>(
    "SELECT start_after, data FROM pgboss.job WHERE name = $1 AND data->>'requestId' = $2 ORDER BY created_on",
    [REQUEST_ANSWER_MAIL_JOB, requestId],
  );
  return rows;
}

const mailsTo = (address: string) =>
  (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : [])
    .filter((f) => f.includes(address.replace(/[^a-z0-9@._-]/gi, "_")))
    .map((f) => fs.readFileSync(`${outboxDir()}/${f}`, "utf8"));

/** Mails to the organiser apart from the copy of their link sent with the request. */
const answersTo = (address: string) =>
  mailsTo(address).filter((m) => !/^Subject: Your booking request to .* was sent/m.test(m));

/** The .eml body with quoted-printable soft breaks undone, for reading. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, "").replace(/=E2=80=99/g, "\u2019");

describe("the organiser is kept informed (phone walk 2)", () => {
  it("e-mails the organiser their private link when the request is sent", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const email = `sent-${Date.now()}@example.com`;
    expect((await send(slug, { ...validRequest, email })).status).toBe(200);
    const [row] = await db
      .select({ token: bookingRequests.statusToken })
      .from(bookingRequests)
      .where(eq(bookingRequests.email, email));
    await deliverQueuedMails(); // sent by a job after the request commits (issue 28)
    const mails = mailsTo(email).map(plain);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Your booking request to .+ was sent/m);
    expect(mails[0]).toContain(`/request/${row!.token}`);
  });
});

describe("a request can say a start time (phone walk 2)", () => {
  it("is optional, stored, shown to both sides, and starts the booking made from it", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const bad = await send(slug, { ...validRequest, eventStartTime: "25:00" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.eventStartTime).toBe("Please choose a valid time");
    const res = await send(slug, { ...validRequest, eventStartTime: "19:00" });
    expect(res.status).toBe(200);
    expect(res.body.sent.summary).toContainEqual(["Start time", "7:00 PM"]);
    const [row] = await requestsOf(m);
    expect(row!.eventStartTime).toBe("19:00:00");
    const token = res.body.sent.statusPath.split("/").pop();
    expect((await status(token)).body.view.summary).toContainEqual(["Start time", "7:00 PM"]);
    const listed = (await list(m, slug)).body.requests[0];
    expect(listed.eventStartTime).toBe("19:00:00");
    // Accept: the booking form starts at 7 PM and ends after the 4 hours asked for.
    expect(requestToBookingPrefill(listed)).toMatchObject({ eventStartTime: "19:00", eventEndTime: "23:00" });
    // Without one, nothing is made up.
    const noTime = await send(slug, { ...validRequest, clientName: "No Time" });
    expect(noTime.body.sent.summary.map(([k]: [string]) => k)).not.toContain("Start time");
    const none = (await requestsOf(m)).find((r) => r.clientName === "No Time")!;
    expect(none.eventStartTime).toBeNull();
    expect(requestToBookingPrefill(none)).not.toHaveProperty("eventStartTime");
    expect(requestToBookingPrefill(none)).not.toHaveProperty("eventEndTime");
    // A 22:00 start for 4 hours is an overnight event: it ends at 02:00 the next day (N11, ADR 0024).
    expect(requestToBookingPrefill({ ...none, eventStartTime: "22:00:00" })).toMatchObject({
      eventStartTime: "22:00",
      eventEndTime: "02:00",
    });
  });
});

describe("a request the musician can answer (issue 16 §7)", () => {
  const schema = bookingRequestSchema(() => "2026-03-15");
  const base = { clientName: "Ada", eventType: "wedding", eventDuration: "3", eventDate: "2026-04-01" };

  it("needs a phone number or an e-mail, naming both fields when neither is given", () => {
    const none = schema.safeParse(base);
    expect(none.success).toBe(false);
    const messages = Object.fromEntries(none.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ phoneNumber: NEED_A_WAY_TO_REPLY, email: NEED_A_WAY_TO_REPLY });
    expect(schema.safeParse({ ...base, email: "ada@example.com" }).success).toBe(true);
    expect(schema.safeParse({ ...base, phoneNumber: "0803 123 4567" }).success).toBe(true);
  });

  it("takes a Nigerian phone number as people write it and stores it in one form", () => {
    for (const written of ["0803 123 4567", "+234 803 123 4567", "234-803-123-4567", "(0803) 123 4567"]) {
      const r = schema.safeParse({ ...base, phoneNumber: written });
      expect(r.success && r.data.phoneNumber).toBe("08031234567");
    }
    for (const bad of ["12345", "0803 123 456", "+44 20 7946 0958", "call me"]) {
      const r = schema.safeParse({ ...base, phoneNumber: bad, email: "ada@example.com" });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe("Enter a Nigerian phone number, e.g. 0803 123 4567");
    }
  });

  it("needs an event date or an explicit 'date not fixed yet', which drops any date", () => {
    const noDate = schema.safeParse({ ...base, eventDate: "", email: "ada@example.com" });
    expect(noDate.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["eventDate", NEED_A_DATE]]);
    const notFixed = schema.safeParse({ ...base, eventDate: "", dateNotFixed: "on", email: "a@example.com" });
    expect(notFixed.success && notFixed.data).toMatchObject({ eventDate: null, dateNotFixed: true });
    const both = schema.safeParse({ ...base, dateNotFixed: "on", email: "a@example.com" });
    expect(both.success && both.data).toMatchObject({ eventDate: null, dateNotFixed: true });
  });

  it("answers with what was sent and a private status link that follows the request", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, {
      ...validRequest,
      email: "",
      phoneNumber: "+234 803 000 1111",
      eventDate: "",
      dateNotFixed: "on",
    });
    expect(res.status).toBe(200);
    const sent = res.body.sent;
    expect(sent.statusPath).toMatch(/^\/request\/[0-9a-f]{64}$/);
    expect(sent.organiser).toBe(false);
    expect(sent.musicianName).toMatch(/^Stage \d+$/);
    expect(sent.replyTime).toBe(replyTimeText(sent.musicianName, null));
    expect(sent.summary).toContainEqual(["Date", "Not fixed yet"]);
    expect(sent.summary).toContainEqual(["Phone", "0803 000 1111"]);

    const token = sent.statusPath.split("/").pop();
    const page = await status(token);
    expect(page.status).toBe(200);
    expect(page.body.view).toMatchObject({ status: "pending", musicianName: sent.musicianName });
    expect(page.body.view.summary).toContainEqual(["Date", "Not fixed yet"]);
    // Only the holder of the link: a made-up or malformed token is 404, and a draft has no status page.
    expect((await status("0".repeat(64))).status).toBe(404);
    expect((await status("not-a-token")).status).toBe(404);
    const [row] = await requestsOf(m);
    await db.update(bookingRequests).set({ status: "draft" }).where(eq(bookingRequests.id, row!.id));
    expect((await status(token)).status).toBe(404);
  });

  it("decline takes a reason, can be undone for a few seconds, and only then e-mails the organiser", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, { ...validRequest, email: "kemi-decline@example.com" });
    const token = res.body.sent.statusPath.split("/").pop();
    const [req] = await requestsOf(m);

    const first = await declineWith(m, slug, req!.id, "I am already booked that weekend");
    expect(first.body).toMatchObject({ ok: true, undo: { requestId: req!.id, seconds: 10 } });
    // The musician still sees it, as undoable; the organiser still sees "pending" while it can be undone.
    const listed = (await list(m, slug)).body.requests;
    expect(listed).toHaveLength(1);
    expect(listed[0].declinedAt).not.toBeNull();
    expect((await status(token)).body.view.status).toBe("pending");
    // The e-mail waits on the queue until the undo window has passed.
    const [job] = await answerJobs(req!.id);
    const declinedAt = new Date(job!.data.answeredAt).getTime();
    expect(job!.data.status).toBe("declined");
    expect(job!.start_after.getTime() - declinedAt).toBe(10_000);

    // Another musician cannot undo it; the owner can.
    const other = await createMusician();
    const otherSlug = await giveSlug(other);
    expect((await undo(other, otherSlug, req!.id)).status).toBe(404);
    const undone = await undo(m, slug, req!.id);
    expect(undone.body).toMatchObject({ ok: true });
    expect((await requestsOf(m))[0]).toMatchObject({ status: "pending", declineReason: null });
    // The undone decline's job finds nothing to say.
    expect(await sendRequestAnswerMail(job!.data)).toBe("stale");
    expect(answersTo("kemi-decline@example.com")).toHaveLength(0);

    // Declined again; once the window has passed there is no undo, and the job e-mails the reason.
    await declineWith(m, slug, req!.id, "Already booked, sorry");
    await db
      .update(bookingRequests)
      .set({ answeredAt: sql`now() - interval '11 seconds'` })
      .where(eq(bookingRequests.id, req!.id));
    const late = await undo(m, slug, req!.id);
    expect(late.status).toBe(409);
    expect(late.body.toast.message).toBe(TOO_LATE_TO_UNDO);
    expect((await list(m, slug)).body.requests).toEqual([]);
    const [row] = await requestsOf(m);
    const job2 = {
      requestId: req!.id,
      status: "declined" as const,
      answeredAt: row!.answeredAt!.toISOString(),
    };
    expect(await sendRequestAnswerMail(job2)).toBe("sent");
    const [mail] = answersTo("kemi-decline@example.com").map(plain);
    expect(mail).toContain("declined your booking request");
    expect(mail).toContain("Their reason: Already booked, sorry");
    const page = await status(token);
    expect(page.body.view).toMatchObject({ status: "declined", declineReason: "Already booked, sorry" });
  });

  it("a reason longer than 500 characters is refused with a message, the request stays pending", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, validRequest);
    const [req] = await requestsOf(m);
    const res = await declineWith(m, slug, req!.id, "x".repeat(501));
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("The reason is too long (500 characters at most)");
    expect((await requestsOf(m))[0]!.status).toBe("pending");
  });

  it("an accept e-mails a visitor the booking link, the status page links the booking, and the reply time is learnt", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, { ...validRequest, email: "kemi-accept@example.com" });
    const token = res.body.sent.statusPath.split("/").pop();
    const [req] = await requestsOf(m);
    const form = {
      ...validBooking,
      ...requestToBookingPrefill(req!),
      serviceType: "Full Event Performance",
      requestId: req!.id,
    } as Record<string, string>;
    expect((await answer(() => createAction(args(post(m, "/api/bookings", form))))).status).toBe(200);
    const [job] = await answerJobs(req!.id);
    expect(job!.data.status).toBe("accepted");
    expect(await sendRequestAnswerMail(job!.data)).toBe("sent");
    const page = await status(token);
    expect(page.body.view.status).toBe("accepted");
    expect(page.body.view.bookingSlug).toMatch(/^[a-z2-7]{8}$/);
    const [mail] = answersTo("kemi-accept@example.com").map(plain);
    expect(mail).toContain("accepted your booking request");
    expect(mail).toContain(`/booking/${page.body.view.bookingSlug}`);
    // The booked terms, not only the request (phone walk 2): price, fee, total, date and time.
    const decoded = Buffer.from(
      mail!.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
    expect(decoded).toContain(
      "The booking's terms:\nPrice: ₦150,000.00\nService fee (5%): ₦7,500.00\nTotal you pay: ₦157,500.00\nDate: Fri, 1 May 2099\nTime: 2:00 PM – 6:00 PM",
    );

    // The musician answered within the hour: the next request says so.
    const next = await send(slug, validRequest);
    expect(next.body.sent.replyTime).toMatch(/usually replies within an hour\.$/);
  });

  it("says how long the musician usually takes in words", () => {
    expect(replyTimeText("Ayo", null)).toBe(
      "Ayo has not answered a request on Stagebook yet, so there is no usual reply time to show.",
    );
    expect(replyTimeText("Ayo", 0.2)).toBe("Ayo usually replies within an hour.");
    expect(replyTimeText("Ayo", 2.5)).toBe("Ayo usually replies within about 3 hours.");
    expect(replyTimeText("Ayo", 50)).toBe("Ayo usually replies within about 3 days.");
  });
});
