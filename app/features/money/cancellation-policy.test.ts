import { describe, expect, it } from "vitest";
import {
  CANCELLATION_POLICIES,
  cancellationRefundKobo,
  eventStartsAt,
  isCancellationPolicy,
  POLICY_TERMS,
  refundPercent,
} from "./cancellation-policy";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 20:00 in Lagos is 19:00 UTC.
const start = eventStartsAt({ eventDate: "2026-12-24", eventStartTime: "20:00:00" })!;
const ahead = (ms: number) => new Date(start.getTime() - ms);

describe("eventStartsAt (Lagos time)", () => {
  it("reads the start time in Lagos, midnight without one, null without a date", () => {
    expect(start.toISOString()).toBe("2026-12-24T19:00:00.000Z");
    expect(eventStartsAt({ eventDate: "2026-12-24", eventStartTime: "20:00" })?.toISOString()).toBe(
      "2026-12-24T19:00:00.000Z",
    );
    expect(eventStartsAt({ eventDate: "2026-12-24", eventStartTime: null })?.toISOString()).toBe(
      "2026-12-23T23:00:00.000Z",
    );
    expect(eventStartsAt({ eventDate: null, eventStartTime: "20:00:00" })).toBeNull();
  });
});

describe("refundPercent at the boundaries", () => {
  it("Flexible: full refund at exactly 24 h before, none one millisecond later", () => {
    expect(refundPercent("flexible", start, ahead(30 * DAY))).toBe(100);
    expect(refundPercent("flexible", start, ahead(DAY))).toBe(100);
    expect(refundPercent("flexible", start, ahead(DAY - 1))).toBe(0);
    expect(refundPercent("flexible", start, ahead(HOUR))).toBe(0);
  });

  it("Moderate: full refund at exactly 7 days before, 50% after", () => {
    expect(refundPercent("moderate", start, ahead(7 * DAY))).toBe(100);
    expect(refundPercent("moderate", start, ahead(7 * DAY - 1))).toBe(50);
    expect(refundPercent("moderate", start, ahead(HOUR))).toBe(50);
  });

  it("Strict: 50% at exactly 14 days before, none after", () => {
    expect(refundPercent("strict", start, ahead(60 * DAY))).toBe(50);
    expect(refundPercent("strict", start, ahead(14 * DAY))).toBe(50);
    expect(refundPercent("strict", start, ahead(14 * DAY - 1))).toBe(0);
  });

  it("nothing once the event has started; the best tier when there is no event date", () => {
    for (const p of ["flexible", "moderate", "strict"] as const) {
      expect(refundPercent(p, start, new Date(start.getTime() + 1))).toBe(0);
    }
    expect(refundPercent("flexible", start, start)).toBe(0);
    expect(refundPercent("moderate", start, start)).toBe(50);
    expect(refundPercent("flexible", null, start)).toBe(100);
    expect(refundPercent("strict", null, start)).toBe(50);
  });

  it("the boundary is measured in Lagos time: 24 h before 20:00 Lagos is 19:00 UTC the day before", () => {
    expect(refundPercent("flexible", start, new Date("2026-12-23T19:00:00.000Z"))).toBe(100);
    expect(refundPercent("flexible", start, new Date("2026-12-23T19:00:00.001Z"))).toBe(0);
  });
});

describe("cancellationRefundKobo", () => {
  it("is a whole number of kobo, half rounded up, never more than was paid", () => {
    expect(cancellationRefundKobo("moderate", 105_000_01, start, ahead(DAY))).toBe(52_500_01);
    expect(cancellationRefundKobo("moderate", 3, start, ahead(DAY))).toBe(2);
    expect(cancellationRefundKobo("flexible", 105_000_00, start, ahead(2 * DAY))).toBe(105_000_00);
    expect(cancellationRefundKobo("strict", 105_000_00, start, ahead(2 * DAY))).toBe(0);
    expect(() => cancellationRefundKobo("strict", -1, start, start)).toThrow(RangeError);
  });

  it("knows the three policies and nothing else", () => {
    expect(isCancellationPolicy("moderate")).toBe(true);
    expect(isCancellationPolicy("lenient")).toBe(false);
    expect(isCancellationPolicy(undefined)).toBe(false);
  });
});

describe("the policy words say both halves (phone walk: Flexible was silent inside 24 hours)", () => {
  it("Flexible says nothing comes back inside 24 hours, as refundPercent computes", () => {
    expect(POLICY_TERMS.flexible).toBe("Full refund up to 24 hours before the event, none after.");
    expect(refundPercent("flexible", start, new Date(start.getTime() - DAY))).toBe(100);
    expect(refundPercent("flexible", start, new Date(start.getTime() - 23 * HOUR))).toBe(0);
    for (const p of CANCELLATION_POLICIES) expect(POLICY_TERMS[p]).toMatch(/after\.$/);
  });
});
