import { expect, it } from "vitest";
import { eventDateReached, eventEndsAt } from "./event-time";

it("ends the event at its end time in Lagos, the next day when it runs past midnight", () => {
  const day = { eventDate: "2026-12-12", eventStartTime: "14:00:00", eventEndTime: "18:00:00" };
  expect(eventEndsAt(day)?.toISOString()).toBe("2026-12-12T17:00:00.000Z");
  expect(eventEndsAt({ ...day, eventStartTime: "21:00:00", eventEndTime: "02:00:00" })?.toISOString()).toBe(
    "2026-12-13T01:00:00.000Z",
  );
  expect(eventEndsAt({ ...day, eventEndTime: null })?.toISOString()).toBe("2026-12-12T22:59:59.000Z");
  expect(eventEndsAt({ ...day, eventDate: null })).toBeNull();
});

it("lets the client mark the event as happened from the event's date in Lagos", () => {
  // 23:30 UTC on the 11th is already the 12th in Lagos.
  expect(eventDateReached("2026-12-12", new Date("2026-12-11T23:30:00Z"))).toBe(true);
  expect(eventDateReached("2026-12-12", new Date("2026-12-11T22:30:00Z"))).toBe(false);
  expect(eventDateReached(null)).toBe(true);
});
