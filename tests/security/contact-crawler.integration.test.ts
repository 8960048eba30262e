// Issue 36 §4: a crawler over everything one person types and another reads. It seeds every typed field
// of a musician, an organiser, a request, a booking, a complaint about it, a review and messages with a
// phone number and an e-mail address in several disguises, then reads, before any payment, what each
// reader gets: signed out (the public profile, /market, the home page), as the other party (their
// dashboard pages and messages), and as the holder of the booking link (the booking page and its
// complaint, its contract and invoice PDFs, its calendar file), and every e-mail and text in the
// outboxes, including what an admin's action sent. It fails on any of the seeded contact details found
// there, read through the masker's own normalisation. Admins read typed text as typed (ADR 0028
// addendum): they arbitrate disputes and keep the originals; the crawler checks they do.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { grantAdminByEmail } from "~/features/admin/queries.server";
import { answer, args, post } from "~/features/bookings/booking-test-support";
import { CONTACT_HIDDEN, normaliseForMatching } from "~/features/messaging/contact-mask";
import { readEml } from "~/features/notifications/notice-test-support";
import { insertBooking } from "~/features/payments/payment-test-support";
import { sendPhoneMessage } from "~/features/phone-messages/phone-messages.server";
import { phoneOutbox } from "~/features/phone-messages/phone-test-support";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as createBookingAction } from "~/routes/api-bookings";
import { loader as calendarLoader } from "~/routes/booking-calendar";
import { loader as documentLoader } from "~/routes/booking-document";
import { action as requestAction, loader as requestFormLoader } from "~/routes/booking-request";
import { loader as clientBookingsLoader } from "~/routes/client-bookings";
import { action as clientMessagesAction, loader as clientMessagesLoader } from "~/routes/client-messages";
import { loader as homeLoader } from "~/routes/home";
import { loader as marketLoader } from "~/routes/market";
import { action as requestsAction, loader as requestsLoader } from "~/routes/musician-booking-requests";
import { loader as musicianBookingsLoader } from "~/routes/musician-bookings";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import {
  action as musicianMessagesAction,
  loader as musicianMessagesLoader,
} from "~/routes/musician-messages";
import { loader as profileLoader } from "~/routes/musician-profile";
import { loader as statusLoader } from "~/routes/request-status";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { lineUpMembers } from "~db/schema/lineups";
import { musicianPerformances, musicianPortfolioItems, musicianProfiles } from "~db/schema/profiles";
import { reviews, reviewWindows } from "~db/schema/reviews";
import { createMusician, createOrganiser, requestAs, testIp } from "../support/accounts";
import { bookingAct, bookingPage } from "../support/booking-page";
import { deliverQueuedMails } from "../support/mail-jobs";

afterAll(async () => {
  await stopJobs();
});

/** One person's contact details: the ten digits after the leading 0, and the e-mail's local part. */
type Secret = { phone: string; mail: string };
const TAYO: Secret = { phone: "08031234567", mail: "tayoreal" };
const NGOZI: Secret = { phone: "09055510199", mail: "ngozireal" };

const WORD = ["nought", "one", "two", "tree", "four", "fife", "six", "seven", "eight", "nine"];
const NEGATIVE = ["⓿", "❶", "❷", "❸", "❹", "❺", "❻", "❼", "❽", "❾"];
const DINGBAT = ["🄋", "➀", "➁", "➂", "➃", "➄", "➅", "➆", "➇", "➈"];

/** The ways people slip a number or an address past a reader, each a distinct disguise. */
function disguises(s: Secret): string[] {
  const d = [...s.phone];
  const [a, b, c] = [s.phone.slice(0, 4), s.phone.slice(4, 7), s.phone.slice(7)];
  return [
    `${a} ${b} ${c}`,
    d.map((x) => NEGATIVE[Number(x)]).join(""),
    d.map((x) => DINGBAT[Number(x)]).join(""),
    `${a.replace(/0/g, "O")} ${b.replace(/1/g, "I")} ${c.replace(/5/g, "S")}`,
    d.map((x) => WORD[Number(x)]).join(" "),
    `starts with ${a} and then ${b}, ending ${c}`,
    d.map((x) => `${x}\u0332`).join(""),
    `+234 ${s.phone.slice(1, 4)} ${b} ${c}`,
    `wa.me/234${s.phone.slice(1)}`,
    `${s.mail} at gee mail`,
    `${s.mail}@gmail.com`,
    `${s.mail} at gmail dot com`,
    `handle ${s.mail}`,
    `IG ${s.mail}`,
  ];
}

let turn = 0;
/** The next disguise of `s`, so the fields between them carry every one. */
function next(s: Secret): string {
  const all = disguises(s);
  turn += 1;
  return all[turn % all.length]!;
}
const typed = (s: Secret, words: string) => `${words} ${next(s)}`;

const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  nought: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  tree: "3",
  four: "4",
  five: "5",
  fife: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};

/** What of `s` a text gives away, read as the masker reads (normalised, number words as digits). */
function leaksOf(text: string, s: Secret): string[] {
  const read = normaliseForMatching(text);
  const digits = read
    .replace(
      /(?<![a-z])(zero|nought|oh|one|two|three|tree|four|five|fife|six|seven|eight|nine)(?![a-z])/gi,
      (w) => NUMBER_WORDS[w.toLowerCase()]!,
    )
    .replace(/\D/g, "");
  const found: string[] = [];
  if (digits.includes(s.phone.slice(1))) found.push(`phone ${s.phone}`);
  if (read.toLowerCase().includes(s.mail)) found.push(`address ${s.mail}`);
  return found;
}

/** Every finding: where it was read, by whom, and what it gave away. */
const findings: string[] = [];
function check(where: string, text: string, secrets: Secret[]) {
  for (const s of secrets) {
    for (const leak of leaksOf(text, s)) findings.push(`${where}: ${leak}${fieldsOf(text, s)}`);
  }
}

/** Where in a loader's answer a leak sits ("profile.performances.0.location"), to name the field. */
function fieldsOf(text: string, s: Secret): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).filter((l) => leaksOf(l, s).length);
    return lines.length ? ` in ${JSON.stringify(lines.map((l) => l.trim().slice(0, 80)))}` : "";
  }
  const paths: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === "string") {
      if (leaksOf(v, s).length) paths.push(path);
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    }
  };
  walk(value, "");
  return paths.length ? ` in ${paths.join(", ")}` : "";
}

const pdfText = (bytes: Buffer) =>
  execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: bytes }).toString("utf8");

async function readBody(
  run: () => Promise<unknown>,
): Promise<{ status: number; text: string; bytes?: Buffer }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const bytes = Buffer.from(await value.arrayBuffer());
    const type = value.headers.get("content-type") ?? "";
    return {
      status: value.status,
      text: type.includes("pdf") ? pdfText(bytes) : bytes.toString("utf8"),
      bytes,
    };
  }
  const d = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (d?.type === "DataWithResponseInit")
    return { status: d.init?.status ?? 200, text: JSON.stringify(d.data) };
  return { status: 200, text: JSON.stringify(value) };
}

async function seed() {
  // The musician: everything they type on their profile, written as stored before these rules.
  const tayo = await createMusician({ firstName: "Tayo", lastName: "Real" });
  const slug = `tayo-real-${tayo.profileId.slice(0, 4).replace(/\d/g, "x")}`;
  await db
    .update(musicianProfiles)
    .set({
      slug,
      websiteActive: true,
      phoneNumber: TAYO.phone,
      firstName: typed(TAYO, "Tayo"),
      lastName: typed(TAYO, "Real"),
      stageName: typed(TAYO, "Tayo Sax"),
      performanceRoles: [typed(TAYO, "Singer,"), "Saxophonist"],
      genres: ["Highlife", typed(TAYO, "Afrobeats,")],
      eventTypes: ["Wedding"],
      location: typed(TAYO, "Lagos"),
      bio: typed(TAYO, "Ten years on stage. Bookings:"),
      performanceStyle: typed(TAYO, "Smooth, call"),
      equipment: typed(TAYO, "Own PA, ask"),
      hourlyRateKobo: 25_000_000,
      socialLinks: [
        { platform: "Website", url: "https://wa.me/2348031234567" },
        { platform: "Instagram", url: "https://instagram.com/direct/t/tayoreal" },
        { platform: "Website", url: "https://t.me/tayoreal" },
        { platform: "Website", url: "https://example.com/?call=08031234567" },
      ],
    })
    .where(eq(musicianProfiles.id, tayo.profileId));
  await db
    .update(user)
    .set({ firstName: "Tayo", lastName: typed(TAYO, "Real"), name: typed(TAYO, "Tayo Real") })
    .where(eq(user.id, tayo.userId));
  await db.insert(musicianPerformances).values([
    {
      profileId: tayo.profileId,
      eventTitle: typed(TAYO, "Wedding gig"),
      eventType: "Wedding",
      eventDate: addDaysToDate(lagosToday(), 40),
      location: typed(TAYO, "Eko Hotel"),
    },
    {
      profileId: tayo.profileId,
      eventTitle: typed(TAYO, "Old gig"),
      eventType: "Concert",
      eventDate: addDaysToDate(lagosToday(), -40),
      location: typed(TAYO, "Muri Okunola Park"),
    },
  ]);
  await db.insert(musicianPortfolioItems).values({
    profileId: tayo.profileId,
    itemType: "video",
    contentUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    title: typed(TAYO, "Live at Eko,"),
  });

  // The organiser: their names as typed at sign-up, stored before these rules.
  const ngozi = await createOrganiser({ firstName: "Ngozi", lastName: "Okafor", phoneNumber: NGOZI.phone });
  await db
    .update(user)
    .set({ firstName: typed(NGOZI, "Ngozi"), lastName: typed(NGOZI, "Okafor"), name: typed(NGOZI, "Ngozi") })
    .where(eq(user.id, ngozi.userId));

  // A request from the organiser, through the form, every free-text field disguised.
  const sent = await answer(() =>
    requestAction(
      args(
        post(ngozi, `/musicians/${slug}/request`, {
          clientName: "Ngozi Okafor",
          email: ngozi.email,
          phoneNumber: NGOZI.phone,
          eventType: "other",
          eventTypeOther: typed(NGOZI, "Party"),
          location: typed(NGOZI, "Ikeja"),
          eventDate: addDaysToDate(lagosToday(), 30),
          eventDuration: "4",
          budgetEstimate: "250000",
          additionalDetails: typed(NGOZI, "About 80 guests."),
        }),
        { slug },
        testIp(),
      ),
    ),
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const [request] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.musicianId, tayo.profileId));
  // Stored before these rules: the name on the request too.
  await db
    .update(bookingRequests)
    .set({ clientName: typed(NGOZI, "Ngozi") })
    .where(eq(bookingRequests.id, request!.id));
  // The musician answers on the request card.
  const replied = await answer(() =>
    requestsAction(
      args(
        post(tayo, `/musician_bookingrequests/${slug}`, {
          intent: "reply",
          requestId: request!.id,
          body: typed(TAYO, "Yes I can."),
        }),
        { slug },
      ),
    ),
  );
  expect(replied.status, JSON.stringify(replied.body)).toBe(200);

  // The booking the musician makes from it: "Others" service and event type, venue and notes.
  const made = await answer(() =>
    createBookingAction(
      args(
        post(tayo, "/api/bookings", {
          // Made from the request: the server copies the organiser's e-mail and phone from it.
          requestId: request!.id,
          clientName: "Ngozi Okafor",
          email: "",
          phoneNumber: "",
          serviceType: "Others",
          serviceTypeOther: typed(TAYO, "Party"),
          price: "250,000",
          eventType: "Others",
          eventTypeOther: typed(TAYO, "Party"),
          location: typed(TAYO, "Venue:"),
          eventDate: addDaysToDate(lagosToday(), 20),
          eventStartTime: "14:00",
          eventEndTime: "18:00",
          additionalDetails: typed(TAYO, "Notes: sound check at 12."),
        }),
      ),
    ),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const [booking] = await db
    .select({ id: bookingsByMusician.id, slug: bookingsByMusician.slug })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.musicianId, tayo.profileId));

  // A drummer in the booking's line-up, the role as the leader typed it (issue 39): the client sees the
  // line-up's names and roles on the page and in the PDFs.
  const drummer = await createMusician({ firstName: "Kola", lastName: "Drums" });
  await db.insert(lineUpMembers).values({
    bookingId: booking!.id,
    memberId: drummer.profileId,
    role: typed(TAYO, "Drummer,"),
    feeKobo: 2_000_000,
    status: "accepted",
    respondedAt: new Date(),
  });

  // The organiser complains about the booking before paying, her contact details in every field.
  const complained = await bookingAct(
    booking!.slug,
    {
      intent: "dispute",
      clientName: typed(NGOZI, "Ngozi"),
      phoneNumber: NGOZI.phone,
      disputeReason: typed(NGOZI, "The venue changed, talk to me first:"),
    },
    ngozi,
  );
  expect(complained.status, JSON.stringify(complained.body)).toBe(200);

  // A review of an earlier, paid booking, and the musician's public reply, published as written.
  const [earlier] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId: tayo.profileId,
      slug: `rv${tayo.profileId.slice(0, 6).replace(/\d/g, "k")}`,
      clientName: "Ada Eze",
      serviceType: "Full Event Performance",
      eventType: "Wedding",
      eventDate: addDaysToDate(lagosToday(), -60),
      eventStartTime: "14:00",
      eventEndTime: "18:00",
      priceKobo: 25_000_000,
      status: "completed",
      paymentStatus: "released",
    })
    .returning({ id: bookingsByMusician.id });
  const ended = new Date(Date.now() - 50 * 86_400_000);
  await db.insert(reviewWindows).values({
    bookingId: earlier!.id,
    musicianId: tayo.profileId,
    eventEndsAt: ended,
    closesAt: new Date(ended.getTime() + 14 * 86_400_000),
    publishedAt: ended,
  });
  await db.insert(reviews).values({
    bookingId: earlier!.id,
    musicianId: tayo.profileId,
    direction: "client_to_musician",
    overall: 5,
    satisfaction: 5,
    professionalism: 5,
    communication: 5,
    punctuality: 5,
    body: typed(NGOZI, "Great night! Call me for your next show"),
    publishedAt: ended,
    replyBody: typed(TAYO, "Thank you! Book me direct"),
    replyCreatedAt: ended,
  });

  // Messages, before payment, both ways, one number split over two messages.
  const started = await answer(() =>
    clientMessagesAction(
      args(requestAs(ngozi, "/messages", { form: { intent: "start", musicianSlug: slug } })),
    ),
  );
  const conversationId = new URL(started.location!, "http://x").searchParams.get("c")!;
  const fromNgozi = (body: string) =>
    answer(() =>
      clientMessagesAction(
        args(requestAs(ngozi, "/messages", { form: { intent: "send", conversationId, body } })),
      ),
    );
  const fromTayo = (body: string) =>
    answer(() =>
      musicianMessagesAction(
        args(
          requestAs(tayo, `/musician_messages/${slug}`, { form: { intent: "send", conversationId, body } }),
          { slug },
        ),
      ),
    );
  for (let i = 0; i < 3; i++) await fromNgozi(typed(NGOZI, "Hello,"));
  await fromNgozi(`my number: ${NGOZI.phone.slice(0, 4)} ${NGOZI.phone.slice(4, 7)}`);
  await fromNgozi(NGOZI.phone.slice(7));
  for (let i = 0; i < 3; i++) await fromTayo(typed(TAYO, "Sure,"));
  await fromTayo(`mine is ${TAYO.phone.slice(0, 4)} ${TAYO.phone.slice(4, 7)}`);
  await fromTayo(TAYO.phone.slice(7));

  return { tayo, ngozi, slug, request: request!, booking: booking!, conversationId };
}

/** Sends every queued text now, as the worker would at its time. */
async function sendQueuedTexts() {
  const { rows } = await pool().query<{ id: string; send_after: Date }>(
    "SELECT id, send_after FROM phone_messages WHERE status = 'queued' ORDER BY created_at",
  );
  for (const r of rows)
    await sendPhoneMessage({ id: r.id }, new Date(Math.max(Date.now(), r.send_after.getTime())));
}

describe("contact crawler (issue 36): nothing one person typed gives their contact details to another before payment", () => {
  it("finds no phone number or e-mail address of either side on any page, document, calendar file, e-mail or text", async () => {
    const w = await seed();
    const both = [TAYO, NGOZI];
    const read = async (where: string, run: () => Promise<unknown>, secrets: Secret[]) => {
      const body = await readBody(run);
      expect(body.status, where).toBeLessThan(400);
      check(where, body.text, secrets);
      return body;
    };

    // Signed out: the public profile, /market (every way of finding them), the home page.
    await read(
      "public profile",
      () => profileLoader(args(requestAs(null, `/musicians/${w.slug}`), { slug: w.slug })),
      both,
    );
    for (const query of ["", "?q=Tayo", "?genre=Highlife", "?location=Lagos", "?role=Singer"]) {
      await read(`/market${query}`, () => marketLoader(args(requestAs(null, `/market${query}`))), both);
    }
    await read("home", () => homeLoader(), both);
    await read(
      "request form",
      () => requestFormLoader(args(requestAs(null, `/musicians/${w.slug}/request`), { slug: w.slug })),
      both,
    );

    // The booking link's holder, signed out and as the organiser: the page, both PDFs, the calendar file.
    for (const [who, viewer] of [
      ["link holder", null],
      ["organiser", w.ngozi],
    ] as const) {
      const page = await bookingPage(w.booking.slug, viewer);
      expect(page.status).toBe(200);
      check(`booking page (${who})`, JSON.stringify(page.body), [TAYO]);
      // The organiser's complaint, shown to whoever holds the link before payment (the musician too).
      expect(page.body.dispute?.reason).toMatch(/^The venue changed, talk to me first:/);
      check(`booking page's complaint (${who})`, JSON.stringify(page.body.dispute), [NGOZI]);
      for (const kind of ["contract", "invoice"]) {
        await read(
          `${kind} PDF (${who})`,
          () =>
            documentLoader(
              args(requestAs(viewer, `/booking/${w.booking.slug}/documents/${kind}`), {
                slug: w.booking.slug,
                kind,
              }),
            ),
          [TAYO],
        );
      }
      await read(
        `calendar file (${who})`,
        () =>
          calendarLoader(
            args(requestAs(viewer, `/booking/${w.booking.slug}/calendar.ics`), { slug: w.booking.slug }),
          ),
        [TAYO],
      );
    }

    // The organiser, reading what the musician typed.
    await read("organiser's bookings", () => clientBookingsLoader(args(requestAs(w.ngozi, "/bookings"))), [
      TAYO,
    ]);
    await read(
      "organiser's messages",
      () => clientMessagesLoader(args(requestAs(w.ngozi, `/messages?c=${w.conversationId}`))),
      [TAYO],
    );
    await read(
      "request status page",
      () =>
        statusLoader(
          args(requestAs(null, `/request/${w.request.statusToken}`), { token: w.request.statusToken }),
        ),
      [TAYO],
    );

    // The musician, reading what the organiser typed.
    const asTayo = (path: string) => args(requestAs(w.tayo, path), { slug: w.slug });
    await read("musician's requests", () => requestsLoader(asTayo(`/musician_bookingrequests/${w.slug}`)), [
      NGOZI,
    ]);
    await read("musician's bookings", () => musicianBookingsLoader(asTayo(`/musician_bookings/${w.slug}`)), [
      NGOZI,
    ]);
    await read("musician's dashboard", () => dashboardLoader(asTayo("/musician_dashboard")), [NGOZI]);
    await read(
      "musician's messages",
      () => musicianMessagesLoader(asTayo(`/musician_messages/${w.slug}?c=${w.conversationId}`)),
      [NGOZI],
    );

    // An admin reads the complaint as typed (they decide it), then closes it; what that action sends
    // either side is read with every other e-mail and text below.
    const admin = await createMusician();
    expect(await grantAdminByEmail(admin.email)).toBe(true);
    const payments = await readBody(() => adminLoader(args(requestAs(admin, "/admin?tab=payments"))));
    expect(payments.status).toBe(200);
    expect(leaksOf(payments.text, NGOZI), "the admin reads the complaint's words as typed").not.toEqual([]);
    const closed = await readBody(() =>
      adminAction(args(post(admin, "/admin?tab=payments", { intent: "close", bookingId: w.booking.id }), {})),
    );
    expect(closed.text).toContain("Dispute closed");
    // Once closed, the musician's bookings still read nothing of the organiser's.
    await read(
      "musician's bookings after the admin closed the complaint",
      () => musicianBookingsLoader(asTayo(`/musician_bookings/${w.slug}`)),
      [NGOZI],
    );

    // Every e-mail and text, read by the person it went to.
    await deliverQueuedMails();
    await sendQueuedTexts();
    const dir = outboxDir();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    let mails = 0;
    for (const f of files) {
      const raw = fs.readFileSync(`${dir}/${f}`, "utf8");
      const mail = readEml(raw);
      const secrets = mail.to.includes(w.tayo.email)
        ? [NGOZI]
        : mail.to.includes(w.ngozi.email)
          ? [TAYO]
          : both;
      mails += 1;
      check(`e-mail "${mail.subject}" to ${mail.to}`, `${mail.subject}\n${mail.text}`, secrets);
      // Attached contracts and invoices, read as PDFs.
      for (const m of raw.matchAll(
        /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g,
      )) {
        check(`PDF in "${mail.subject}"`, pdfText(Buffer.from(m[1]!.replace(/\s/g, ""), "base64")), secrets);
      }
    }
    expect(mails).toBeGreaterThan(0);
    const texts = phoneOutbox();
    for (const t of texts) {
      const secrets = t.to.endsWith(TAYO.phone.slice(1))
        ? [NGOZI]
        : t.to.endsWith(NGOZI.phone.slice(1))
          ? [TAYO]
          : both;
      check(`${t.channel} "${t.event}" to ${t.to}`, t.text, secrets);
    }
    expect(texts.length).toBeGreaterThan(0);

    expect(findings, `${findings.length} leaks:\n${findings.join("\n")}`).toEqual([]);
  });

  it("the probe's booking: the calendar file's SUMMARY and LOCATION, the page's notes, masked for the link holder before payment", async () => {
    const m = await createMusician({ firstName: "Tayo", lastName: "Real" });
    const b = await insertBooking(m.profileId, {
      eventType: "Others",
      eventTypeOther: "Party wa.me/2348031234567",
      serviceType: "Others",
      serviceTypeOther: "Sax 0̲8̲0̲3̲1̲2̲3̲4̲5̲6̲7̲",
      location: "Eko Hotel, handle tayoreal",
      additionalDetails: "Notes: starts with 0803 and then 123, ending 4567",
      eventDate: addDaysToDate(lagosToday(), 10),
      status: "confirmed",
    });
    const ics = await readBody(() =>
      calendarLoader(args(requestAs(null, `/booking/${b.slug}/calendar.ics`), { slug: b.slug })),
    );
    const unfolded = ics.text.replace(/\r?\n[ \t]/g, "");
    expect(unfolded).toMatch(
      /^SUMMARY:Others \(Party \[contact details hidden until booking is paid\]\) with /m,
    );
    expect(unfolded).toMatch(/^LOCATION:Eko Hotel\\, \[contact details hidden until booking is paid\]/m);
    const page = await bookingPage(b.slug, null);
    expect(page.body.booking).toMatchObject({
      eventTypeOther: `Party ${CONTACT_HIDDEN}`,
      serviceTypeOther: `Sax ${CONTACT_HIDDEN}`,
      location: `Eko Hotel, ${CONTACT_HIDDEN}`,
      additionalDetails: `Notes: starts with ${CONTACT_HIDDEN}`,
    });
  });
});
