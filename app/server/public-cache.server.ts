// Anonymous public pages from a short-lived in-process cache (docs/decisions/0007-public-page-cache.md).
// Only GET requests for the pages below, from a visitor with no session or flash cookie, are cached.
// Pages are rendered without a CSP nonce and their inline scripts are allowed by hash, so the same
// bytes are right for every visitor. Any write to the tables these pages show fires a PostgreSQL
// NOTIFY (triggers in the public_page_notify migration); every process LISTENs and drops its pages.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type express from "express";
import pg from "pg";
import { hasSessionCookie } from "~/features/auth/session.server";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/idempotency";
import { db } from "./db.server";
import { logger } from "./logger.server";

const PUBLIC_PATHS = /^\/(?:|musicians|musicians\/[^/.]+|market|terms|privacy|blog)$/;
const FRESH_MS = 30_000;
// Past FRESH_MS one request re-renders a page while the others still get the stored copy (no
// stampede of renders when a busy page expires). Invalidation drops pages outright, never this way.
const STALE_MS = 90_000;
const MAX_ENTRIES = 500;
// Bounded in bytes too (issue 31): 500 /market searches of ~250 KB each (the HTML, its gzip and brotli
// copies) held a worker at 440-840 MB under load. 16 MB per process keeps ~100 such pages.
const MAX_BYTES = Number(process.env.PUBLIC_CACHE_MB ?? 16) * 1024 * 1024;
export const CHANNEL = "stagebook_public_pages";
/** Shared caches may keep a page 30 s and serve it stale for a minute while they refetch it. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
const PRIVATE_CACHE_CONTROL = "private, no-cache";
// A create form's one-use key (see IdempotencyKeyField): filled afresh for every visitor.
const FORM_TOKEN = new RegExp(`(name="${IDEMPOTENCY_FIELD}" value=")[0-9a-f-]{36}(")`, "g");
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "content-security-policy",
  "cache-control",
  "vary",
  "x-cache",
]);

interface Entry {
  status: number;
  headers: [string, string | string[] | number][];
  csp: string;
  /** The HTML split around form tokens; one part (kept as `raw` only) when there are none. */
  parts: string[];
  /** What the entry holds in memory, about. */
  bytes: number;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  storedAt: number;
}

const entries = new Map<string, Entry>();
let storedBytes = 0;
const refreshing = new Set<string>();
// Requests for a page that is not stored yet, waiting for the one request already rendering it: without
// this, every request for a cold page renders it too, and under load those renders slow each other so
// much that none finishes (measured: one worker's / and profile renders taking 30 s and more).
const waiting = new Map<string, Array<(entry: Entry | undefined) => void>>();
let generation = 0;
let listener: pg.Client | null = null;
let listening = false;
let stopped = false;

function clear(): void {
  generation += 1;
  entries.clear();
  storedBytes = 0;
}

/**
 * Drops every cached public page in every app process. Writes to the tables public pages show do this
 * by themselves (database triggers); call it after changing anything else they show.
 */
export async function invalidatePublicPages(): Promise<void> {
  clear();
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, 'app')`);
}

/** LISTENs for invalidations; until it is listening (or after it loses the connection) nothing is cached. */
function listen(): void {
  if (listener || stopped || !process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  listener = client;
  const lost = (err?: Error) => {
    if (listener !== client) return;
    listener = null;
    listening = false;
    clear();
    client.end().catch(() => {});
    if (err) logger.warn({ err }, "public page cache: invalidation listener lost; retrying");
    if (!stopped) setTimeout(listen, 1_000).unref();
  };
  client.on("notification", clear);
  client.on("error", lost);
  client.on("end", () => lost());
  client
    .connect()
    .then(() => client.query(`LISTEN ${CHANNEL}`))
    .then(() => {
      clear();
      listening = listener === client;
    })
    .catch(lost);
}

export async function stopPublicPageCache(): Promise<void> {
  stopped = true;
  listening = false;
  const client = listener;
  listener = null;
  await client?.end().catch(() => {});
}

/** Whether a request is an anonymous visitor's (no session, no flash): only theirs may be shared. */
export function isAnonymousRequest(cookieHeader: string | null | undefined): boolean {
  const cookie = cookieHeader ?? "";
  return !/(?:^|;\s*)sb_flash=/.test(cookie) && !hasSessionCookie(cookie);
}

/** What a page's own Cache-Control says to anyone signed in: never kept by a shared cache. */
export const SIGNED_IN_CACHE_CONTROL = "private, no-store";

function cacheable(req: express.Request): boolean {
  if (req.method !== "GET" || !PUBLIC_PATHS.test(req.path)) return false;
  return isAnonymousRequest(req.headers.cookie);
}

/** The CSP with the per-request nonce swapped for the hashes of this page's inline scripts. */
export function cspWithScriptHashes(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return csp
    .replace(/\s*'nonce-[^']*'/g, "")
    .replace(
      /script-src ([^;]*)/,
      (_all, list: string) => `script-src ${[list.trim(), ...hashes].filter(Boolean).join(" ")}`,
    );
}

function fill(parts: string[]): string {
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++) out += newIdempotencyKey() + parts[i];
  return out;
}

function send(req: express.Request, res: express.Response, entry: Entry, state: "hit" | "miss"): void {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", state);
  // A page with a form token is per visitor: this server fills a fresh one each time, a CDN cannot.
  res.setHeader("Cache-Control", entry.parts.length > 1 ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  if (entry.parts.length > 1) {
    res.end(fill(entry.parts));
    return;
  }
  // Compressed once when stored; the compression middleware leaves an encoded body alone.
  const encoding = req.acceptsEncodings("br", "gzip");
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : undefined;
  if (body && encoding) {
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  } else {
    res.end(entry.raw);
  }
}

function drop(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  storedBytes -= entry.bytes;
}

/** Keeps `entry`, dropping the oldest pages while the cache would be over its count or its bytes. */
function store(key: string, entry: Entry): void {
  drop(key);
  // A JavaScript string of HTML takes up to two bytes a character; headers and the key about 1 KB.
  entry.bytes =
    entry.raw.length +
    (entry.gzip?.length ?? 0) +
    (entry.br?.length ?? 0) +
    (entry.parts.length > 1 ? entry.raw.length * 2 : 0) +
    1024;
  if (entry.bytes > MAX_BYTES) return;
  while (entries.size > 0 && (entries.size >= MAX_ENTRIES || storedBytes + entry.bytes > MAX_BYTES)) {
    drop(entries.keys().next().value as string);
  }
  entries.set(key, entry);
  storedBytes += entry.bytes;
}

/** How many pages and bytes this process holds (the benchmark and tests read it). */
export function publicCacheSize(): { pages: number; bytes: number } {
  return { pages: entries.size, bytes: storedBytes };
}

/** Express middleware in front of the React Router handler. */
export function publicPageCache(): express.RequestHandler {
  if (process.env.NODE_ENV === "development") return (_req, _res, next) => next();
  listen();
  return (req, res, next) => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    const age = hit ? Date.now() - hit.storedAt : Number.POSITIVE_INFINITY;
    if (hit && listening && (age < FRESH_MS || (age < STALE_MS && refreshing.has(key)))) {
      return send(req, res, hit, "hit");
    }
    if (!hit && listening && refreshing.has(key)) {
      const queue = waiting.get(key) ?? [];
      waiting.set(key, queue);
      queue.push((entry) => (entry ? send(req, res, entry, "hit") : next()));
      return;
    }
    refreshing.add(key);
    // The waiters get the stored page, or render for themselves if this render kept nothing.
    let kept: Entry | undefined;
    res.once("close", () => {
      refreshing.delete(key);
      const queue = waiting.get(key);
      waiting.delete(key);
      for (const wake of queue ?? []) wake(kept);
    });

    // Render without a nonce, hold the body until it is complete, then allow its scripts by hash.
    res.locals.cspNonce = "";
    const startedAt = generation;
    const before = new Set(res.getHeaderNames());
    const chunks: Buffer[] = [];
    const { write, end } = res;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      take(chunk, encoding);
      const done = typeof encoding === "function" ? encoding : cb;
      if (typeof done === "function") process.nextTick(done as () => void);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      take(chunk, encoding);
      res.write = write;
      res.end = end;
      const raw = Buffer.concat(chunks);
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return res.end(raw);
      const html = raw.toString("utf8");
      const entry: Entry = {
        status: res.statusCode,
        headers: res
          .getHeaderNames()
          .filter((h) => !before.has(h) && !NOT_STORED.has(h))
          .map((h) => [h, res.getHeader(h)!]),
        csp: cspWithScriptHashes(String(res.getHeader("content-security-policy") ?? ""), html),
        parts: html.replace(FORM_TOKEN, "$1\u0000$2").split("\u0000"),
        raw,
        bytes: 0,
        storedAt: Date.now(),
      };
      const keep = res.statusCode === 200 && !res.getHeader("set-cookie") && listening;
      if (!keep) {
        res.setHeader("Content-Security-Policy", entry.csp);
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
        return res.end(raw);
      }
      if (entry.parts.length === 1) {
        // The page is `raw` (and its compressed copies): not a second time as a string.
        entry.parts = [""];
        entry.gzip = gzipSync(raw, { level: 9 });
        // Quality 8, not 9: measured on /market and a profile page, 9 took 15-17 ms (on every miss: 40%
        // of an uncached /market's CPU) for 0.0-0.3% fewer bytes than 8's ~1.5 ms.
        entry.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 8 } });
      }
      // A write that landed while this page rendered may not be in it: serve it, don't keep it.
      if (generation === startedAt) {
        store(key, entry);
        kept = entry;
      }
      send(req, res, entry, "miss");
      return res;
    }) as typeof res.end;
    next();
  };
}
