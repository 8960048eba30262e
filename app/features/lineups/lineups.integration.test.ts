// Issue 39 §2-4, §6 through the pages' own loaders and actions, on real PostgreSQL: invite, accept,
// decline, leave; a member's time is busy like their own booking; fees never pass the leader's share;
// everything is frozen at payment; each side reads only what is theirs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { calendarFeed, ownFeedUrl } from "~/features/calendar/feed.server";
import { priceQuote } from "~/features/money/booking-money.server";
import { action as createAction } from "~/routes/api-bookings";
import { loader as documentLoader } from "~/routes/booking-document";
import { action as requestAction } from "~/routes/booking-request";
import { action as bookingsAction } from "~/routes/musician-bookings";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import { loader as upcomingLoader } from "~/routes/musician-events-upcoming";
import { action as lineUpsAction, loader as lineUpsLoader } from "~/routes/musician-lineups";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingRequests } from "~db/schema/bookings";
import { lineUpMembers, musicianBusy } from "~db/schema/lineups";
import { phoneMessages } from "~db/schema/phone-messages";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import {
  bookingAct,
  bookingPage,
  cookieOf,
  payCheckoutAt,
  withCookies,
} from "../../../tests/support/booking-page";
import { lagosDay } from "../../../tests/support/lagos-days";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";
import { LINE_UP_BUSY_AT_NEW_TIME } from "../bookings/bookings.server";
import { BOOKED_JUST_NOW } from "../calendar/calendar.schema";
import { insertBooking } from "../payments/payment-test-support";
import { LINE_UP_MESSAGES as M, overShareMessage, shareSentence } from "./lineup.schema";

afterAll(() => stopJobs());

const PRICE = 25_000_000; // ₦250,000
let dayOffset = 200;
/** A fresh evening far enough ahead, so tests never share a date by accident. */
function nextDay() {
  dayOffset += 3;
  return lagosDay(dayOffset);
}

type Band = TestMusician & { slug: string; name: string };
async function musician(): Promise<Band> {
  const m = await createMusician();
  const slug = await giveSlug(m);
  const [row] = await db
    .execute<{ stage_name: string }>(sql`SELECT stage_name FROM musician_profiles WHERE id = ${m.profileId}`)
    .then((r) => r.rows);
  return { ...m, slug, name: row!.stage_name };
}

async function booking(leader: Band, day: string, over: Record<string, unknown> = {}) {
  return insertBooking(leader.profileId, {
    eventType: "Wedding",
    eventDate: day,
    eventStartTime: "18:00",
    eventEndTime: "22:00",
    location: "Eko Hotel, Victoria Island, Lagos",
    priceKobo: PRICE,
    status: "confirmed",
    email: "ada@example.com",
    phoneNumber: "08031234567",
    ...over,
  });
}

/** The leader's line-up form on their booking page. */
const leaderPosts = (who: Band | null, slug: string, form: Record<string, string>) =>
  bookingAct(slug, form, who);
const add = (
  leader: Band,
  b: { id: string; slug: string },
  musicianRef: string,
  fee = "35,000",
  role = "Drummer",
) => leaderPosts(leader, b.slug, { intent: "lineup-add", bookingId: b.id, musician: musicianRef, role, fee });

/** The member's forms on their Line-ups page. */
const memberPosts = (who: Band, form: Record<string, string>, slug = who.slug) =>
  answer(() => lineUpsAction(args(post(who, `/musician_lineups/${slug}`, form), { slug })));
const memberPage = (who: Band | null, slug: string) =>
  answer(() => lineUpsLoader(args(get(who, `/musician_lineups/${slug}`), { slug })));

async function placeOf(bookingId: string, memberId: string) {
  const [row] = await db
    .select({ id: lineUpMembers.id, status: lineUpMembers.status, feeKobo: lineUpMembers.feeKobo })
    .from(lineUpMembers)
    .where(and(eq(lineUpMembers.bookingId, bookingId), eq(lineUpMembers.memberId, memberId)))
    .orderBy(sql`${lineUpMembers.invitedAt} DESC`)
    .limit(1);
  return row!;
}

async function invited(leader: Band, b: { id: string; slug: string }, member: Band, fee = "35,000") {
  const res = await add(leader, b, member.name, fee);
  expect(res.body).toMatchObject({ ok: true });
  return (await placeOf(b.id, member.profileId)).id;
}

const accept = (member: Band, placeId: string) => memberPosts(member, { intent: "lineup-accept", placeId });

describe("invite, accept, decline, leave", () => {
  it("a leader invites by stage name or profile link; the invite is texted; the member accepts and is busy then", async () => {
    const [leader, drummer, singer] = [await musician(), await musician(), await musician()];
    const day = nextDay();
    const b = await booking(leader, day);
    const byName = await add(leader, b, drummer.name);
    expect(byName.status).toBe(200);
    expect(byName.body.toast.message).toBe(M.added);
    const byLink = await add(
      leader,
      b,
      `http://localhost:3000/musicians/${singer.slug}`,
      "20,000",
      "Backing vocalist",
    );
    expect(byLink.body).toMatchObject({ ok: true });

    const drumPlace = await placeOf(b.id, drummer.profileId);
    expect(drumPlace).toMatchObject({ status: "invited", feeKobo: 3_500_000 });
    // The text, by the phone-messages rules, with the words.
    const [text] = await db
      .select({ text: phoneMessages.text, event: phoneMessages.event })
      .from(phoneMessages)
      .where(and(eq(phoneMessages.bookingId, b.id), eq(phoneMessages.event, "line_up_invite")))
      .orderBy(phoneMessages.createdAt)
      .limit(1);
    expect(text!.text).toContain(`${leader.name} invites you to play Drummer at Wedding on`);
    expect(text!.text).toContain("in Lagos for NGN 35,000");
    // The invite waits on the member's page (and dashboard, Booking Requests: the same list).
    const page = await memberPage(drummer, drummer.slug);
    expect(page.body.invites.map((i: { placeId: string }) => i.placeId)).toEqual([drumPlace.id]);

    const yes = await accept(drummer, drumPlace.id);
    expect(yes.body).toMatchObject({ ok: true, toast: { message: M.accepted } });
    expect((await placeOf(b.id, drummer.profileId)).status).toBe("accepted");
    const busy = await db.select().from(musicianBusy).where(eq(musicianBusy.musicianId, drummer.profileId));
    expect(busy).toHaveLength(1);
    // Under the member's Upcoming events.
    const upcoming = await answer(() =>
      upcomingLoader(args(get(drummer, `/musician_events_upcoming/${drummer.slug}`), { slug: drummer.slug })),
    );
    expect(upcoming.body.entries.map((e: { title: string }) => e.title)).toContain(
      `Line-up: Drummer with ${leader.name}`,
    );
    // Accepting twice is refused plainly.
    expect((await accept(drummer, drumPlace.id)).body.toast.message).toBe(M.notInvited);
  });

  it("declining frees the place (the leader may invite again); leaving frees the member's time", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    const first = await invited(leader, b, member);
    const no = await memberPosts(member, { intent: "lineup-decline", placeId: first });
    expect(no.body).toMatchObject({ ok: true, toast: { message: M.declined } });
    expect((await placeOf(b.id, member.profileId)).status).toBe("declined");
    // The leader is told: by e-mail, and on their dashboard.
    const dashboard = await answer(() => dashboardLoader(args(get(leader, "/musician_dashboard"))));
    expect(dashboard.body.lineUpNews[0].text).toMatch(
      new RegExp(`^${member.name} declined to play Drummer at Wedding, `),
    );
    const again = await invited(leader, b, member);
    expect(again).not.toBe(first);
    await accept(member, again);
    const leave = await memberPosts(member, { intent: "lineup-leave", placeId: again });
    expect(leave.body).toMatchObject({ ok: true, toast: { message: M.left } });
    expect((await placeOf(b.id, member.profileId)).status).toBe("left");
    expect(
      await db.select().from(musicianBusy).where(eq(musicianBusy.musicianId, member.profileId)),
    ).toHaveLength(0);
  });

  it("the leader changes a fee and role, and removes a member", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    const place = await invited(leader, b, member);
    const changed = await leaderPosts(leader, b.slug, {
      intent: "lineup-change",
      placeId: place,
      role: "Talking drummer",
      fee: "40,000",
    });
    expect(changed.body).toMatchObject({ ok: true });
    expect((await placeOf(b.id, member.profileId)).feeKobo).toBe(4_000_000);
    const removed = await leaderPosts(leader, b.slug, { intent: "lineup-remove", placeId: place });
    expect(removed.body).toMatchObject({ ok: true, toast: { message: M.removed } });
    expect((await placeOf(b.id, member.profileId)).status).toBe("removed");
  });

  it("the leader cannot add themselves, a stranger, or a musician twice; bad input gets field messages", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    expect((await add(leader, b, leader.name)).body.toast.message).toBe(M.notYourself);
    expect((await add(leader, b, "Nobody By This Name")).body.errors.musician).toBe(M.musicianNotFound);
    await invited(leader, b, member);
    expect((await add(leader, b, member.name)).body.toast.message).toBe(M.alreadyIn);
    const bad = await leaderPosts(leader, b.slug, {
      intent: "lineup-add",
      bookingId: b.id,
      musician: "",
      role: "",
      fee: "abc",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["fee", "musician", "role"]);
  });
});

describe("a member's time is busy like their own booking (the database refuses overlaps)", () => {
  it("accepting over the member's own confirmed booking is refused", async () => {
    const [leader, member] = [await musician(), await musician()];
    const day = nextDay();
    await booking(member, day, { eventStartTime: "20:00", eventEndTime: "23:00" });
    const b = await booking(leader, day);
    const place = await invited(leader, b, member);
    const res = await accept(member, place);
    expect(res.status).toBe(409);
    expect(res.body.toast.message).toBe(M.youAreBusy);
    expect((await placeOf(b.id, member.profileId)).status).toBe("invited");
  });

  it("a line-up over another accepted line-up is refused", async () => {
    const [a, b, member] = [await musician(), await musician(), await musician()];
    const day = nextDay();
    const first = await invited(a, await booking(a, day), member);
    const second = await invited(
      b,
      await booking(b, day, { eventStartTime: "21:00", eventEndTime: "23:30" }),
      member,
    );
    expect((await accept(member, first)).body.ok).toBe(true);
    const res = await accept(member, second);
    expect(res.body.toast.message).toBe(M.youAreBusy);
  });

  it("the member's own booking, made or from a request, over an accepted line-up: warned, and refused at confirmation", async () => {
    const [leader, member] = [await musician(), await musician()];
    const day = nextDay();
    const place = await invited(leader, await booking(leader, day), member);
    await accept(member, place);
    // A client's request to the member for that evening; the member accepts it into a booking.
    await answer(() =>
      requestAction(
        args(
          post(null, `/musicians/${member.slug}/request`, {
            clientName: "Kemi Bello",
            email: "kemi@example.com",
            phoneNumber: "08030001111",
            eventType: "birthday",
            eventTypeOther: "",
            location: "Ikeja, Lagos",
            eventDate: day,
            eventDuration: "4",
            budgetEstimate: "150000",
            additionalDetails: "",
          }),
          { slug: member.slug },
        ),
      ),
    );
    const [req] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.musicianId, member.profileId));
    const form = {
      ...validBooking,
      eventDate: day,
      eventStartTime: "19:00",
      eventEndTime: "21:00",
      requestId: req!.id,
    };
    const warned = await answer(() => createAction(args(post(member, "/api/bookings", form))));
    expect(warned.status).toBe(409);
    expect(warned.body.clashes.map((c: { title: string }) => c.title)).toContain("Line-up gig");
    const made = await answer(() =>
      createAction(args(post(member, "/api/bookings", { ...form, allowOverlap: "1" }))),
    );
    expect(made.status).toBe(200);
    const confirm = await bookingAct(made.body.slug, { intent: "confirm" });
    expect(confirm.status).toBe(409);
    expect(confirm.body.toast.message).toBe(BOOKED_JUST_NOW);
  });

  it("two overlapping invites accepted at the same instant: exactly one wins, the other is told plainly", async () => {
    const [a, b, member] = [await musician(), await musician(), await musician()];
    const day = nextDay();
    const one = await invited(a, await booking(a, day), member);
    const two = await invited(b, await booking(b, day), member);
    const results = await Promise.all([accept(member, one), accept(member, two)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.toast.message).toBe(M.youAreBusy);
    const rows = await db.select().from(musicianBusy).where(eq(musicianBusy.musicianId, member.profileId));
    expect(rows).toHaveLength(1);
  });
});

describe("fees come out of the leader's share", () => {
  it("fees adding up to more than the share are refused with the share sentence", async () => {
    const [leader, m1, m2] = [await musician(), await musician(), await musician()];
    const b = await booking(leader, nextDay());
    const share = priceQuote(PRICE).musicianKobo;
    const firstFee = share - 5_000_000;
    await invited(leader, b, m1, String(firstFee / 100));
    const over = await add(leader, b, m2.name, "60,000");
    expect(over.status).toBe(400);
    expect(over.body.errors.fee).toBe(overShareMessage(share, firstFee + 6_000_000));
    expect(over.body.errors.fee).toContain(shareSentence(share, firstFee + 6_000_000));
    // Exactly the share is fine.
    expect((await add(leader, b, m2.name, "50,000")).body.ok).toBe(true);
    // The leader's page shows the sentence with today's figures.
    const page = await bookingPage(b.slug, leader);
    expect(page.body.leaderLineUp.lineUp.sentence).toBe(shareSentence(share, share));
  });
});

describe("frozen at payment", () => {
  it("after the client pays, no path changes the line-up; invites not yet accepted lapse", async () => {
    const [leader, playing, waiting, late] = [
      await musician(),
      await musician(),
      await musician(),
      await musician(),
    ];
    const b = await booking(leader, nextDay());
    const inPlace = await invited(leader, b, playing);
    await accept(playing, inPlace);
    const pending = await invited(leader, b, waiting);
    // The client pays on the booking page through the test checkout.
    const pay = await bookingAct(b.slug, { intent: "pay", email: "ada@example.com" });
    expect(pay.status).toBe(302);
    await payCheckoutAt(pay.location, withCookies(cookieOf(pay)));
    expect((await placeOf(b.id, waiting.profileId)).status).toBe("lapsed");

    const refusals = [
      await add(leader, b, late.name),
      await leaderPosts(leader, b.slug, {
        intent: "lineup-change",
        placeId: inPlace,
        role: "DJ",
        fee: "1,000",
      }),
      await leaderPosts(leader, b.slug, { intent: "lineup-remove", placeId: inPlace }),
      await memberPosts(playing, { intent: "lineup-leave", placeId: inPlace }),
      await accept(waiting, pending),
      await memberPosts(waiting, { intent: "lineup-decline", placeId: pending }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.body.toast.message).toBe(M.frozen);
    }
    expect(await placeOf(b.id, playing.profileId)).toMatchObject({ status: "accepted", feeKobo: 3_500_000 });
    const page = await bookingPage(b.slug, leader);
    expect(page.body.leaderLineUp.lineUp).toMatchObject({ frozen: true, lockedMessage: M.frozen });
    // The member reads the payment state from the money module.
    const member = await memberPage(playing, playing.slug);
    expect(member.body.playing[0].payment).toMatch(/^Paid, held in escrow until /);
  });
});

describe("what each side sees", () => {
  it("the client sees stage names and roles, no fees; the member never the client's contacts or the leader's price", async () => {
    const [leader, member, other] = [await musician(), await musician(), await musician()];
    const b = await booking(leader, nextDay(), { clientName: "Adaeze Okonkwo" });
    const place = await invited(leader, b, member);
    await accept(member, place);

    const client = await bookingPage(b.slug);
    expect(client.body.lineUp).toEqual([{ name: member.name, role: "Drummer" }]);
    expect(client.body.leaderLineUp).toBeNull();
    expect(JSON.stringify(client.body.lineUp)).not.toMatch(/35,?000|3500000/);

    const leaderView = await bookingPage(b.slug, leader);
    expect(leaderView.body.leaderLineUp.lineUp.members[0]).toMatchObject({
      name: member.name,
      feeKobo: 3_500_000,
    });

    const mine = await memberPage(member, member.slug);
    const text = JSON.stringify(mine.body);
    expect(mine.body.playing[0]).toMatchObject({
      role: "Drummer",
      feeKobo: 3_500_000,
      venue: "Eko Hotel, Victoria Island, Lagos",
    });
    for (const secret of ["Adaeze", "ada@example.com", "08031234567", String(PRICE), "250,000", b.slug])
      expect(text).not.toContain(secret);

    // Another musician: not the leader's forms, not the member's page or answers.
    expect((await add(other, b, member.name)).status).toBe(404);
    expect((await leaderPosts(other, b.slug, { intent: "lineup-remove", placeId: place })).status).toBe(404);
    expect((await memberPage(other, member.slug)).status).toBe(404);
    expect((await memberPosts(other, { intent: "lineup-leave", placeId: place }, other.slug)).status).toBe(
      404,
    );
    // Signed out: sent to sign in, nothing changes.
    expect((await memberPage(null, member.slug)).status).toBe(302);
    expect(
      (await leaderPosts(null, b.slug, { intent: "lineup-remove", placeId: place })).status,
    ).toBeGreaterThanOrEqual(300);
    expect((await placeOf(b.id, member.profileId)).status).toBe("accepted");
  });

  it("the client's contract and receipt name the line-up (stage names and roles), never a fee", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    await accept(member, await invited(leader, b, member, "35,000"));
    const pay = await bookingAct(b.slug, { intent: "pay", email: "ada@example.com" });
    await payCheckoutAt(pay.location, withCookies(cookieOf(pay)));
    for (const kind of ["contract", "receipt"]) {
      const res = (await documentLoader(
        args(get(null, `/booking/${b.slug}/documents/${kind}`), { slug: b.slug, kind }),
      )) as Response;
      expect(res.status).toBe(200);
      const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], {
        input: Buffer.from(await res.arrayBuffer()),
      }).toString("utf8");
      expect(text).toContain("Line-up");
      expect(text).toMatch(new RegExp(`${member.name}\\s+Drummer`));
      expect(text).not.toContain("35,000");
    }
  });

  it("leader and member message each other unmasked once the member agreed to play", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    const place = await invited(leader, b, member);
    // Before accepting there is no thread.
    expect((await memberPosts(member, { intent: "lineup-message", placeId: place, body: "hi" })).status).toBe(
      404,
    );
    await accept(member, place);
    const sent = await leaderPosts(leader, b.slug, {
      intent: "lineup-message",
      placeId: place,
      body: "Call me on 0803 123 4567",
    });
    expect(sent.body).toMatchObject({ ok: true });
    const mine = await memberPage(member, member.slug);
    expect(mine.body.threads[0].messages[0]).toMatchObject({ mine: false, body: "Call me on 0803 123 4567" });
    const empty = await memberPosts(member, { intent: "lineup-message", placeId: place, body: "   " });
    expect(empty.body.errors.body).toBe(M.emptyMessage);
  });
});

describe("a pending booking's new time and its line-up", () => {
  it("moving a booking onto a time an accepted member is busy is refused in words, not a 500", async () => {
    const [leader, member] = [await musician(), await musician()];
    const [day, otherDay] = [nextDay(), nextDay()];
    const b = await booking(leader, day, { status: "pending" });
    await accept(member, await invited(leader, b, member));
    await booking(member, otherDay);
    const moved = await answer(() =>
      bookingsAction(
        args(
          post(leader, `/musician_bookings/${leader.slug}`, {
            ...validBooking,
            intent: "update",
            bookingId: b.id,
            eventDate: otherDay,
            eventStartTime: "18:00",
            eventEndTime: "22:00",
            allowOverlap: "1",
          }),
          { slug: leader.slug },
        ),
      ),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.toast.message).toBe(LINE_UP_BUSY_AT_NEW_TIME);
  });

  it("the member's calendar feed lists the gig they accepted", async () => {
    const [leader, member] = [await musician(), await musician()];
    const b = await booking(leader, nextDay());
    await accept(member, await invited(leader, b, member));
    const token = (await ownFeedUrl(member.profileId)).split("/").pop()!;
    const feed = await calendarFeed(token);
    expect(feed).toContain(`line-up: Drummer with ${leader.name}`);
  });
});

describe("a cancelled booking tells its line-up", () => {
  /** The e-mails written to the outbox for one address. */
  const mailsTo = (email: string) =>
    (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : [])
      .filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, "_")}.eml`))
      .map((f) => fs.readFileSync(`${outboxDir()}/${f}`, "utf8"));

  it("the leader cancels: each member still in the line-up is e-mailed that the date is free", async () => {
    const [leader, playing, waiting] = [await musician(), await musician(), await musician()];
    const b = await booking(leader, nextDay());
    await accept(playing, await invited(leader, b, playing));
    await invited(leader, b, waiting, "10,000");
    expect(mailsTo(waiting.email).some((m) => m.includes("invites you to play Drummer at Wedding"))).toBe(
      true,
    );
    const cancelled = await answer(() =>
      bookingsAction(
        args(post(leader, `/musician_bookings/${leader.slug}`, { intent: "cancel", bookingId: b.id }), {
          slug: leader.slug,
        }),
      ),
    );
    expect(cancelled.body).toMatchObject({ ok: true });
    for (const m of [playing, waiting])
      expect(mailsTo(m.email).some((mail) => mail.includes("A line-up you were in was cancelled"))).toBe(
        true,
      );
    expect(
      await db.select().from(musicianBusy).where(eq(musicianBusy.musicianId, playing.profileId)),
    ).toHaveLength(0);
  });
});
