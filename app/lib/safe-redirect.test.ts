import { expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

it("keeps paths on this site and refuses everything else", () => {
  expect(safeRedirect("/profile?tab=account")).toBe("/profile?tab=account");
  expect(safeRedirect("/musicians/ade#reviews")).toBe("/musicians/ade#reviews");
  expect(safeRedirect("//evil.example")).toBe("/");
  expect(safeRedirect("/\\evil.example")).toBe("/");
  expect(safeRedirect("https://evil.example", "/x")).toBe("/x");
  expect(safeRedirect(null)).toBe("/");
});

it("refuses what a browser would read as another host once it drops or converts characters", () => {
  for (const to of [
    "/\t/evil.example",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/\\/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/../\\/evil.example",
    "///evil.example",
    "/\t\\evil.example",
  ]) {
    expect(safeRedirect(to, "/home"), JSON.stringify(to)).toBe("/home");
  }
});

it("gives back a value that can go in a header: no control characters survive", () => {
  expect(safeRedirect("/a\tb")).toBe("/ab");
  expect(safeRedirect("/a b")).toBe("/a%20b");
  expect(safeRedirect("/a\u0001b")).toBe("/a%01b");
  // Encoded slashes stay encoded: a path segment here, not a host.
  expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
});
