import { expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

it("keeps paths on this site and refuses everything else", () => {
  expect(safeRedirect("/profile?tab=account")).toBe("/profile?tab=account");
  expect(safeRedirect("//evil.example")).toBe("/");
  expect(safeRedirect("/\\evil.example")).toBe("/");
  expect(safeRedirect("https://evil.example", "/x")).toBe("/x");
  expect(safeRedirect(null)).toBe("/");
});
