// Bundled by Vite with the React Router build, so the app, Better Auth and the database pool share
// one module graph. server.ts imports createApp() from the build.
import "react-router";
import "./load-context";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import { sql } from "drizzle-orm";
import express from "express";
import {
  BACKUP_WATCH_CRON,
  BACKUP_WATCH_JOB,
  BASE_BACKUP_CRON,
  BASE_BACKUP_JOB,
  backupRuntime,
} from "~/features/backups/backups.server";
import { messageStreamHandler, stopRealtime } from "~/features/messaging/realtime.server";
import {
  NUMBERS_NIGHTLY_CRON,
  NUMBERS_NIGHTLY_JOB,
  NUMBERS_REFRESH_CRON,
  NUMBERS_REFRESH_JOB,
  recordProfileView,
} from "~/features/numbers/numbers.server";
import { MONEY_SWEEP_CRON, MONEY_SWEEP_JOB } from "~/features/payments/money-sweep.server";
import { handlePaystackWebhook } from "~/features/payments/paystack/webhook.server";
import { PHONE_SWEEP_CRON, PHONE_SWEEP_JOB } from "~/features/phone-messages/phone-messages.server";
import {
  handleTermiiWebhook,
  handleWhatsAppWebhook,
  whatsappVerification,
} from "~/features/phone-messages/phone-webhooks.server";
import { startReviewSweep } from "~/features/reviews/review-jobs.server";
import { auth } from "./auth.server";
import { databaseStatus, outageGuard, RETRY_AFTER_SECONDS, watchDatabase } from "./database-health.server";
import { closeDb, db } from "./db.server";
import { env } from "./env.server";
import { registerJobHandlers } from "./jobs/handlers.server";
import { scheduleEvery, scheduleJob, startJobs as startJobQueue, stopJobs } from "./jobs/jobs.server";
import { logger } from "./logger.server";
import { withOutageSafeActions } from "./outage-actions.server";
import { publicPageCache, stopPublicPageCache } from "./public-cache.server";
import { isCrossSiteRequest } from "./same-origin.server";

export function createApp(): express.Express {
  const app = express.Router() as unknown as express.Express;

  if (process.env.DATABASE_URL) watchDatabase(process.env.DATABASE_URL);

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const status = databaseStatus();
    if (!status.ok) {
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res.status(503).json({
        status: "unavailable",
        database: "unreachable",
        reason: status.reason,
        downForMs: status.sinceMs,
      });
      return;
    }
    try {
      await db.execute(sql`SELECT 1`);
      res.json({ status: "ok", database: "ok" });
    } catch (err) {
      logger.warn({ err }, "health check: database unreachable");
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res
        .status(503)
        .json({ status: "unavailable", database: "unreachable", reason: (err as Error).message });
    }
  });

  app.use(outageGuard);

  // Paystack's webhooks: the raw bytes are needed for the signature, so this sits before any parsing;
  // and before the same-site check, since a server-to-server call carries no browser headers.
  app.post(
    "/webhooks/paystack",
    express.raw({ type: () => true, limit: "2mb" }),
    async (req: express.Request, res: express.Response) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await handlePaystackWebhook(body, req.get("x-paystack-signature"));
      res.status(answer.status).type("text").send(answer.message);
    },
    (err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res
        .status(err.status && err.status < 500 ? err.status : 400)
        .type("text")
        .send("Unreadable request body");
    },
  );

  // The phone providers' webhooks (issue 30): signed like Paystack's, so they too take the raw bytes.
  const phoneWebhook =
    (
      handle: (raw: Buffer, signature: string | undefined) => Promise<{ status: number; message: string }>,
      header: string,
    ) =>
    async (req: express.Request, res: express.Response) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await handle(body, req.get(header));
      res.status(answer.status).type("text").send(answer.message);
    };
  app.post(
    "/webhooks/termii",
    express.raw({ type: () => true, limit: "1mb" }),
    phoneWebhook(handleTermiiWebhook, "x-termii-signature"),
  );
  app.post(
    "/webhooks/whatsapp",
    express.raw({ type: () => true, limit: "1mb" }),
    phoneWebhook(handleWhatsAppWebhook, "x-hub-signature-256"),
  );
  app.get("/webhooks/whatsapp", (req, res) => {
    const answer = whatsappVerification(req.query as Record<string, unknown>);
    res.status(answer.status).type("text").send(answer.message);
  });

  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const crossSite = isCrossSiteRequest({
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      host: req.get("host"),
    });
    if (crossSite) {
      res.status(403).type("text").send("Requests from other sites are not accepted.");
      return;
    }
    next();
  });

  // Better Auth reads the client address from X-Forwarded-For; set it from what Express trusts so a
  // client cannot pick its own rate-limit bucket.
  const authHandler = toNodeHandler(auth());
  app.all("/api/auth/*splat", (req, res) => {
    req.headers["x-forwarded-for"] = req.ip ?? "unknown";
    return authHandler(req, res);
  });

  app.use(
    "/uploads",
    express.static(path.resolve(env().DATA_DIR, "uploads"), {
      maxAge: "30d",
      immutable: true,
      index: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
  );

  app.get("/api/messages/stream", (req, res, next) => {
    messageStreamHandler(req, res).catch(next);
  });

  // A profile view is counted here, before the public page cache answers (issue 38): once per visitor
  // per day, after the answer has gone, without holding the page up or failing it.
  // A pattern, not "/musicians/:slug": Express answers a param it cannot decode (%ED%A0%80) with an
  // error of its own, where the page should answer it as it answers any address.
  app.get(/^\/musicians\/[^/]+\/?$/, (req, res, next) => {
    const wantsPage = (req.get("accept") ?? "").includes("text/html") && req.get("purpose") !== "prefetch";
    const slug = safeDecode(req.path.split("/")[2] ?? "");
    if (wantsPage && slug) {
      res.once("finish", () => {
        if (res.statusCode !== 200) return;
        recordProfileView({
          slug,
          url: new URL(req.originalUrl, "http://localhost"),
          referer: req.get("referer"),
          ownHost: req.get("host") ?? "",
          ip: req.ip ?? "unknown",
          userAgent: req.get("user-agent"),
        }).catch((err) => logger.warn({ err }, "could not count a profile view"));
      });
    }
    next();
  });
  app.use(publicPageCache());
  app.use(
    createRequestHandler({
      // Every action answers a database outage as a 503 toast, not the error boundary.
      build: async () => withOutageSafeActions(await import("virtual:react-router/server-build")),
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? "unknown",
        requestId: String(req.id ?? ""),
      }),
    }),
  );
  return app;
}

/** Starts the job queue's workers in this process (server.ts calls it once migrations have run). */
export async function startJobs(): Promise<void> {
  registerJobHandlers();
  await startJobQueue();
  await startReviewSweep();
  await scheduleEvery(MONEY_SWEEP_JOB, MONEY_SWEEP_CRON);
  await scheduleEvery(PHONE_SWEEP_JOB, PHONE_SWEEP_CRON);
  await scheduleEvery(NUMBERS_REFRESH_JOB, NUMBERS_REFRESH_CRON);
  await scheduleEvery(NUMBERS_NIGHTLY_JOB, NUMBERS_NIGHTLY_CRON);
  if (backupRuntime()) {
    await scheduleEvery(BACKUP_WATCH_JOB, BACKUP_WATCH_CRON);
    await scheduleEvery(BASE_BACKUP_JOB, BASE_BACKUP_CRON);
    // A fresh start gets its first base backup now rather than at the next hourly check.
    await scheduleJob(BASE_BACKUP_JOB, {});
  }
}

/** Ends the open message streams (a draining server): each browser reconnects elsewhere and catches up. */
export async function closeStreams(): Promise<void> {
  await stopRealtime();
}

export async function shutdown(): Promise<void> {
  await stopJobs().catch((err) => logger.warn({ err }, "job queue did not stop cleanly"));
  await stopPublicPageCache();
  await stopRealtime();
  await closeDb();
}

/** A path segment decoded, or null when it is not valid percent-encoded UTF-8. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
