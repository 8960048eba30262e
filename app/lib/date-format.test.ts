import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime, formatTimeRange } from "./date-format";

describe("one way to write dates and times", () => {
  it("writes a calendar date as 'Sat, 19 Dec 2026'", () => {
    expect(formatDate("2026-12-19")).toBe("Sat, 19 Dec 2026");
    expect(formatDate("2026-03-01")).toBe("Sun, 1 Mar 2026");
    expect(formatDate("2026-02-30")).toBeNull();
    expect(formatDate("")).toBeNull();
    expect(formatDate(null)).toBeNull();
  });

  it("writes a time as '7:00 PM'", () => {
    expect(formatTime("19:00")).toBe("7:00 PM");
    expect(formatTime("19:00:00")).toBe("7:00 PM");
    expect(formatTime("09:30")).toBe("9:30 AM");
    expect(formatTime("00:00")).toBe("12:00 AM");
    expect(formatTime("12:15")).toBe("12:15 PM");
    expect(formatTime("25:00")).toBeNull();
    expect(formatTime(undefined)).toBeNull();
  });

  it("writes a time range, or what there is of it", () => {
    expect(formatTimeRange("19:00:00", "22:30:00")).toBe("7:00 PM – 10:30 PM");
    expect(formatTimeRange("19:00", null)).toBe("From 7:00 PM");
    expect(formatTimeRange(null, "22:00")).toBe("Until 10:00 PM");
    expect(formatTimeRange(null, null)).toBeNull();
  });

  it("writes an instant as Lagos reads it, whatever the server's zone", () => {
    // 18:30 UTC is 19:30 in Lagos; 23:30 UTC on the 19th is already the 20th there.
    expect(formatDateTime(new Date("2026-12-19T18:30:00Z"))).toBe("Sat, 19 Dec 2026, 7:30 PM");
    expect(formatDateTime("2026-12-19T23:30:00Z")).toBe("Sun, 20 Dec 2026, 12:30 AM");
  });
});
