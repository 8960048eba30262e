import { expect, it } from "vitest";
import { isWebsiteActive } from "./website-active";

const full = {
  slug: "ada",
  firstName: "Ada",
  lastName: "Obi",
  phoneNumber: "08031234567",
  websiteActive: true,
};

it("is active only when slug, names, phone and the flag are all present", () => {
  expect(isWebsiteActive(full)).toBe(true);
  for (const key of ["slug", "firstName", "lastName", "phoneNumber"] as const) {
    expect(isWebsiteActive({ ...full, [key]: null })).toBe(false);
    expect(isWebsiteActive({ ...full, [key]: "" })).toBe(false);
  }
  expect(isWebsiteActive({ ...full, firstName: "   " })).toBe(false);
  expect(isWebsiteActive({ ...full, websiteActive: false })).toBe(false);
});
