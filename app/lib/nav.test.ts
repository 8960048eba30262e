import { describe, expect, it } from "vitest";
import { pageTitle, showsCreateBooking } from "./nav";

describe("showsCreateBooking", () => {
  it.each([
    "/musician_dashboard",
    "/musician_bookings/ada",
    "/musician_events_upcoming/ada",
    "/musician_messages/ada",
    "/musician_wallet/ada",
    "/musician_reviews/ada",
    "/musician_availability/ada",
  ])("shows on %s when signed in", (path) => {
    expect(showsCreateBooking(path, true)).toBe(true);
    expect(showsCreateBooking(path, false)).toBe(false);
  });

  it.each(["/", "/profile", "/market", "/musicians/ada", "/musician_bookingrequests/ada", "/booking/abc"])(
    "hides on %s",
    (path) => {
      expect(showsCreateBooking(path, true)).toBe(false);
    },
  );
});

describe("pageTitle", () => {
  it("names the page and the site", () => {
    expect(pageTitle("Sign in")).toBe("Sign in | Stagebook");
    expect(pageTitle()).toMatch(/musicians in Nigeria/);
  });
});
