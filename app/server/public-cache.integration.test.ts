import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicPageCache, stopPublicPageCache } from "./public-cache.server";

// The cache in front of a stand-in page that counts its renders and takes 300 ms, as a page under load.
let renders = 0;
let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(publicPageCache());
  app.use((_req, res) => {
    renders += 1;
    setTimeout(() => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<!doctype html><p>render ${renders}</p>`);
    }, 300);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Nothing is stored until the cache listens for invalidations: wait until /terms comes back a hit.
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${base}/terms`)).headers.get("x-cache") === "hit") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the page cache never started listening");
});
afterAll(async () => {
  await stopPublicPageCache();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("renders a cold page once for twenty visitors arriving together; the others get that render", async () => {
  const before = renders;
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${base}/privacy`, { headers: { "x-forwarded-for": "10.0.0.1" } }),
    ),
  );
  expect(renders - before).toBe(1);
  const states = answers.map((r) => r.headers.get("x-cache"));
  expect(states.filter((s) => s === "miss")).toHaveLength(1);
  expect(states.filter((s) => s === "hit")).toHaveLength(19);
  const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
  expect(bodies.size).toBe(1);
});
