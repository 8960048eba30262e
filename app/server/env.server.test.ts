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
