import { describe, expect, it } from "vitest";
import { commissionSentence, percentLabel, ratesSentence } from "./fee-words";

const rates = { serviceFeeBp: 500, commissionBp: 1000 };

describe("fee words", () => {
  it("says the issue's sentence for a ₦450,000 price at 10% / 5%", () => {
    expect(commissionSentence(45_000_000, rates)).toBe(
      "Stagebook keeps 10% (₦45,000). You receive ₦405,000. The client pays ₦472,500 with the 5% service fee.",
    );
  });

  it("keeps kobo when a rate leaves some, and writes 7.5% exactly", () => {
    expect(percentLabel(750)).toBe("7.5%");
    expect(commissionSentence(100_005, { serviceFeeBp: 750, commissionBp: 1250 })).toBe(
      "Stagebook keeps 12.5% (₦125.01). You receive ₦875.04. The client pays ₦1,075.05 with the 7.5% service fee.",
    );
  });

  it("states the rates on their own", () => {
    expect(ratesSentence(rates)).toContain("Stagebook keeps 10% of each booking's price as commission");
    expect(ratesSentence(rates)).toContain("5% service fee");
  });
});
