import type express from "express";
import pg from "pg";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { logger } from "./logger.server";

export const RETRY_AFTER_SECONDS = 5;

let down: { since: number; reason: string } | null = null;
let backSince = 0;
// Pooled connections broken by an outage surface for a moment after the database is back.
const AFTERMATH_MS = 10_000;
let watching = false;
// A request can meet a dead connection before the watcher's own socket reports the outage.
let lastConnectionErrorAt = 0;
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const CONNECTION_MESSAGE =
  /Connection terminated|terminating connection|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * 25006 read_only_sql_transaction: the server took the connection but is not (or no longer) the
 * primary, as when a connection reaches a standby or a primary Patroni just demoted during a failover.
 */
const READ_ONLY = "25006";

/**
 * Whether an error (or one it wraps, as Drizzle's "Failed query" does) is the database being
 * unavailable for now: unreachable (refused, cut, 08xxx), shutting down or restarting (57P0x), or
 * read-only because this server is not the primary (25006). Each is answered 503 with Retry-After.
 */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (CONNECTION_CODES.has(code) || code.startsWith("08") || code.startsWith("57P0") || code === READ_ONLY)
      return true;
    if (typeof e.message === "string" && CONNECTION_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

let connectionErrors = 0;

/** Called where errors surface (route errors, the pool): a connection error makes the 500 it causes a 503. */
export function noteDatabaseError(err: unknown) {
  if (!isConnectionError(err)) return;
  lastConnectionErrorAt = Date.now();
  connectionErrors++;
}

/** Thrown where a library swallowed the database's failure (Better Auth's session lookup answers null). */
export class DatabaseUnreachableError extends Error {
  readonly code = "08006";
  constructor() {
    super("Connection terminated: the database could not be reached");
  }
}

/**
 * Runs `work` for a library that hides the database's failure, turning a failed query into "nothing
 * found" or its own error (Better Auth: no session, "Failed to get session"). When a connection error
 * was noted while it ran and it found nothing or failed, throws DatabaseUnreachableError instead.
 */
export async function revealingOutage<T>(work: () => Promise<T>): Promise<T> {
  const before = connectionErrors;
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (connectionErrors !== before) throw new DatabaseUnreachableError();
    throw err;
  }
  if (result == null && connectionErrors !== before) throw new DatabaseUnreachableError();
  return result;
}

function inOutage(now: number): boolean {
  return Boolean(down) || now - backSince < AFTERMATH_MS || now - lastConnectionErrorAt < AFTERMATH_MS;
}

/** Whether the database answered last time we looked, and if not, why not. */
export function databaseStatus(): { ok: true } | { ok: false; reason: string; sinceMs: number } {
  return down ? { ok: false, reason: down.reason, sinceMs: Date.now() - down.since } : { ok: true };
}

function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e?.code === "ECONNREFUSED") return "the database refuses connections (it is starting or stopped)";
  if (e?.code === "57P01" || e?.code === "57P03") return "the database is restarting";
  if (e?.code === READ_ONLY) return "the database is read-only (not the primary: a failover is under way)";
  if (e?.code === "ETIMEDOUT" || /timeout/i.test(e?.message ?? ""))
    return "the database does not answer in time";
  return `the database connection failed (${e?.code ?? e?.message ?? "unknown"})`;
}

function markDown(err: unknown) {
  if (!down) logger.warn({ err }, "database unreachable: answering 503 until it is back");
  down = { since: down?.since ?? Date.now(), reason: reasonOf(err) };
}

/**
 * Keeps one connection open to notice at once when the database goes away (its socket closes), then
 * tries every 500 ms until it answers again, writable. Requests in the meantime get 503 instead of 500s.
 */
export function watchDatabase(url: string) {
  if (watching) return;
  watching = true;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    let lost = false;
    const onLost = (err: unknown) => {
      if (lost) return;
      lost = true;
      markDown(err ?? { code: "57P01" });
      client.end().catch(() => {});
      setTimeout(connect, 500).unref();
    };
    client.on("error", onLost);
    client.on("end", () => onLost(null));
    try {
      await client.connect();
      // A server that takes connections but is not the primary (a standby, or a primary being
      // demoted) cannot take the app's writes: that is an outage too, until the balancer finds the new one.
      const { rows } = await client.query<{ read_only: string }>(
        "SELECT current_setting('transaction_read_only') AS read_only",
      );
      if (rows[0]?.read_only === "on")
        throw Object.assign(new Error("read-only database"), { code: READ_ONLY });
      if (down) {
        logger.info({ downMs: Date.now() - down.since }, "database reachable again");
        backSince = Date.now();
      }
      down = null;
    } catch (err) {
      onLost(err);
    }
  };
  void connect();
}

/** Answers 503 with Retry-After while the database is down: a page for people, JSON for scripts. */
export function outageGuard(req: express.Request, res: express.Response, next: express.NextFunction) {
  // A request already inside the app when the database went away (or that met a connection the
  // outage broke, just after) answers 503, not 500.
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, status: number, ...rest: unknown[]) {
    if (status >= 500 && status !== 503 && inOutage(Date.now())) {
      status = 503;
      this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    }
    return (writeHead as (...a: unknown[]) => express.Response).call(this, status, ...rest);
  } as typeof res.writeHead;
  if (databaseStatus().ok) return next();
  // A script-driven form post goes on to its action, which answers with its own error toast (now a
  // 503): the form stays on screen with what was typed. Everything else is answered here.
  if (req.method === "POST" && req.path.endsWith(".data")) return next();
  sendOutage(req, res);
}

function sendOutage(req: express.Request, res: express.Response) {
  res.status(503).setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  const wantsHtml = req.accepts(["html", "json"]) === "html" && !req.path.endsWith(".data");
  if (!wantsHtml) {
    res.json({ ok: false, status: 503, toast: { type: "error", message: OUTAGE_MESSAGE } });
    return;
  }
  res.type("html").send(outagePage(req.method !== "GET" && req.method !== "HEAD"));
}

/**
 * The page needs nothing from the app (no database, no scripts). After a form post it asks the person
 * to go Back: the browser restores what they typed in the form, and no JavaScript is needed for that.
 */
export function outagePage(afterPost: boolean): string {
  const back = afterPost
    ? "<p>Nothing you sent was lost or saved twice. Go <strong>Back</strong> in your browser: your form still has what you typed, so you can send it again in a moment.</p>"
    : '<p><a href="">Try again</a></p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${afterPost ? "" : `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">`}<title>Briefly unavailable · Stagebook</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.5rem}a{color:#6d28d9}</style></head><body><main><h1>${OUTAGE_MESSAGE}.</h1>${back}</main></body></html>`;
}
