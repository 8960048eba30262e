import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHONE_ERROR, parseNigerianPhone, phoneLinks } from "./phone";

describe("parseNigerianPhone", () => {
  it.each([
    ["08031234567", "08031234567"],
    ["0803 123 4567", "08031234567"],
    ["0803-123-4567", "08031234567"],
    ["(0803) 123 4567", "08031234567"],
    ["+2348031234567", "08031234567"],
    ["+234 803 123 4567", "08031234567"],
    ["+234 (0) 803 123 4567", "08031234567"],
    ["2348031234567", "08031234567"],
    ["07061234567", "07061234567"],
    ["09012345678", "09012345678"],
    ["01 234 5678", "012345678"],
  ])("reads %j", (text, national) => {
    expect(parseNigerianPhone(text)).toMatchObject({ ok: true, national, e164: `+234${national.slice(1)}` });
  });

  it.each([
    "",
    "0801",
    "12345",
    "+44 20 7946 0958",
    "0803123456789",
    "abc",
    "0803123456a",
    "08031234567 ext",
  ])("refuses %j", (text) => {
    expect(parseNigerianPhone(text)).toEqual({ ok: false, error: PHONE_ERROR });
  });

  it("reads back every mobile number in every way of writing it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("70", "80", "81", "90", "91"),
        fc.stringMatching(/^\d{8}$/),
        fc.constantFrom("0", "+234", "234", "+234 "),
        (prefix, rest, lead) => {
          const national = `0${prefix}${rest}`;
          expect(parseNigerianPhone(`${lead}${prefix}${rest}`)).toMatchObject({ ok: true, national });
        },
      ),
    );
  });

  it("makes tap-to-call and WhatsApp links", () => {
    expect(phoneLinks("0803 123 4567")).toEqual({
      tel: "tel:+2348031234567",
      whatsapp: "https://wa.me/2348031234567",
    });
    expect(phoneLinks("01 234 5678").whatsapp).toBeNull();
  });
});
