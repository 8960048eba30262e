import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { marketPageQuery } from "~/features/marketplace/queries.server";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as confirmAction } from "~/routes/booking";
import { loader as requestLoader } from "~/routes/booking-request";
import { loader as marketLoader } from "~/routes/market";
import { loader as availabilityLoader } from "~/routes/musician-availability";
import { loader as busyLoader } from "~/routes/musician-busy-dates";
import { loader as profileLoader } from "~/routes/musician-profile";
import { action as unavailableAction } from "~/routes/musician-unavailable";
import { db, pool } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";

const day = (n: number) => addDaysToDate(lagosToday(), n);

async function book(m: TestMusician, over: Record<string, string>, confirm = true) {
  const res = await answer(() =>
    createAction(args(post(m, "/api/bookings", { ...validBooking, allowOverlap: "1", ...over }))),
  );
  const slug = res.body.slug as string;
  if (confirm)
    await answer(() => confirmAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })));
  return slug;
}

async function markOff(m: TestMusician, slug: string, date: string) {
  return answer(() =>
    unavailableAction(args(post(m, `/musician_calendar_unavailable/${slug}`, { date }), { slug })),
  );
}

describe("organisers see the days a musician is taken (dates only)", () => {
  it("profile, request page and busy-dates list booked, event and unavailable days, never who or why", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await book(m, { clientName: "Secret Client Ada", eventDate: day(10) });
    await book(m, { clientName: "Pending Pat", eventDate: day(11) }, false);
    await book(m, { clientName: "Past Paul", eventDate: day(-3), pastEvent: "on" });
    await db.insert(musicianPerformances).values({
      profileId: m.profileId,
      eventTitle: "Private party at the Secret Venue",
      eventType: "Concert",
      eventDate: day(12),
    });
    expect((await markOff(m, slug, day(13))).status).toBe(302);
    const expected = [day(10), day(12), day(13)];

    const profile = await answer(() => profileLoader(args(get(null, `/musicians/${slug}`), { slug })));
    expect(profile.status).toBe(200);
    expect(profile.body.busyDates).toEqual(expected);
    const request = await answer(() =>
      requestLoader(args(get(null, `/musicians/${slug}/request`), { slug })),
    );
    expect(request.body.busyDates).toEqual(expected);
    const busy = await answer(() => busyLoader(args(get(null, `/musicians/${slug}/busy-dates`), { slug })));
    expect(busy.body).toEqual({ dates: expected });
    const everything = JSON.stringify([profile.body, request.body, busy.body]);
    for (const secret of ["Secret Client", "Pending Pat", validBooking.location]) {
      expect(everything).not.toContain(secret);
    }

    const unknown = await answer(() =>
      busyLoader(args(get(null, "/musicians/nobody-here/busy-dates"), { slug: "nobody-here" })),
    );
    expect(unknown.status).toBe(404);
  });

  it("marking a day unavailable: only the owner, only real dates from today on; removing reopens it", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const other = await createMusician();
    const otherSlug = await giveSlug(other);
    expect((await markOff(m, slug, day(5))).status).toBe(302);
    expect((await markOff(m, slug, day(5))).status).toBe(302); // twice is once
    for (const bad of [day(-1), "2026-02-30", "tomorrow", ""]) {
      const res = await markOff(m, slug, bad);
      expect(res.status).toBe(302);
      expect(res.location).toBe(`/musician_availability/${slug}`);
    }
    // Someone else aiming at this musician's page is refused; a visitor signs in first.
    expect((await markOff(other, slug, day(6))).status).toBe(404);
    expect((await markOff(null as unknown as TestMusician, slug, day(6))).location).toContain("/login");

    const page = await answer(() =>
      availabilityLoader(args(get(m, `/musician_availability/${slug}`), { slug })),
    );
    expect(page.body.unavailable.map((r: { date: string }) => r.date)).toEqual([day(5)]);
    const id = page.body.unavailable[0].id as string;
    // Another musician cannot remove it, even through their own page.
    await answer(() =>
      unavailableAction(
        args(post(other, `/musician_calendar_unavailable/${otherSlug}`, { intent: "remove", id }), {
          slug: otherSlug,
        }),
      ),
    );
    const still = await answer(() => busyLoader(args(get(null, `/musicians/${slug}/busy-dates`), { slug })));
    expect(still.body.dates).toEqual([day(5)]);
    await answer(() =>
      unavailableAction(
        args(post(m, `/musician_calendar_unavailable/${slug}`, { intent: "remove", id }), { slug }),
      ),
    );
    const after = await answer(() => busyLoader(args(get(null, `/musicians/${slug}/busy-dates`), { slug })));
    expect(after.body.dates).toEqual([]);
  });
});

describe("/market's date filter leaves out musicians taken that day", () => {
  it("booked (confirmed) or unavailable that day: left out; pending or booked another day: shown", async () => {
    const t = `zq${randomBytes(3).toString("hex")}`;
    const D = day(30);
    const people: Record<string, TestMusician & { slug: string }> = {};
    for (const name of ["Booked", "Off", "Pending", "Elsewhere"]) {
      const m = await createMusician();
      const slug = await giveSlug(m);
      await db.execute(
        sql`UPDATE musician_profiles SET stage_name = ${`${name} ${t}`} WHERE id = ${m.profileId}`,
      );
      await db.insert(musicianAvailability).values({ profileId: m.profileId, date: D });
      people[name] = { ...m, slug };
    }
    await book(people.Booked!, { eventDate: D, eventStartTime: "10:00", eventEndTime: "12:00" });
    await markOff(people.Off!, people.Off!.slug, D);
    await book(people.Pending!, { eventDate: D }, false);
    await book(people.Elsewhere!, { eventDate: day(31) });

    const res = await marketLoader(args(get(null, `/market?q=${t}&date=${D}`)));
    const names = res.results.cards.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual([`Elsewhere ${t}`, `Pending ${t}`]);
  });

  it("the date filter's checks use indexes (EXPLAIN), so /market stays fast", async () => {
    const query = marketPageQuery(
      {
        words: [],
        genre: null,
        eventType: null,
        role: null,
        locationTerms: [],
        maxRateKobo: null,
        date: "2031-09-06",
        sort: "newest",
      },
      12,
      0,
    );
    // Test tables are tiny, where a sequential scan is cheapest; forbid it to see which indexes apply.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN ${query}`);
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    // Each checked per musician through an index led by the musician's id.
    expect(plan).toMatch(
      /Index (Only )?Scan using \w+ on bookings_by_musician b[^\n]*\n\s+Index Cond: \(musician_id = p\.id/,
    );
    expect(plan).toContain("musician_unavailable_dates_profile_date_key");
    expect(plan).not.toMatch(/Seq Scan on (bookings_by_musician|musician_unavailable_dates)/);
  });
});

describe("cached public pages learn of a new confirmed booking", () => {
  it("confirming (or cancelling) a booking notifies the public page cache; creating a pending one does not", async () => {
    const m = await createMusician();
    await giveSlug(m);
    const client = await pool().connect();
    const heard: string[] = [];
    client.on("notification", (n) => heard.push(String(n.payload)));
    await client.query("LISTEN stagebook_public_pages");
    try {
      const slug = await book(m, { eventDate: day(40) }, false);
      await client.query("SELECT 1"); // notifications arrive with the next round trip
      const beforeConfirm = heard.filter((t) => t === "bookings_by_musician").length;
      expect(beforeConfirm).toBe(0);
      await answer(() =>
        confirmAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })),
      );
      await expect
        .poll(async () => {
          await client.query("SELECT 1");
          return heard.filter((t) => t === "bookings_by_musician").length;
        })
        .toBe(1);
    } finally {
      await client.query("UNLISTEN *");
      client.release();
    }
  });
});
