import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineUpSplit } from "./line-up-shares";
import { proportionKobo } from "./money-rules";

const member = (n: number, feeKobo: number) => ({ musicianId: `m${n}`, feeKobo });

/** A share and fees that fit inside it, as the line-up section allows (fees never exceed the share). */
const shareAndFees = fc.integer({ min: 0, max: 10 ** 11 }).chain((share) =>
  fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 0, maxLength: 6 }).chain((weights) =>
    fc.integer({ min: 0, max: 10_000 }).map((leaderWeight) => {
      const total = weights.reduce((a, b) => a + b, 0) + leaderWeight;
      const fees = weights.map((w) => (total === 0 ? 0 : Math.floor((share * w) / total)));
      return { share, fees };
    }),
  ),
);

describe("a line-up's share of what the musician side receives", () => {
  it("a full release pays each member their fee and the leader the rest", () => {
    const split = lineUpSplit(9_000_000, 9_000_000, [member(1, 2_000_000), member(2, 1_500_000)]);
    expect(split).toEqual({
      members: [
        { musicianId: "m1", kobo: 2_000_000 },
        { musicianId: "m2", kobo: 1_500_000 },
      ],
      leaderKobo: 5_500_000,
    });
  });

  it("a full refund leaves nothing for anyone; a split gives each the side's fraction, half up", () => {
    expect(lineUpSplit(0, 9_000_000, [member(1, 2_000_000)])).toEqual({
      members: [{ musicianId: "m1", kobo: 0 }],
      leaderKobo: 0,
    });
    // The side keeps half of its share: ₦10,000.01 × ½ = ₦5,000.005 → ₦5,000.01 (half up).
    const half = lineUpSplit(1_000_000, 2_000_000, [member(1, 1_000_001)]);
    expect(half.members[0]!.kobo).toBe(500_001);
    expect(half.leaderKobo).toBe(499_999);
  });

  it("never gives a member more than is left: the leader never goes below zero", () => {
    // Fees equal the whole share; rounding each member up would take one kobo more than the side has.
    const split = lineUpSplit(1, 2, [member(1, 1), member(2, 1)]);
    expect(split.members.map((m) => m.kobo)).toEqual([1, 0]);
    expect(split.leaderKobo).toBe(0);
  });

  it("refuses fractions and negatives", () => {
    expect(() => lineUpSplit(1.5, 2, [])).toThrow(RangeError);
    expect(() => lineUpSplit(1, 2, [member(1, -1)])).toThrow(RangeError);
  });

  it("members + leader = the side's amount; each member within the rule's rounding of their fraction", () => {
    fc.assert(
      fc.property(shareAndFees, fc.double({ min: 0, max: 1, noNaN: true }), ({ share, fees }, fraction) => {
        const side = Math.min(share, Math.round(share * fraction));
        const split = lineUpSplit(
          side,
          share,
          fees.map((f, n) => member(n, f)),
        );
        const paid = split.members.reduce((a, m) => a + m.kobo, 0);
        // Every posting sums to zero: the side's amount is shared out exactly, nothing negative.
        expect(paid + split.leaderKobo).toBe(side);
        expect(split.leaderKobo).toBeGreaterThanOrEqual(0);
        split.members.forEach((m, n) => {
          const fee = fees[n]!;
          expect(m.kobo).toBeGreaterThanOrEqual(0);
          expect(m.kobo).toBeLessThanOrEqual(fee);
          // The module's one half-up rule, except where a kobo more would take the leader below zero.
          const exact = share === 0 ? 0 : proportionKobo(fee, side, share);
          expect(exact - m.kobo).toBeGreaterThanOrEqual(0);
          expect(exact - m.kobo).toBeLessThanOrEqual(1);
        });
        // The whole share released: every member gets exactly their fee.
        if (side === share) expect(split.members.map((m) => m.kobo)).toEqual(fees);
        // Nothing released (a full refund): nothing for anyone.
        if (side === 0) expect(paid + split.leaderKobo).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });
});
