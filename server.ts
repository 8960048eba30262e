// Express entry: configuration, the embedded database, migrations, security headers, compression,
// logging and static files; everything else is the bundled app (app/server/express-app.server.ts).
import "./app/server/node-env";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import { drizzle } from "drizzle-orm/node-postgres";
import express from "express";
import pg from "pg";
import { pinoHttp } from "pino-http";
import { archivingFor } from "./app/features/backups/archiving.server";
import { backupConfig, CLUSTER_ENV } from "./app/features/backups/backup-store.server";
import { goLiveProblem } from "./app/features/money/go-live.server";
import { prepareAppRole } from "./app/server/app-role.server";
import type { DbExecutor } from "./app/server/db.server";
import {
  acquireDataDirLock,
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from "./app/server/embedded-postgres.server";
import { parseEnv, paymentsModeProblem } from "./app/server/env.server";
import { logger } from "./app/server/logger.server";
import { runMigrations } from "./app/server/migrate.server";
import { precompressed, precompressedHeaders } from "./app/server/precompressed-assets";
import { securityHeaders } from "./app/server/security-headers.server";
import { startupProblem } from "./app/server/startup-errors.server";
import { isWorkerProcess, superviseWorkers } from "./app/server/workers";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Referrer-Policy",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];

let releaseLock = () => {};
function fail(message: string): never {
  releaseLock();
  console.error(`\nStagebook cannot start: ${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof parseEnv>;
try {
  config = parseEnv(process.env);
} catch (err) {
  fail((err as Error).message);
}

const where = { dataDir: config.DATA_DIR, port: config.PORT };
// A worker (WEB_CONCURRENCY > 1) gets DATABASE_URL and the secret from the primary, which holds the
// lock, runs the embedded PostgreSQL and has already migrated.
const WORKER = isWorkerProcess();
// A deployment with no Paystack key never falls into test mode silently (money review 3 M1). Checked by
// the primary only: a worker is given the primary's DATABASE_URL, even for the embedded database.
const modeProblem = WORKER ? null : paymentsModeProblem(config);
if (modeProblem) fail(modeProblem);
try {
  if (!WORKER) releaseLock = acquireDataDirLock(config.DATA_DIR);
} catch (err) {
  fail(startupProblem(err, where));
}

let embedded: EmbeddedDatabase | undefined;
if (!config.DATABASE_URL) {
  try {
    // Continuous archiving is on by default (README, "Backups and restore"); the app's jobs take the
    // base backups and watch the archive.
    embedded = await startEmbeddedPostgres(config.DATA_DIR, { settings: archivingFor(backupConfig(config)) });
    process.env[CLUSTER_ENV] = embedded.dataDir;
    if (!config.BETTER_AUTH_SECRET) {
      const file = path.join(config.DATA_DIR, "auth-secret");
      if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
      process.env.BETTER_AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
    }
  } catch (err) {
    await embedded?.stop().catch(() => {});
    fail(startupProblem(err, where));
  }
  process.env.DATABASE_URL = embedded.url;
} else if (!config.BETTER_AUTH_SECRET) {
  fail("BETTER_AUTH_SECRET must be set (32+ characters) when DATABASE_URL points at your own server.");
}

try {
  if (!WORKER) await runMigrations(process.env.DATABASE_URL!);
  // The embedded database: the app's queries run as the restricted app role (ADR 0015).
  if (!WORKER && embedded && !process.env.DATABASE_APP_URL) {
    const appUrl = await prepareAppRole(process.env.DATABASE_URL!, config.DATA_DIR);
    if (appUrl) process.env.DATABASE_APP_URL = appUrl;
  }
} catch (err) {
  await embedded?.stop().catch(() => {});
  const db = embedded ? "the embedded database" : "DATABASE_URL";
  fail(`could not connect to or migrate ${db}: ${(err as Error).message}`);
}

// Going live with test money still in escrow or Available would pay it out as real naira (M1).
if (!WORKER && config.PAYSTACK_SECRET_KEY?.startsWith("sk_live_")) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const problem = await goLiveProblem(drizzle(pool) as unknown as DbExecutor)
    .catch((err) => `could not check for test money: ${(err as Error).message}`)
    .finally(() => pool.end().catch(() => {}));
  if (problem) {
    await embedded?.stop().catch(() => {});
    fail(problem);
  }
}

const WORKERS = DEVELOPMENT ? 1 : (config.WEB_CONCURRENCY ?? os.availableParallelism());
if (!WORKER && WORKERS > 1) {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    ...(process.env.DATABASE_APP_URL ? { DATABASE_APP_URL: process.env.DATABASE_APP_URL } : {}),
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET!,
  };
  await superviseWorkers(WORKERS, env, async () => {
    await embedded?.stop();
    releaseLock();
  });
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

// Draining (SIGTERM, a rolling restart): /healthz answers 503 first, so a load balancer stops sending
// new requests here before the server stops listening; requests already in flight finish.
const drain = { since: 0, lastHealthCheck: 0, refusedChecks: 0 };
app.get("/healthz", (_req, res, next) => {
  drain.lastHealthCheck = Date.now();
  if (!drain.since) return next();
  drain.refusedChecks += 1;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.status(503).json({ status: "draining" });
});

app.use(
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers["x-request-id"];
      const id = typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true },
  }),
);

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  securityHeaders({
    development: DEVELOPMENT,
    origin: config.ORIGIN,
    s3: { bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT, publicUrl: config.S3_PUBLIC_URL },
  }),
);
// Server-Sent Events must reach the browser as they are written: never compress (buffer) them.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(req, res),
  }),
);

type BundledApp = {
  createApp: () => express.Express;
  startJobs: () => Promise<void>;
  closeStreams: () => Promise<void>;
  shutdown: () => Promise<void>;
};
let bundled: BundledApp | undefined;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  bundled = (await vite.ssrLoadModule("./app/server/express-app.server.ts")) as BundledApp;
  app.use(async (req, res, next) => {
    try {
      const mod = (await vite.ssrLoadModule("./app/server/express-app.server.ts")) as BundledApp;
      return mod.createApp()(req, res, next);
    } catch (err) {
      if (typeof err === "object" && err instanceof Error) vite.ssrFixStacktrace(err);
      next(err);
    }
  });
} else {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const buildPath = path.resolve(buildDir, "server/index.js");
  if (!fs.existsSync(buildPath)) fail("no production build found: run `npm run build` (npm start does).");
  const assetsDir = path.join(buildDir, "client/assets");
  app.use("/assets", precompressed(assetsDir));
  app.use(
    "/assets",
    express.static(assetsDir, {
      immutable: true,
      maxAge: "1y",
      // Document-only headers (CSP and friends, ~1 KB) mean nothing on a script or stylesheet, and a
      // page loads ~25 of them over mobile data; keep nosniff and the resource policy.
      setHeaders: (res, file) => {
        for (const h of DOCUMENT_ONLY_HEADERS) res.removeHeader(h);
        precompressedHeaders(res, file);
      },
    }),
  );
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  // Only file names (favicon.svg, robots.txt) live there: pages skip a disk lookup per request.
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  bundled = (await import(buildPath)) as BundledApp;
  app.use(bundled.createApp());
}
// Scheduled work (escrow release, payouts) runs in every app process; the queue lives in PostgreSQL.
// A PostgreSQL that was just restarted answers "starting up" for a moment: retry for up to 30 s.
await startJobsPatiently(bundled.startJobs, Date.now() + 30_000).catch(async (err) => {
  await embedded?.stop().catch(() => {});
  fail(`the job queue did not start (${(err as Error).message}).`);
});

async function startJobsPatiently(startJobs: () => Promise<void>, deadline: number): Promise<void> {
  for (;;) {
    try {
      return await startJobs();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      logger.warn({ err }, "job queue not started yet; retrying");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

app.use((err: Error, req: express.Request, res: express.Response, _next: express.NextFunction) => {
  req.log?.error({ err }, "unhandled error");
  if (!res.headersSent) res.status(500).type("text").send("Something went wrong. Please try again.");
});

const server = app.listen(config.PORT, () => {
  logger.info({ port: config.PORT, url: `http://localhost:${config.PORT}` }, "Stagebook is listening");
});
server.on("error", async (err: NodeJS.ErrnoException) => {
  await embedded?.stop();
  fail(startupProblem(err, where));
});

/**
 * Behind a balancer that checks /healthz (one came in the last 5 s), waits until it has been refused
 * twice (haproxy's `fall 2`, deploy/haproxy.cfg), at most 5 s, so the balancer has marked this server
 * down before it stops listening. Run alone (no health checks), it does not wait.
 */
async function waitForBalancer(): Promise<void> {
  drain.since = Date.now();
  if (drain.since - drain.lastHealthCheck > 5_000) return;
  while (drain.refusedChecks < 2 && Date.now() - drain.since < 5_000) await sleep(50);
  // The balancer acts on the answer it just got; what it sent before that is still arriving.
  await sleep(250);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await waitForBalancer();
  // Stop listening; requests in flight finish, idle keep-alive connections close now.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection whose request finishes becomes idle: close it then, not at the deadline.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  // Open message streams end, which tells each browser to reconnect (through the balancer, to another
  // server) and catch up with Last-Event-ID.
  await bundled?.closeStreams().catch(() => {});
  await Promise.race([closed, sleep(8_000)]);
  clearInterval(closeIdle);
  server.closeAllConnections();
  await bundled?.shutdown().catch(() => {});
  await embedded?.stop().catch(() => {});
  releaseLock();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
