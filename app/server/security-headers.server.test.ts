// The Content-Security-Policy as the browser receives it: uploads in an S3-compatible store are shown
// from that store's public origin, whatever its scheme, and nothing broader (issue 28 §4).
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, it } from "vitest";
import { type SecurityHeaderOptions, securityHeaders, uploadsOrigin } from "./security-headers.server";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** The policy's directives, from the header a real server sends with these options. */
async function policyOf(options: SecurityHeaderOptions): Promise<Map<string, string[]>> {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "abc";
    next();
  });
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const header = res.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

it("allows images and audio from an http:// store's public origin, and not every http: address", async () => {
  const csp = await policyOf({
    development: false,
    origin: "http://stagebook.internal",
    s3: { bucket: "uploads", endpoint: "http://minio:9000", publicUrl: "http://10.0.0.7:9000/uploads/" },
  });
  expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:", "http://10.0.0.7:9000"]);
  expect(csp.get("media-src")).toEqual(["'self'", "https:", "http://10.0.0.7:9000"]);
  // Only the public address is named: the endpoint the server writes to is not shown to browsers.
  expect(csp.get("img-src")).not.toContain("http://minio:9000");
  expect(csp.get("img-src")).not.toContain("http:");
  expect(csp.get("img-src")).not.toContain("*");
});

it("without S3_PUBLIC_URL uses the endpoint (as the store's links do); without a store names none", async () => {
  expect(uploadsOrigin({ bucket: "b", endpoint: "http://127.0.0.1:4569" })).toBe("http://127.0.0.1:4569");
  expect(uploadsOrigin({ bucket: "b" })).toBeNull(); // AWS: https://b.s3…amazonaws.com, covered by https:
  expect(uploadsOrigin({ endpoint: "http://127.0.0.1:4569" })).toBeNull(); // no bucket: local uploads
  const csp = await policyOf({ development: false });
  expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
  expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
});

it("an https:// store's origin is named exactly too", async () => {
  const csp = await policyOf({
    development: false,
    origin: "https://stagebook.ng",
    s3: { bucket: "uploads", publicUrl: "https://cdn.stagebook.ng/media" },
  });
  expect(csp.get("img-src")).toContain("https://cdn.stagebook.ng");
  expect(csp.has("upgrade-insecure-requests")).toBe(true);
});
