import { expect, it } from "vitest";
import { eventEnded, eventEndsAt, formatLagosMoment } from "./event-time";

const day = { eventDate: "2026-12-12", eventStartTime: "14:00:00", eventEndTime: "18:00:00" };

it("ends the event at its end time in Lagos, the next day when it runs past midnight", () => {
  expect(eventEndsAt(day)?.toISOString()).toBe("2026-12-12T17:00:00.000Z");
  expect(eventEndsAt({ ...day, eventStartTime: "21:00:00", eventEndTime: "02:00:00" })?.toISOString()).toBe(
    "2026-12-13T01:00:00.000Z",
  );
  expect(eventEndsAt({ ...day, eventDate: null })).toBeNull();
});

it("with only a start time: 6 hours after it, never before the midnight that ends its day (N11)", () => {
  // A 14:00 start: the day's end, as before.
  expect(eventEndsAt({ ...day, eventEndTime: null })?.toISOString()).toBe("2026-12-12T23:00:00.000Z");
  // A 22:00 gig is not over at midnight: 04:00 the next day, Lagos.
  const late = { ...day, eventStartTime: "22:00:00", eventEndTime: null };
  expect(eventEndsAt(late)?.toISOString()).toBe("2026-12-13T03:00:00.000Z");
  expect(eventEnded(late, new Date("2026-12-12T23:30:00Z"))).toBe(false);
  expect(eventEnded(late, new Date("2026-12-13T03:00:00Z"))).toBe(true);
});

it("with no time, ends the event at the midnight that ends its day in Lagos", () => {
  expect(eventEndsAt({ ...day, eventStartTime: null, eventEndTime: null })?.toISOString()).toBe(
    "2026-12-12T23:00:00.000Z",
  );
  // The last day of a year, too.
  expect(
    eventEndsAt({ eventDate: "2026-12-31", eventStartTime: null, eventEndTime: null })?.toISOString(),
  ).toBe("2026-12-31T23:00:00.000Z");
});

it("counts the event as over only from its end (a booking with no date: its payer decides)", () => {
  expect(eventEnded(day, new Date("2026-12-12T16:59:59Z"))).toBe(false);
  expect(eventEnded(day, new Date("2026-12-12T17:00:00Z"))).toBe(true);
  // 00:30 on the event's day in Lagos is not "on or after the event" any more.
  expect(eventEnded({ ...day, eventEndTime: null }, new Date("2026-12-11T23:30:00Z"))).toBe(false);
  expect(eventEnded({ ...day, eventDate: null, eventStartTime: null, eventEndTime: null })).toBe(true);
});

it("says a moment in Lagos words", () => {
  expect(formatLagosMoment(new Date("2026-12-12T17:00:00Z"))).toBe("Saturday, 12 December 2026 at 6:00 PM");
  expect(formatLagosMoment(new Date("2026-12-12T23:00:00Z"))).toBe("Sunday, 13 December 2026 at 12:00 AM");
});
