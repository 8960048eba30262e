import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basisPointsOf, bookingCharges, percentToBasisPoints, releaseSplit } from "./fees";

const defaults = { serviceFeeBp: 500, commissionBp: 1000 };

describe("booking charges", () => {
  it("adds a 5% service fee and keeps a 10% commission by default", () => {
    expect(bookingCharges(25_000_000, defaults)).toEqual({
      priceKobo: 25_000_000,
      serviceFeeKobo: 1_250_000,
      totalKobo: 26_250_000,
      commissionKobo: 2_500_000,
      musicianKobo: 22_500_000,
      platformKobo: 3_750_000,
    });
  });

  it("rounds half up to the kobo", () => {
    expect(basisPointsOf(10, 500)).toBe(1); // 0.5 kobo → 1
    expect(basisPointsOf(9, 500)).toBe(0); // 0.45 kobo → 0
    expect(basisPointsOf(30, 500)).toBe(2); // 1.5 → 2
    expect(basisPointsOf(1_999, 750)).toBe(150); // 149.925 → 150
    expect(percentToBasisPoints(7.5)).toBe(750);
    expect(percentToBasisPoints(0.29)).toBe(29);
  });

  it("refuses fractional, negative or unsafe kobo and impossible rates", () => {
    expect(() => basisPointsOf(1.5, 500)).toThrow(RangeError);
    expect(() => basisPointsOf(-1, 500)).toThrow(RangeError);
    expect(() => basisPointsOf(2 ** 60, 500)).toThrow(RangeError);
    expect(() => basisPointsOf(100, 10_001)).toThrow(RangeError);
  });

  it("never creates or loses a kobo, for any price and rates", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (price, serviceFeeBp, commissionBp) => {
          const c = bookingCharges(price, { serviceFeeBp, commissionBp });
          expect(c.totalKobo).toBe(c.priceKobo + c.serviceFeeKobo);
          expect(c.musicianKobo + c.platformKobo).toBe(c.totalKobo);
          expect(c.serviceFeeKobo).toBeGreaterThanOrEqual(0);
          expect(c.musicianKobo).toBeGreaterThanOrEqual(0);
          // within half a kobo of the exact figure
          expect(Math.abs(c.serviceFeeKobo * 10_000 - price * serviceFeeBp)).toBeLessThanOrEqual(5_000);
          for (const v of Object.values(c)) expect(Number.isSafeInteger(v)).toBe(true);
        },
      ),
    );
  });
});

describe("release split", () => {
  it("gives the musician price − commission on a full release", () => {
    const c = bookingCharges(25_000_000, defaults);
    expect(releaseSplit(c, c.totalKobo)).toEqual({ musicianKobo: 22_500_000, platformKobo: 3_750_000 });
    expect(releaseSplit(c, 0)).toEqual({ musicianKobo: 0, platformKobo: 0 });
  });

  it("shares what is left after a partial refund in the same proportion", () => {
    const c = bookingCharges(25_000_000, defaults);
    expect(releaseSplit(c, c.totalKobo / 2)).toEqual({ musicianKobo: 11_250_000, platformKobo: 1_875_000 });
    expect(() => releaseSplit(c, c.totalKobo + 1)).toThrow(RangeError);
  });

  it("always adds up to what is released, never negative, never more than a full release", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, serviceFeeBp, commissionBp, share) => {
          const c = bookingCharges(price, { serviceFeeBp, commissionBp });
          const released = Math.floor(c.totalKobo * share);
          const s = releaseSplit(c, released);
          expect(s.musicianKobo + s.platformKobo).toBe(released);
          expect(s.musicianKobo).toBeGreaterThanOrEqual(0);
          expect(s.platformKobo).toBeGreaterThanOrEqual(0);
          expect(s.musicianKobo).toBeLessThanOrEqual(c.musicianKobo);
        },
      ),
    );
  });
});
