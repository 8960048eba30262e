import { expect, it } from "vitest";
import { isCrossSiteRequest } from "./same-origin.server";

it("allows same-origin and header-less requests", () => {
  expect(
    isCrossSiteRequest({
      secFetchSite: "same-origin",
      origin: "http://localhost:3000",
      host: "localhost:3000",
    }),
  ).toBe(false);
  expect(isCrossSiteRequest({ host: "localhost:3000" })).toBe(false);
});

it("refuses posts from other sites", () => {
  expect(isCrossSiteRequest({ secFetchSite: "cross-site", host: "stagebook.ng" })).toBe(true);
  expect(isCrossSiteRequest({ origin: "https://evil.example", host: "stagebook.ng" })).toBe(true);
  expect(isCrossSiteRequest({ origin: "null", host: "stagebook.ng" })).toBe(true);
  expect(isCrossSiteRequest({ origin: "not a url", host: "stagebook.ng" })).toBe(true);
});

it("allows a same-origin plain form post that carries Origin: null (Referrer-Policy: no-referrer)", () => {
  expect(isCrossSiteRequest({ secFetchSite: "same-origin", origin: "null", host: "stagebook.ng" })).toBe(
    false,
  );
  expect(isCrossSiteRequest({ secFetchSite: "same-site", origin: "null", host: "stagebook.ng" })).toBe(true);
});
