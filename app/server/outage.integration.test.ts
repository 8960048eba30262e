// While PostgreSQL is unreachable every request answers 503 with Retry-After and a friendly page, and
// /healthz-style status says why; when it is back, requests pass again.
import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterAll, expect, it } from "vitest";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { databaseStatus, outageGuard, watchDatabase } from "./database-health.server";

/** A TCP proxy in front of the test database that can be cut and restored, like a crash. */
function proxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("error", () => {});
          s.on("close", () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { open, cut, url: () => Object.assign(new URL(target), { port: String(port) }).toString() };
}

const app = express();
app.use(outageGuard);
app.get("/fails", (_req, res) => {
  res.status(500).send("boom");
});
app.use((_req, res) => {
  res.send("app answered");
});
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const db = proxy(new URL(process.env.DATABASE_URL!));
afterAll(async () => {
  server.close();
  await db.cut().catch(() => {});
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check()).toBe(true);
}

it("answers 503 with Retry-After during an outage, and passes requests again when it is over", async () => {
  await db.open();
  watchDatabase(db.url());
  await until(() => databaseStatus().ok);
  expect(await (await fetch(`${base}/`)).text()).toBe("app answered");

  await db.cut();
  await until(() => !databaseStatus().ok);
  const status = databaseStatus();
  expect(status.ok ? "" : status.reason).toMatch(/database/);

  const page = await fetch(`${base}/musicians`, { headers: { accept: "text/html" } });
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  expect(await page.text()).toContain(OUTAGE_MESSAGE);

  // A form posted without JavaScript: the page sends the person Back, where the browser kept the form.
  const posted = await fetch(`${base}/musicians/ade/request`, {
    method: "POST",
    headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
    body: "clientName=Ada",
  });
  expect(posted.status).toBe(503);
  expect(await posted.text()).toMatch(
    /Go <strong>Back<\/strong> in your browser: your form still has what you typed/,
  );

  const data = await fetch(`${base}/musicians.data`);
  expect(data.status).toBe(503);
  expect((await data.json()).toast.message).toBe(OUTAGE_MESSAGE);

  // A script-driven form post reaches its action (which answers with its own toast), and a 500 from
  // anything already in flight becomes a 503.
  const fetcherPost = await fetch(`${base}/musicians/ade/request.data`, { method: "POST" });
  expect(await fetcherPost.text()).toBe("app answered");

  await db.open();
  await until(() => databaseStatus().ok);
  expect((await fetch(`${base}/`)).status).toBe(200);
  // Just after an outage, a 500 is most likely a pooled connection the outage broke: still a 503.
  const aftermath = await fetch(`${base}/fails`);
  expect(aftermath.status).toBe(503);
  expect(aftermath.headers.get("retry-after")).toBe("5");
}, 60_000);
