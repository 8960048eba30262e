// Phone walk 3: the past-event question comes in the preview, once, saying what it means for the money.
import { expect, it } from "vitest";
import { pastEventMoneyWords, timeAlreadyOver } from "./past-event";

const now = new Date("2026-11-29T07:30:00+01:00");

it("knows a time already over in Lagos, and one still to come", () => {
  expect(timeAlreadyOver({ eventDate: "2026-11-27", eventStartTime: null, eventEndTime: null }, now)).toBe(
    true,
  );
  expect(
    timeAlreadyOver({ eventDate: "2026-11-29", eventStartTime: "00:00", eventEndTime: "02:00" }, now),
  ).toBe(true);
  expect(
    timeAlreadyOver({ eventDate: "2026-11-29", eventStartTime: "16:00", eventEndTime: "20:00" }, now),
  ).toBe(false);
  expect(timeAlreadyOver({ eventDate: "2026-11-29", eventStartTime: null, eventEndTime: null }, now)).toBe(
    false,
  );
});

it("says when the payment of a past event is released", () => {
  expect(pastEventMoneyWords(48)).toBe(
    "The event is over, so when the client pays, the payment is released to you 48 hours after they pay, unless they report a problem first.",
  );
  expect(pastEventMoneyWords(0)).toContain("released to you as soon as they pay");
});
