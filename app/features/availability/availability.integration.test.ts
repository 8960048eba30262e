import { describe, expect, it } from "vitest";
import { insertBooking } from "~/features/payments/payment-test-support";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { action, loader } from "~/routes/musician-availability";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import {
  ownUpcomingAvailability,
  publicAvailability,
  saveAvailability,
  selectableRange,
  usualHours,
} from "./availability.server";

type Args = Parameters<typeof loader>[0];
const args = (request: Request, slug: string) =>
  ({ request, params: { slug }, context: loadContext() }) as unknown as Args;

interface Body {
  toast: { type: string; message: string };
  errors?: Record<string, string>;
}
async function post(who: { cookie: string } | null, slug: string, body: URLSearchParams) {
  const request = new Request(`http://localhost:3000/musician_availability/${slug}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      ...(who ? { cookie: who.cookie } : {}),
    },
    body,
  });
  const res = (await settle(() => action(args(request, slug) as never))) as Response;
  return {
    status: res.status,
    res,
    body: res.headers.get("content-type")?.includes("json") ? ((await res.json()) as Body) : null,
  };
}

const today = lagosToday();
const day = (n: number) => addDaysToDate(today, n);

describe("availability", () => {
  it("persists several dates with a time window and lists them", async () => {
    const m = await createMusician();
    const form = new URLSearchParams([
      ["intent", "save"],
      ["dates", day(3)],
      ["dates", day(1)],
      ["startTime", "10:15"],
      ["endTime", "18:45"],
    ]);
    const res = await post(m, m.profileId, form);
    expect(res.status).toBe(200);
    expect(res.body?.toast.message).toBe("Availability saved successfully!");
    const blocks = await ownUpcomingAvailability(m.profileId);
    expect(blocks.map((b) => [b.date, b.isAllDay, b.startTime, b.endTime])).toEqual([
      [day(1), false, "10:15:00", "18:45:00"],
      [day(3), false, "10:15:00", "18:45:00"],
    ]);
    const page = await loader(args(requestAs(m, `/musician_availability/${m.profileId}`), m.profileId));
    expect(page.blocks).toHaveLength(2);
    expect(page.from).toBe(today);
  });

  it("saves all-day blocks and replaces an earlier block on the same date", async () => {
    const m = await createMusician();
    await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(2)],
        ["startTime", "09:00"],
        ["endTime", "12:00"],
      ]),
    );
    await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(2)],
        ["allDay", "on"],
      ]),
    );
    const blocks = await ownUpcomingAvailability(m.profileId);
    expect(blocks.map((b) => [b.date, b.isAllDay, b.startTime])).toEqual([[day(2), true, null]]);
  });

  it("asks for at least one date", async () => {
    const m = await createMusician();
    const res = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["intent", "save"],
        ["allDay", "on"],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body?.toast.message).toBe("Please select at least one date");
    expect(res.body?.errors?.dates).toBe("Please select at least one date");
  });

  it("refuses past dates, dates beyond the span, bad times and an end before the start", async () => {
    const m = await createMusician();
    const past = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(-1)],
        ["allDay", "on"],
      ]),
    );
    expect(past.status).toBe(400);
    expect(past.body?.toast.message).toBe("Pick dates from today onward, within the next 90 days");
    const far = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(91)],
        ["allDay", "on"],
      ]),
    );
    expect(far.status).toBe(400);
    const badTime = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(1)],
        ["startTime", "09:07"],
      ]),
    );
    expect(badTime.body?.errors?.startTime).toBe("Choose a time in 15-minute steps");
    const reversed = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(1)],
        ["startTime", "17:00"],
        ["endTime", "09:00"],
      ]),
    );
    expect(reversed.body?.errors?.endTime).toBe("End time must be later than the start time");
    const junk = await post(m, m.profileId, new URLSearchParams([["dates", "not-a-date"]]));
    expect(junk.status).toBe(400);
    expect(await ownUpcomingAvailability(m.profileId)).toEqual([]);
  });

  it("uses Lagos time for today at the day boundary", async () => {
    const m = await createMusician();
    const lateUtc = new Date("2026-03-14T23:30:00Z");
    expect(selectableRange(lateUtc).from).toBe("2026-03-15");
    const refused = await saveAvailability(
      m.profileId,
      { dates: ["2026-03-14"], allDay: true, startTime: "09:00", endTime: "17:00" },
      lateUtc,
    );
    expect(refused.ok).toBe(false);
    const saved = await saveAvailability(
      m.profileId,
      { dates: ["2026-03-15"], allDay: true, startTime: "09:00", endTime: "17:00" },
      lateUtc,
    );
    expect(saved).toEqual({ ok: true, saved: 1 });
    expect((await publicAvailability(m.profileId, lateUtc)).map((b) => b.date)).toEqual(["2026-03-15"]);
    expect(await publicAvailability(m.profileId, new Date("2026-03-15T23:00:00Z"))).toEqual([]);
  });

  it("removes only the musician's own blocks", async () => {
    const m = await createMusician();
    const other = await createMusician();
    await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["dates", day(5)],
        ["allDay", "on"],
      ]),
    );
    const [block] = await ownUpcomingAvailability(m.profileId);

    const intruder = await post(
      other,
      other.profileId,
      new URLSearchParams([
        ["intent", "remove"],
        ["id", block.id],
      ]),
    );
    expect(intruder.status).toBe(404);
    expect(await ownUpcomingAvailability(m.profileId)).toHaveLength(1);

    const removed = await post(
      m,
      m.profileId,
      new URLSearchParams([
        ["intent", "remove"],
        ["id", block.id],
      ]),
    );
    expect(removed.body?.toast.message).toBe("Availability removed");
    expect(await ownUpcomingAvailability(m.profileId)).toEqual([]);
  });

  it("sends a signed-out visitor to /login and 404s another musician's page", async () => {
    const m = await createMusician();
    const other = await createMusician();
    const url = `/musician_availability/${m.profileId}`;
    const out = (await settle(() => loader(args(requestAs(null, url), m.profileId)))) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    expect(((await settle(() => loader(args(requestAs(other, url), m.profileId)))) as Response).status).toBe(
      404,
    );

    const anon = await post(
      null,
      m.profileId,
      new URLSearchParams([
        ["dates", day(1)],
        ["allDay", "on"],
      ]),
    );
    expect(anon.status).toBe(302);
    const foreign = await post(
      other,
      m.profileId,
      new URLSearchParams([
        ["dates", day(1)],
        ["allDay", "on"],
      ]),
    );
    expect(foreign.status).toBe(404);
    expect(await ownUpcomingAvailability(m.profileId)).toEqual([]);
  });
});

describe("a day marked available gets the musician's usual hours (issue 16 §6)", () => {
  it("starts from 9 to 5, said so, then from the hours saved most recently", async () => {
    const m = await createMusician();
    expect(await usualHours(m.profileId)).toEqual({
      allDay: false,
      startTime: "09:00",
      endTime: "17:00",
      fromLastSaved: false,
    });
    await saveAvailability(m.profileId, {
      dates: [day(2)],
      allDay: false,
      startTime: "19:00",
      endTime: "23:00",
    });
    expect(await usualHours(m.profileId)).toEqual({
      allDay: false,
      startTime: "19:00",
      endTime: "23:00",
      fromLastSaved: true,
    });
    await saveAvailability(m.profileId, {
      dates: [day(1)],
      allDay: true,
      startTime: "09:00",
      endTime: "17:00",
    });
    expect(await usualHours(m.profileId)).toMatchObject({ allDay: true, fromLastSaved: true });
    // Another musician's hours are their own.
    const other = await createMusician();
    expect((await usualHours(other.profileId)).fromLastSaved).toBe(false);
  });

  it("before any saved availability, starts with the hours the musician is usually booked for (phone walk 3)", async () => {
    const m = await createMusician();
    await insertBooking(m.profileId, { eventStartTime: "16:00", eventEndTime: "22:00" });
    await insertBooking(m.profileId, {
      eventStartTime: "16:00:00",
      eventEndTime: "22:00:00",
      status: "pending",
    });
    await insertBooking(m.profileId, { eventStartTime: "10:00", eventEndTime: "12:00" });
    await insertBooking(m.profileId, { eventStartTime: "09:00", eventEndTime: "11:00", status: "cancelled" });
    await insertBooking(m.profileId, { eventStartTime: "09:00", eventEndTime: "11:00", status: "cancelled" });
    expect(await usualHours(m.profileId)).toEqual({
      allDay: false,
      startTime: "16:00",
      endTime: "22:00",
      fromLastSaved: false,
      fromBookings: true,
    });
    // Hours saved on the availability page come first.
    await saveAvailability(m.profileId, {
      dates: [day(2)],
      allDay: false,
      startTime: "18:00",
      endTime: "23:00",
    });
    expect(await usualHours(m.profileId)).toMatchObject({ startTime: "18:00", fromLastSaved: true });
  });
});
