import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nairaField, optionalNairaField } from "./form-fields";
import { formatNairaAmount, MAX_NAIRA_KOBO, NAIRA_ERROR, parseNaira, parseOptionalNaira } from "./naira";

describe("parseNaira", () => {
  it.each([
    ["150000", 15_000_000],
    ["150,000", 15_000_000],
    ["₦150,000", 15_000_000],
    ["₦ 150,000", 15_000_000],
    ["150 000", 15_000_000],
    ["150\u00a0000", 15_000_000],
    ["150\u202f000", 15_000_000],
    ["N150,000", 15_000_000],
    ["n150000", 15_000_000],
    ["NGN 150,000", 15_000_000],
    ["#150,000", 15_000_000],
    ["150,000 naira", 15_000_000],
    ["  150000  ", 15_000_000],
    ["150k", 15_000_000],
    ["150K", 15_000_000],
    ["1.5m", 150_000_000],
    ["1,500,000", 150_000_000],
    ["150,000.50", 15_000_050],
    ["150000.5", 15_000_050],
    ["₦2,500.25", 250_025],
    ["0.01", 1],
    ["50000", 5_000_000],
    ["100000", 10_000_000],
    ["0", 0],
  ])("reads %j as %i kobo", (text, kobo) => {
    expect(parseNaira(text)).toEqual({ ok: true, kobo });
  });

  it.each([
    "",
    "   ",
    "abc",
    "-5",
    "₦-5",
    "1.234",
    "1e5",
    "15,00",
    "1,50,000",
    "150,000,",
    "1..5",
    "$150",
    "150 k m",
    "Infinity",
    "NaN",
    "0x10",
  ])("refuses %j with the naira hint", (text) => {
    expect(parseNaira(text)).toEqual({ ok: false, error: NAIRA_ERROR });
  });

  it("refuses amounts beyond the limit with the limit in words", () => {
    expect(parseNaira("9".repeat(30))).toEqual({ ok: false, error: "Enter an amount up to ₦1,000,000,000" });
    expect(parseNaira("1,000,000,001")).toMatchObject({ ok: false });
    expect(parseNaira("1,000,000,000")).toEqual({ ok: true, kobo: MAX_NAIRA_KOBO });
    expect(parseNaira("600", { maxKobo: 50_000 })).toEqual({
      ok: false,
      error: "Enter an amount up to ₦500",
    });
  });

  it("applies a minimum", () => {
    expect(parseNaira("0", { minKobo: 100 })).toEqual({ ok: false, error: NAIRA_ERROR });
    expect(parseNaira("50", { minKobo: 10_000 })).toEqual({ ok: false, error: "Enter at least ₦100" });
    expect(parseNaira("100", { minKobo: 10_000 })).toEqual({ ok: true, kobo: 10_000 });
  });

  it("tells an empty optional field from a bad one", () => {
    expect(parseOptionalNaira("")).toEqual({ ok: true, kobo: null });
    expect(parseOptionalNaira(undefined)).toEqual({ ok: true, kobo: null });
    expect(parseOptionalNaira("x")).toEqual({ ok: false, error: NAIRA_ERROR });
  });
});

describe("formatNairaAmount", () => {
  it.each([
    [15_000_000, "₦150,000"],
    [15_000_050, "₦150,000.50"],
    [1, "₦0.01"],
    [0, "₦0"],
    [MAX_NAIRA_KOBO, "₦1,000,000,000"],
  ])("formats %i kobo as %s", (kobo, text) => {
    expect(formatNairaAmount(kobo)).toBe(text);
  });
});

describe("properties", () => {
  const amounts = fc.integer({ min: 0, max: MAX_NAIRA_KOBO });

  it("reads back every amount it formats", () => {
    fc.assert(
      fc.property(amounts, (kobo) => {
        expect(parseNaira(formatNairaAmount(kobo))).toEqual({ ok: true, kobo });
      }),
    );
  });

  it("reads whole naira however it is grouped or prefixed", () => {
    const naira = fc.integer({ min: 0, max: MAX_NAIRA_KOBO / 100 });
    const prefix = fc.constantFrom("", "₦", "N", "NGN ", "#", "₦ ");
    const separator = fc.constantFrom("", ",", " ");
    fc.assert(
      fc.property(naira, prefix, separator, (n, p, sep) => {
        const text = p + String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        expect(parseNaira(text)).toEqual({ ok: true, kobo: n * 100 });
      }),
    );
  });

  it("never throws, and anything it accepts is a safe integer in range", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const r = parseOptionalNaira(text);
        if (r.ok && r.kobo !== null) {
          expect(Number.isSafeInteger(r.kobo)).toBe(true);
          expect(r.kobo).toBeGreaterThanOrEqual(0);
          expect(r.kobo).toBeLessThanOrEqual(MAX_NAIRA_KOBO);
        }
        if (!r.ok) expect(r.error).toMatch(/^Enter /);
      }),
    );
  });
});

describe("zod fields", () => {
  it("gives kobo or the field message", () => {
    expect(optionalNairaField().safeParse("150,000")).toMatchObject({ success: true, data: 15_000_000 });
    expect(optionalNairaField().safeParse("")).toMatchObject({ success: true, data: null });
    expect(optionalNairaField().safeParse(undefined)).toMatchObject({ success: true, data: null });
    expect(optionalNairaField().safeParse("abc").error?.issues[0]?.message).toBe(NAIRA_ERROR);
    expect(nairaField().safeParse("").error?.issues[0]?.message).toBe(NAIRA_ERROR);
    expect(nairaField().safeParse(5).error?.issues[0]?.message).toBe(NAIRA_ERROR);
    expect(nairaField({ minKobo: 100 }).safeParse("₦150 000")).toMatchObject({
      success: true,
      data: 15_000_000,
    });
  });
});
