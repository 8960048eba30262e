import { describe, expect, it } from "vitest";
import { formatNaira, formatNairaOrNotSpecified, formatNairaWhole, koboToNaira, nairaToKobo } from "./money";

describe("formatNaira", () => {
  it("formats kobo as naira with two decimals for en-NG", () => {
    expect(formatNaira(1_500_000)).toBe("₦15,000.00");
    expect(formatNaira(150)).toBe("₦1.50");
    expect(formatNaira(0)).toBe("₦0.00");
    expect(formatNaira(10n)).toBe("₦0.10");
  });
  it("has a whole-naira form for headline rates", () => {
    expect(formatNairaWhole(1_500_000)).toBe("₦15,000");
    expect(formatNairaWhole(2_500_050)).toBe("₦25,001");
  });
  it("says Not specified for an empty price", () => {
    expect(formatNairaOrNotSpecified(null)).toBe("Not specified");
    expect(formatNairaOrNotSpecified(undefined)).toBe("Not specified");
    expect(formatNairaOrNotSpecified(5000)).toBe("₦50.00");
  });
});

describe("nairaToKobo", () => {
  it("converts typed naira to integer kobo", () => {
    expect(nairaToKobo("15000")).toBe(1_500_000);
    expect(nairaToKobo("15,000.5")).toBe(1_500_050);
    expect(nairaToKobo("₦ 2,500.25")).toBe(250_025);
    expect(nairaToKobo(2500)).toBe(250_000);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
  it("tells empty from invalid", () => {
    expect(nairaToKobo("")).toBeNull();
    expect(nairaToKobo("  ")).toBeNull();
    expect(nairaToKobo(null)).toBeNull();
    expect(nairaToKobo("abc")).toBeNaN();
    expect(nairaToKobo("-5")).toBeNaN();
    expect(nairaToKobo("1.234")).toBeNaN();
    expect(nairaToKobo(-1)).toBeNaN();
    expect(nairaToKobo(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(nairaToKobo("9".repeat(30))).toBeNaN();
  });
  it("round-trips with koboToNaira", () => {
    expect(koboToNaira(nairaToKobo("123.45") as number)).toBe(123.45);
  });
});
