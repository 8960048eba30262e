import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action, loader as calendarLoader } from "~/routes/musician-events";
import { loader as pastLoader } from "~/routes/musician-events-past";
import { loader as upcomingLoader } from "~/routes/musician-events-upcoming";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import { addEvent, calendarMonth, pastEvents, upcomingEvents } from "./events.server";

// 23:30 UTC on 14 March is already 00:30 on 15 March in Lagos.
const LAGOS_JUST_AFTER_MIDNIGHT = new Date("2026-03-14T23:30:00Z");

async function perform(profileId: string, eventTitle: string, eventDate: string) {
  await db.insert(musicianPerformances).values({ profileId, eventTitle, eventType: "Concert", eventDate });
}

interface ActionBody {
  ok?: boolean;
  toast: { message: string };
  fieldErrors: Record<string, string>;
}

/** The status and JSON body of what an action answered (settle turns data() into a Response). */
async function answer(res: unknown): Promise<{ status: number; body: ActionBody }> {
  const r = res as Response;
  return { status: r.status, body: await r.json() };
}

type LoaderArgs = Parameters<typeof calendarLoader>[0];
const args = (request: Request, slug: string) =>
  ({ request, params: { slug }, context: loadContext() }) as unknown as LoaderArgs;

describe("upcoming and past events", () => {
  it("splits at midnight in Lagos, upcoming ascending and past descending", async () => {
    const m = await createMusician();
    await perform(m.profileId, "Old gig", "2026-02-01");
    await perform(m.profileId, "Yesterday gig", "2026-03-14");
    await perform(m.profileId, "Today gig", "2026-03-15");
    await perform(m.profileId, "Later gig", "2026-04-20");
    await perform(m.profileId, "Soon gig", "2026-03-20");

    const upcoming = await upcomingEvents(m.profileId, LAGOS_JUST_AFTER_MIDNIGHT);
    const past = await pastEvents(m.profileId, LAGOS_JUST_AFTER_MIDNIGHT);
    expect(upcoming.ok && upcoming.data.map((e) => e.title)).toEqual(["Today gig", "Soon gig", "Later gig"]);
    expect(past.ok && past.data.map((e) => e.title)).toEqual(["Yesterday gig", "Old gig"]);
  });

  it("files an event by its end: today's finished booking is Past, today's later one Upcoming (phone walk 2)", async () => {
    const m = await createMusician();
    const slug = () => randomBytes(4).toString("hex");
    const base = { musicianId: m.profileId, serviceType: "Background Music", eventType: "Wedding" };
    await db.insert(bookingsByMusician).values([
      {
        ...base,
        slug: slug(),
        clientName: "Morning Wedding",
        eventDate: "2026-11-27",
        eventStartTime: "00:00",
        eventEndTime: "00:30",
        status: "completed",
      },
      {
        ...base,
        slug: slug(),
        clientName: "Evening Dinner",
        eventDate: "2026-11-27",
        eventStartTime: "19:00",
        eventEndTime: "22:00",
        status: "confirmed",
      },
    ]);
    const noon = new Date("2026-11-27T11:00:00Z"); // 12:00 in Lagos
    const upcoming = await upcomingEvents(m.profileId, noon);
    const past = await pastEvents(m.profileId, noon);
    expect(upcoming.ok && upcoming.data.map((e) => e.title)).toEqual(["Booking: Evening Dinner"]);
    expect(past.ok && past.data.map((e) => e.title)).toEqual(["Booking: Morning Wedding"]);
  });

  it("shows only the musician's own events", async () => {
    const a = await createMusician();
    const b = await createMusician();
    await perform(b.profileId, "Not mine", "2099-01-01");
    const upcoming = await upcomingEvents(a.profileId);
    expect(upcoming.ok && upcoming.data).toEqual([]);
  });

  it("reports a load failure with the spec's message", async () => {
    const result = await upcomingEvents("not-a-uuid");
    expect(result).toEqual({ ok: false, message: "Failed to load events. Please try again." });
  });
});

describe("calendar", () => {
  it("lists the month's performances and confirmed bookings, not pending ones", async () => {
    const m = await createMusician();
    await perform(m.profileId, "May concert", "2031-05-10");
    await perform(m.profileId, "June concert", "2031-06-10");
    const slug = () => randomBytes(4).toString("hex");
    await db.insert(bookingsByMusician).values([
      {
        musicianId: m.profileId,
        slug: slug(),
        clientName: "Ngozi Eze",
        serviceType: "Background Music",
        eventType: "Wedding",
        eventDate: "2031-05-20",
        status: "confirmed",
      },
      {
        musicianId: m.profileId,
        slug: slug(),
        clientName: "Pending Client",
        serviceType: "Background Music",
        eventType: "Wedding",
        eventDate: "2031-05-21",
        status: "pending",
      },
    ]);
    const result = await calendarMonth(m.profileId, "2031-05");
    expect(result.ok && result.data.entries.map((e) => [e.title, e.source])).toEqual([
      ["May concert", "performance"],
      ["Booking: Ngozi Eze", "booking"],
    ]);
    // Upcoming lists the confirmed booking too, marked as one and linking to it.
    const upcoming = await upcomingEvents(m.profileId, new Date("2031-01-01T12:00:00Z"));
    expect(upcoming.ok && upcoming.data.map((e) => [e.title, e.source])).toEqual([
      ["May concert", "performance"],
      ["Booking: Ngozi Eze", "booking"],
      ["June concert", "performance"],
    ]);
    expect(upcoming.ok && upcoming.data[1]?.href).toMatch(/^\/booking\/[0-9a-f]{8}$/);

    const res = await calendarLoader(
      args(requestAs(m, `/musician_events/${m.profileId}?month=2031-05`), m.profileId),
    );
    expect(res.month).toBe("2031-05");
    expect(res.entries).toHaveLength(2);
  });
});

describe("bookings that happened stay on the calendar (issue 23 §7)", () => {
  it("shows a completed booking on the month grid and in Past, with past confirmed ones, not cancelled ones", async () => {
    const m = await createMusician();
    const slug = () => randomBytes(4).toString("hex");
    const base = {
      musicianId: m.profileId,
      serviceType: "Background Music",
      eventType: "Wedding",
    };
    await db.insert(bookingsByMusician).values([
      { ...base, slug: slug(), clientName: "Chiamaka Okafor", eventDate: "2026-11-25", status: "completed" },
      {
        ...base,
        slug: slug(),
        clientName: "Played Unreleased",
        eventDate: "2026-11-20",
        status: "confirmed",
      },
      { ...base, slug: slug(), clientName: "Called Off", eventDate: "2026-11-21", status: "cancelled" },
      { ...base, slug: slug(), clientName: "Next Week", eventDate: "2026-12-02", status: "confirmed" },
    ]);
    await perform(m.profileId, "Club night", "2026-11-10");
    const month = await calendarMonth(m.profileId, "2026-11");
    expect(month.ok && month.data.entries.map((e) => [e.date, e.title, e.completed ?? false])).toEqual([
      ["2026-11-10", "Club night", false],
      ["2026-11-20", "Booking: Played Unreleased", false],
      ["2026-11-25", "Booking: Chiamaka Okafor", true],
    ]);
    const afterWedding = new Date("2026-11-26T10:00:00Z");
    const past = await pastEvents(m.profileId, afterWedding);
    expect(past.ok && past.data.map((e) => e.title)).toEqual([
      "Booking: Chiamaka Okafor",
      "Booking: Played Unreleased",
      "Club night",
    ]);
    expect(past.ok && past.data[0]?.href).toMatch(/^\/booking\/[0-9a-f]{8}$/);
    const upcoming = await upcomingEvents(m.profileId, afterWedding);
    expect(upcoming.ok && upcoming.data.map((e) => e.title)).toEqual(["Booking: Next Week"]);
    // Another musician's Past does not show them.
    const other = await createMusician();
    const theirs = await pastEvents(other.profileId, afterWedding);
    expect(theirs.ok && theirs.data).toEqual([]);
    const res = await pastLoader(
      args(requestAs(m, `/musician_events_past/${m.profileId}`), m.profileId) as never,
    );
    expect(JSON.stringify(res)).toContain("Booking: Played Unreleased");
  });
});

describe("add event rules", () => {
  it("refuses a scheduled event in the past but records a past event in history", async () => {
    const m = await createMusician();
    const base = {
      eventTitle: "Owambe",
      eventType: "Wedding",
      location: null,
      startTime: null,
      endTime: null,
    };
    const scheduled = await addEvent(
      m.profileId,
      { ...base, eventDate: "2026-03-14", kind: "scheduled" },
      LAGOS_JUST_AFTER_MIDNIGHT,
    );
    expect(scheduled).toEqual({
      ok: false,
      field: "eventDate",
      message: "A scheduled event must be dated today or later",
    });
    const todayScheduled = await addEvent(
      m.profileId,
      { ...base, eventDate: "2026-03-15", kind: "scheduled" },
      LAGOS_JUST_AFTER_MIDNIGHT,
    );
    expect(todayScheduled.ok).toBe(true);
    const history = await addEvent(
      m.profileId,
      { ...base, eventDate: "2020-01-01", kind: "history" },
      LAGOS_JUST_AFTER_MIDNIGHT,
    );
    expect(history.ok).toBe(true);
  });
});

describe("Add Event action", () => {
  const form = {
    eventTitle: "Lagos Jazz Night",
    eventType: "Concert",
    eventDate: "2099-06-01",
    kind: "scheduled",
  };

  it("adds a scheduled event and answers with the spec's toast", async () => {
    const m = await createMusician();
    const res = await answer(
      await settle(() =>
        action(args(requestAs(m, `/musician_events/${m.profileId}`, { form }), m.profileId)),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.toast.message).toBe("Event scheduled");
    const upcoming = await upcomingEvents(m.profileId);
    expect(upcoming.ok && upcoming.data.map((e) => e.title)).toEqual(["Lagos Jazz Night"]);
  });

  it("asks for the required fields", async () => {
    const m = await createMusician();
    const res = await answer(
      await settle(() =>
        action(
          args(
            requestAs(m, `/musician_events/${m.profileId}`, {
              form: { eventTitle: "", eventType: "", eventDate: "" },
            }),
            m.profileId,
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Please fill in all required fields");
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(["eventDate", "eventTitle", "eventType"]);
  });

  it("rejects garbage input with a message, not a 500", async () => {
    const m = await createMusician();
    const res = await answer(
      await settle(() =>
        action(
          args(
            requestAs(m, `/musician_events/${m.profileId}`, {
              form: { ...form, eventDate: "2026-02-31", startTime: "25:99", kind: "weird" },
            }),
            m.profileId,
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.eventDate).toBe("Enter a valid date");
  });

  it("tells a signed-out visitor to log in, and refuses another musician", async () => {
    const m = await createMusician();
    const other = await createMusician();
    const signedOut = await answer(
      await settle(() =>
        action(args(requestAs(null, `/musician_events/${m.profileId}`, { form }), m.profileId)),
      ),
    );
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.toast.message).toBe("You must be logged in to add events");

    const intruder = await settle(() =>
      action(args(requestAs(other, `/musician_events/${m.profileId}`, { form }), m.profileId)),
    );
    expect((intruder as Response).status).toBe(404);
    const upcoming = await upcomingEvents(m.profileId);
    expect(upcoming.ok && upcoming.data).toEqual([]);
  });
});

describe("events pages guard", () => {
  it.each([
    ["/musician_events", calendarLoader],
    ["/musician_events_upcoming", upcomingLoader],
    ["/musician_events_past", pastLoader],
  ])("%s sends a signed-out visitor to /login and 404s another musician", async (path, load) => {
    const m = await createMusician();
    const other = await createMusician();
    const url = `${path}/${m.profileId}`;
    const out = (await settle(() => load(args(requestAs(null, url), m.profileId) as never))) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    const intruder = (await settle(() =>
      load(args(requestAs(other, url), m.profileId) as never),
    )) as Response;
    expect(intruder.status).toBe(404);
  });
});
