// A request can meet a dead connection before the watcher's socket reports the outage (the crash test
// saw a few such 500s in the first second after PostgreSQL was killed): those answer 503 too.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, it } from "vitest";
import { isConnectionError, noteDatabaseError, outageGuard } from "./database-health.server";

const app = express();
app.use(outageGuard);
app.get("/bug", (_req, res) => {
  noteDatabaseError(new TypeError("Cannot read properties of undefined"));
  res.status(500).send("bug");
});
app.get("/read-only", (_req, res) => {
  noteDatabaseError(
    new Error("Failed query: insert into payments", {
      cause: Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }),
    }),
  );
  res.status(500).send("refused");
});
app.get("/dead-connection", (_req, res) => {
  noteDatabaseError(
    new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }),
  );
  res.status(500).send("lost");
});
const server = app.listen(0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.close();
});

it("tells a lost database from other errors, through Drizzle's wrapping", () => {
  expect(
    isConnectionError(
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ),
  ).toBe(true);
  expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
  expect(isConnectionError(new Error("Failed query", { cause: { code: "08006" } }))).toBe(true);
  expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  expect(isConnectionError(new RangeError("Invalid time value"))).toBe(false);
});

it("counts a failover's errors as the database unavailable: refused, cut, restarting, read-only", () => {
  const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });
  const unavailable = [
    "ECONNREFUSED", // no primary behind the balancer yet
    "ECONNRESET",
    "08006", // connection_failure
    "08001", // sqlclient_unable_to_establish_sqlconnection
    "57P01", // admin_shutdown: Patroni stopping or demoting PostgreSQL
    "57P02", // crash_shutdown
    "57P03", // cannot_connect_now: starting up, promoting
    "25006", // read_only_sql_transaction: a standby, or a primary being demoted
  ];
  for (const code of unavailable) {
    expect(isConnectionError(pgError(code)), code).toBe(true);
    expect(isConnectionError(new Error("Failed query", { cause: pgError(code) })), `wrapped ${code}`).toBe(
      true,
    );
  }
  // Errors about the request itself stay errors (a bug answers 500, bad input its own message).
  for (const code of ["23505", "23514", "40001", "22P02", "42P01"])
    expect(isConnectionError(pgError(code)), code).toBe(false);
});

it("a bug still answers 500; a request that met a dead connection answers 503 with Retry-After", async () => {
  expect((await fetch(`${base}/bug`)).status).toBe(500);
  const lost = await fetch(`${base}/dead-connection`);
  expect(lost.status).toBe(503);
  expect(lost.headers.get("retry-after")).toBe("5");
});

it("a write the database refused as read-only (mid-failover) answers 503 with Retry-After", async () => {
  const refused = await fetch(`${base}/read-only`);
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("5");
});
