// Bundled by Vite with the React Router build, so the app, Better Auth and the database pool share
// one module graph. server.ts imports createApp() from the build.
import "react-router";
import "./load-context";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import { sql } from "drizzle-orm";
import express from "express";
import { auth } from "./auth.server";
import { closeDb, db } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { isCrossSiteRequest } from "./same-origin.server";

export function createApp(): express.Express {
  const app = express.Router() as unknown as express.Express;

  app.get("/healthz", async (_req, res) => {
    try {
      await db.execute(sql`SELECT 1`);
      res.json({ status: "ok", database: "ok" });
    } catch (err) {
      logger.warn({ err }, "health check: database unreachable");
      res.status(503).json({ status: "error", database: "unreachable" });
    }
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

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? "unknown",
        requestId: String(req.id ?? ""),
      }),
    }),
  );
  return app;
}

export async function shutdown(): Promise<void> {
  await closeDb();
}
