import { expect, it } from "vitest";
import { parseEnv } from "./env.server";

it("applies defaults", () => {
  const env = parseEnv({});
  expect(env.PORT).toBe(3000);
  expect(env.DATA_DIR).toBe(".data");
  expect(env.DATABASE_URL).toBeUndefined();
});

it("treats blank values as unset", () => {
  expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
});

it("names every bad variable in one clear message", () => {
  expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", SUPPORT_EMAIL: "nope" })).toThrow(
    /PORT[\s\S]*DATABASE_URL must start with postgres[\s\S]*SUPPORT_EMAIL must be an e-mail/,
  );
});

it("reads the payment fees and release delay, with the issue's defaults", () => {
  expect(parseEnv({})).toMatchObject({
    SERVICE_FEE_PERCENT: 5,
    COMMISSION_PERCENT: 10,
    RELEASE_AFTER_HOURS: 48,
  });
  expect(
    parseEnv({ SERVICE_FEE_PERCENT: "7.5", COMMISSION_PERCENT: "0", RELEASE_AFTER_HOURS: "0" }),
  ).toMatchObject({ SERVICE_FEE_PERCENT: 7.5, COMMISSION_PERCENT: 0, RELEASE_AFTER_HOURS: 0 });
  for (const bad of [
    { SERVICE_FEE_PERCENT: "five" },
    { SERVICE_FEE_PERCENT: "51" },
    { COMMISSION_PERCENT: "-1" },
    { COMMISSION_PERCENT: "2.555" },
  ])
    expect(() => parseEnv(bad)).toThrow(/must be a percentage between 0 and 50/);
  expect(() => parseEnv({ RELEASE_AFTER_HOURS: "1.5" })).toThrow(
    /RELEASE_AFTER_HOURS must be a whole number/,
  );
});

it("has no placeholder support contact: unset stays unset", () => {
  const unset = parseEnv({});
  expect(unset.SUPPORT_EMAIL).toBeUndefined();
  expect(unset.SUPPORT_PHONE).toBeUndefined();
  expect(parseEnv({ SUPPORT_PHONE: " +234 700 000 1111 " }).SUPPORT_PHONE).toBe("+234 700 000 1111");
});
