import { describe, expect, it } from "vitest";
import { slugFromName } from "./slug";

describe("slugFromName", () => {
  it.each([
    [["Tunde", "Bakare"], "tunde-bakare"],
    [["Túndé ", " Bákàre"], "tunde-bakare"],
    [["Ngozi", "Eze-Okoro"], "ngozi-eze-okoro"],
    [["O'Neil", "Ade"], "o-neil-ade"],
    [["李", "雷"], "musician"],
    [["A".repeat(80), "B"], "a".repeat(50)],
  ])("%j → %s", (parts, slug) => {
    expect(slugFromName(...parts)).toBe(slug);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
