import { describe, expect, it } from "vitest";
import { dashboardMenu, sidebarCookieValue, sidebarOpenFromCookie } from "./dashboard-menu";

describe("dashboard menu", () => {
  it("lists the spec's Main Menu in order, with slugged links", () => {
    const menu = dashboardMenu("ada-sings");
    expect(menu.map((m) => m.label)).toEqual([
      "Overview",
      "Numbers",
      "Edit Profile",
      "Bookings",
      "Events",
      "Messages",
      "Wallet",
      "Reviews",
    ]);
    expect(menu[1].to).toBe("/musician_numbers/ada-sings");
    expect(menu[3].children?.map((c) => [c.label, c.to])).toEqual([
      ["All Bookings", "/musician_bookings/ada-sings"],
      ["Booking Requests", "/musician_bookingrequests/ada-sings"],
      ["Successful Bookings", "/musician_successfulbookings/ada-sings"],
      // Issue 39: the line-ups a musician is invited to or plays in (ADR 0034).
      ["Line-ups", "/musician_lineups/ada-sings"],
    ]);
    expect(menu[4].children?.map((c) => c.label)).toEqual(["All", "Upcoming", "Past", "Availability"]);
    expect(menu[4].children?.[3].to).toBe("/musician_availability/ada-sings");
    expect(menu[5].children?.map((c) => [c.label, c.to])).toEqual([
      ["All Messages", "/musician_messages/ada-sings"],
      ["With Bookings", "/musician_messages/ada-sings?filter=bookings"],
      ["Inquiries", "/musician_messages/ada-sings?filter=inquiries"],
    ]);
    expect(menu[6].to).toBe("/musician_wallet/ada-sings");
    expect(menu[7].to).toBe("/musician_reviews/ada-sings");
  });
});

describe("waiting requests", () => {
  it("are counted beside Booking Requests", () => {
    const bookings = dashboardMenu("ada-sings", { requests: 3 })[3];
    expect(bookings?.children?.find((c) => c.label === "Booking Requests")?.count).toBe(3);
  });
});

describe("sidebar cookie", () => {
  it("keeps the state for 7 days", () => {
    expect(sidebarCookieValue(false)).toBe("sidebar_state=false; path=/; max-age=604800; samesite=lax");
  });
  it("reads the state, open by default", () => {
    expect(sidebarOpenFromCookie(null)).toBe(true);
    expect(sidebarOpenFromCookie("a=1; sidebar_state=false")).toBe(false);
    expect(sidebarOpenFromCookie("sidebar_state=true; b=2")).toBe(true);
    expect(sidebarOpenFromCookie("xsidebar_state=false")).toBe(true);
  });
});
