import { describe, expect, it } from "vitest";
import { lastUpdated } from "./last-updated";

describe("lastUpdated", () => {
  it("formats the Lagos calendar day as an ISO date and a readable label", () => {
    expect(lastUpdated(new Date("2026-03-05T12:00:00Z"))).toEqual({
      iso: "2026-03-05",
      label: "5 March 2026",
    });
  });

  it("is already tomorrow in Lagos at 23:30 UTC (Lagos is UTC+1)", () => {
    expect(lastUpdated(new Date("2026-12-31T23:30:00Z"))).toEqual({
      iso: "2027-01-01",
      label: "1 January 2027",
    });
  });

  it("is still today in Lagos at 22:59 UTC", () => {
    expect(lastUpdated(new Date("2026-06-14T22:59:59Z")).iso).toBe("2026-06-14");
  });

  it("defaults to the current moment", () => {
    const before = lastUpdated(new Date());
    const now = lastUpdated();
    expect(now.label).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // The only way these differ is a run that straddles Lagos midnight.
    expect([before.iso, lastUpdated(new Date()).iso]).toContain(now.iso);
  });
});
