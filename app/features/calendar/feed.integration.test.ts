import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { addDaysToDate } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as confirmAction } from "~/routes/booking";
import { loader as bookingIcsLoader } from "~/routes/booking-calendar";
import { loader as feedLoader } from "~/routes/calendar-feed";
import { loader as availabilityLoader } from "~/routes/musician-availability";
import { action as bookingsAction } from "~/routes/musician-bookings";
import { action as regenerateAction } from "~/routes/musician-calendar-feed";
import { loader as eventsLoader } from "~/routes/musician-events";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";

async function book(m: TestMusician, over: Record<string, string>, confirm = true) {
  const res = await answer(() => createAction(args(post(m, "/api/bookings", { ...validBooking, ...over }))));
  expect(res.status).toBe(200);
  const slug = res.body.slug as string;
  if (confirm) {
    const ok = await answer(() =>
      confirmAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })),
    );
    expect(ok.status).toBe(200);
  }
  return slug;
}

async function feedUrlOf(m: TestMusician, slug: string): Promise<string> {
  const res = await answer(() => eventsLoader(args(get(m, `/musician_events/${slug}`), { slug })));
  expect(res.status).toBe(200);
  return res.body.calendarFeedUrl as string;
}

async function fetchFeed(url: string): Promise<Response> {
  const token = new URL(url).pathname.split("/").pop()!;
  return (await feedLoader(args(new Request(url), { token }))) as Response;
}

/** A yyyy-MM-dd date as iCalendar writes it (yyyyMMdd). */
const icsDate = (date: string) => date.replaceAll("-", "");

function events(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((v): v is VEvent => v.type === "VEVENT");
}

describe("the musician's calendar feed (RFC 5545)", () => {
  it("lists confirmed bookings and scheduled events in Lagos time, with location, client and a link back", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const [day, jazzDay] = [lagosDay(106), lagosDay(155)];
    const evening = await book(m, {
      clientName: "Ada Eze",
      eventDate: day,
      eventStartTime: "18:00",
      eventEndTime: "22:30",
      location: "Eko Hotel, Victoria Island",
    });
    const allDay = await book(m, {
      clientName: "Bola Ade",
      eventType: "Others",
      eventTypeOther: "Naming ceremony",
      eventDate: lagosDay(113),
      eventStartTime: "",
      eventEndTime: "",
    });
    await book(m, { clientName: "Still Pending", eventDate: lagosDay(125) }, false);
    const cancelled = await book(m, { clientName: "Gone Away", eventDate: lagosDay(126) });
    await db
      .update(bookingsByMusician)
      .set({ status: "cancelled" })
      .where(eq(bookingsByMusician.slug, cancelled));
    await db.insert(musicianPerformances).values({
      profileId: m.profileId,
      eventTitle: "Jazz at Terra Kulture",
      eventType: "Concert",
      eventDate: jazzDay,
      location: "Terra Kulture, Lagos",
      startTime: "20:00",
      endTime: "23:00",
    });

    const url = await feedUrlOf(m, slug);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrlOf(m, slug)).toBe(url); // the same link every visit

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Africa/Lagos");
    expect(text).toContain(`DTSTART;TZID=Africa/Lagos:${icsDate(day)}T180000`);

    const list = events(text);
    const bySummary = Object.fromEntries(list.map((e) => [String(e.summary), e]));
    expect(Object.keys(bySummary).sort()).toEqual([
      "Jazz at Terra Kulture",
      "Others (Naming ceremony) — Bola Ade",
      "Wedding — Ada Eze",
    ]);
    const ada = bySummary["Wedding — Ada Eze"]!;
    expect(ada.start.toISOString()).toBe(`${day}T17:00:00.000Z`); // 18:00 in Lagos (UTC+1)
    expect(ada.end.toISOString()).toBe(`${day}T21:30:00.000Z`);
    expect(ada.start.tz).toBe("Africa/Lagos");
    expect(ada.location).toBe("Eko Hotel, Victoria Island");
    expect(ada.status).toBe("CONFIRMED");
    expect(ada.uid).toBe(`booking-${evening}@stagebook`);
    expect(text).toContain(`URL;VALUE=URI:${new URL(url).origin}/booking/${evening}`);
    expect(ada.description).toContain("Ada Eze");

    const bola = bySummary["Others (Naming ceremony) — Bola Ade"]!;
    expect(bola.datetype).toBe("date");
    expect(bola.uid).toBe(`booking-${allDay}@stagebook`);

    const jazz = bySummary["Jazz at Terra Kulture"]!;
    expect(jazz.start.toISOString()).toBe(`${jazzDay}T19:00:00.000Z`);
    expect(jazz.location).toBe("Terra Kulture, Lagos");
  });

  it("puts an all-day booking on its own date whatever the server's time zone (TZ=UTC, TZ=America/Los_Angeles)", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const [allDay, late, night] = [lagosDay(18), lagosDay(19), lagosDay(21)];
    await book(m, { clientName: "Ngozi Eze", eventDate: allDay, eventStartTime: "", eventEndTime: "" });
    await book(m, {
      clientName: "Late Show",
      eventDate: late,
      eventStartTime: "23:00",
      eventEndTime: "",
    });
    await book(m, {
      clientName: "Night Show",
      eventDate: night,
      eventStartTime: "22:00",
      eventEndTime: "02:00",
    });
    const url = await feedUrlOf(m, slug);
    const before = process.env.TZ;
    try {
      // Node re-reads TZ when it is assigned; the offsets prove each zone really applied.
      for (const [zone, offset] of [
        ["UTC", 0],
        ["America/Los_Angeles", 480],
      ] as const) {
        process.env.TZ = zone;
        expect(new Date(2026, 11, 15).getTimezoneOffset()).toBe(offset);
        const text = await (await fetchFeed(url)).text();
        const byName = Object.fromEntries(events(text).map((e) => [String(e.summary), e]));
        expect(text).toContain(`DTSTART;VALUE=DATE:${icsDate(allDay)}`);
        expect(byName["Wedding — Ngozi Eze"]?.datetype).toBe("date");
        // A timed booking keeps its Lagos wall-clock time, and runs to midnight when it has no end.
        expect(text).toContain(`DTSTART;TZID=Africa/Lagos:${icsDate(late)}T230000`);
        expect(text).toContain(`DTEND;TZID=Africa/Lagos:${icsDate(addDaysToDate(late, 1))}T000000`);
        // An overnight booking (22:00 to 02:00) ends the next day (N11).
        expect(text).toContain(`DTSTART;TZID=Africa/Lagos:${icsDate(night)}T220000`);
        expect(text).toContain(`DTEND;TZID=Africa/Lagos:${icsDate(addDaysToDate(night, 1))}T020000`);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("a booking cancelled after it was in the feed drops out of it", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const b = await book(m, { clientName: "Soon Cancelled", eventDate: lagosDay(190) });
    const url = await feedUrlOf(m, slug);
    expect(events(await (await fetchFeed(url)).text())).toHaveLength(1);
    const [row] = await db
      .select({ id: bookingsByMusician.id })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, b));
    const cancel = await answer(() =>
      bookingsAction(
        args(post(m, `/musician_bookings/${slug}`, { intent: "cancel", bookingId: row!.id }), { slug }),
      ),
    );
    expect(cancel.status).toBe(200);
    expect(events(await (await fetchFeed(url)).text())).toHaveLength(0);
  });

  it("Regenerate revokes the old URL at once; only the owner can regenerate", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await book(m, { eventDate: lagosDay(225) });
    const oldUrl = await feedUrlOf(m, slug);

    const other = await createMusician();
    const otherSlug = await giveSlug(other);
    const otherUrl = await feedUrlOf(other, otherSlug);
    // Another musician aiming at this musician's slug is refused; a visitor is sent to sign in.
    const stranger = await answer(() =>
      regenerateAction(args(post(other, `/musician_calendar_feed/${slug}`, {}), { slug })),
    );
    expect(stranger.status).toBe(404);
    const visitor = await answer(() =>
      regenerateAction(args(post(null, `/musician_calendar_feed/${slug}`, {}), { slug })),
    );
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/login");
    expect((await fetchFeed(oldUrl)).status).toBe(200);

    const res = await answer(() =>
      regenerateAction(args(post(m, `/musician_calendar_feed/${slug}`, {}), { slug })),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/musician_events/${slug}`);
    const newUrl = await feedUrlOf(m, slug);
    expect(newUrl).not.toBe(oldUrl);
    const old = await fetchFeed(oldUrl);
    expect(old.status).toBe(404);
    expect(await old.text()).toContain("This calendar link is not valid");
    expect(events(await (await fetchFeed(newUrl)).text())).toHaveLength(1);
    expect((await fetchFeed(otherUrl)).status).toBe(200); // other musicians' links are untouched

    // Pressed on the Availability page, it returns there; anything else returns to Events.
    const fromAvailability = await answer(() =>
      regenerateAction(
        args(post(m, `/musician_calendar_feed/${slug}`, { returnTo: "availability" }), { slug }),
      ),
    );
    expect(fromAvailability.location).toBe(`/musician_availability/${slug}`);
    const elsewhere = await answer(() =>
      regenerateAction(
        args(post(m, `/musician_calendar_feed/${slug}`, { returnTo: "//evil.example" }), { slug }),
      ),
    );
    expect(elsewhere.location).toBe(`/musician_events/${slug}`);
  });

  it("the Availability page shows the same private feed URL as the Events page", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const url = await feedUrlOf(m, slug);
    const res = await answer(() =>
      availabilityLoader(args(get(m, `/musician_availability/${slug}`), { slug })),
    );
    expect(res.status).toBe(200);
    expect(res.body.calendarFeedUrl).toBe(url);
  });

  it("a made-up or malformed token gets 404, never a feed", async () => {
    for (const token of ["x", "a".repeat(43), `${"b".repeat(43)}.ics`, "../../etc/passwd"]) {
      expect((await fetchFeed(`http://localhost:3000/calendar/${token}`)).status).toBe(404);
    }
  });
});

describe("the client's one-off .ics for a booking", () => {
  it("by the booking's slug alone: that booking with the musician's name, nothing else", async () => {
    const m = await createMusician();
    await giveSlug(m);
    const day = lagosDay(260);
    const slug = await book(m, { eventDate: day, eventStartTime: "15:00", eventEndTime: "19:00" }, false);
    await book(m, { clientName: "Someone Else", eventDate: lagosDay(267) });
    const res = (await bookingIcsLoader(
      args(get(null, `/booking/${slug}/calendar.ics`), { slug }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="stagebook-booking-${slug}.ics"`,
    );
    const list = events(await res.text());
    expect(list).toHaveLength(1);
    expect(list[0]!.summary).toMatch(/^Wedding with Stage \d+$/);
    expect(list[0]!.start.toISOString()).toBe(`${day}T14:00:00.000Z`);
    expect(list[0]!.location).toBe(validBooking.location);

    const unknown = (await bookingIcsLoader(
      args(get(null, "/booking/zzzzzzzz/calendar.ics"), { slug: "zzzzzzzz" }),
    )) as Response;
    expect(unknown.status).toBe(404);
  });
});
