import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDaysToDate, formatCalendarDate, isCalendarDate, lagosToday, shortTime } from "./lagos-date";

describe("lagosToday", () => {
  it("is already tomorrow in Lagos at 23:30 UTC (Lagos is UTC+1)", () => {
    expect(lagosToday(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
  });
  it("is still today in Lagos at 22:59 UTC", () => {
    expect(lagosToday(new Date("2026-03-14T22:59:59Z"))).toBe("2026-03-14");
  });
  it("turns over exactly at Lagos midnight (23:00 UTC)", () => {
    expect(lagosToday(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
  it("gives the zone database's Lagos date for any moment from 1970 to 2100 (no summer time to miss)", () => {
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (at) => {
          expect(lagosToday(at)).toBe(intl.format(at));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("date helpers", () => {
  it("adds days across month ends", () => {
    expect(addDaysToDate("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-1")).toBe(false);
  });
  it("shortens PostgreSQL times", () => {
    expect(shortTime("09:15:00")).toBe("09:15");
    expect(shortTime(null)).toBeNull();
  });
});

describe("formatCalendarDate", () => {
  it("writes the long and short forms the pages use, whatever the viewer's zone", () => {
    expect(formatCalendarDate("2026-03-14")).toBe("Saturday, 14 March 2026");
    expect(formatCalendarDate("2026-03-14", "EEE d MMM yyyy")).toBe("Sat 14 Mar 2026");
    expect(formatCalendarDate("2027-01-01", "EEE, d MMM yyyy")).toBe("Fri, 1 Jan 2027");
    expect(formatCalendarDate("2028-02-29", "yyyy-MM-dd")).toBe("2028-02-29");
  });
});
