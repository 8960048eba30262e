import { describe, expect, it } from "vitest";
import { formatNaira, formatNairaOrNotSpecified, formatNairaWhole } from "./money";

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
