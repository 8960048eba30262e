// Helpers for the security end-to-end specs: accounts made over HTTP, direct access to the e2e server's
// embedded database (port in postmaster.pid, password beside it), and the build's route manifest.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { withDb } from "./support";

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

let ipCounter = 0;
/** A distinct client address (the server trusts X-Forwarded-For from loopback) so rate limits stay apart. */
export function freshIp(): string {
  ipCounter += 1;
  const r = randomBytes(2);
  return `10.${(process.pid + ipCounter) % 250}.${r[0]}.${r[1]}`;
}

export interface HttpMusician {
  email: string;
  password: string;
  slug: string;
  profileId: string;
}

/** Registers through POST /register on `api` (which keeps the session cookie) and activates a website. */
export async function registerOverHttp(
  api: APIRequestContext,
  stageName = "Hostile Tester",
): Promise<HttpMusician> {
  const email = `sec-${randomBytes(5).toString("hex")}@example.com`;
  const password = "afrobeats-2026";
  const res = await api.post("/register", {
    form: {
      firstName: "Sec",
      lastName: "Tester",
      email,
      password,
      role: "musician",
      phoneNumber: "08030000000",
    },
    headers: { origin: BASE_URL, "x-forwarded-for": freshIp() },
    maxRedirects: 0,
  });
  if (res.status() !== 302)
    throw new Error(`register answered ${res.status()}: ${(await res.text()).slice(0, 200)}`);
  const slug = `sec-${randomBytes(4).toString("hex")}`;
  const profileId = await withDb(async (c) => {
    const r = await c.query<{ id: string }>(
      `UPDATE musician_profiles SET slug = $1, stage_name = $2, phone_number = '08030000000', website_active = true,
         performance_roles = ARRAY['Saxophonist'], location = 'Lagos'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $3) RETURNING id`,
      [slug, stageName, email],
    );
    return r.rows[0]!.id;
  });
  return { email, password, slug, profileId };
}

export async function insertBooking(
  profileId: string,
  clientName = "Ada Eze",
): Promise<{ id: string; slug: string }> {
  const slug = randomBytes(4).toString("hex");
  return withDb(async (c) => {
    const r = await c.query<{ id: string }>(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type, event_date, status)
       VALUES ($1, $2, $3, 'Full Event Performance', 'Wedding', CURRENT_DATE + 30, 'pending') RETURNING id`,
      [profileId, slug, clientName],
    );
    return { id: r.rows[0]!.id, slug };
  });
}

export async function insertRequest(profileId: string): Promise<string> {
  return withDb(async (c) => {
    const r = await c.query<{ id: string }>(
      `INSERT INTO booking_requests (musician_id, client_name, event_type, event_duration)
       VALUES ($1, 'Bola', 'wedding', '3') RETURNING id`,
      [profileId],
    );
    return r.rows[0]!.id;
  });
}

/** A request's private /request/{token} capability. */
export async function requestToken(requestId: string): Promise<string> {
  return withDb(async (c) => {
    const r = await c.query<{ status_token: string }>(
      "SELECT status_token FROM booking_requests WHERE id = $1",
      [requestId],
    );
    return r.rows[0]!.status_token;
  });
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
}

/** Every route of the production build the server runs, with its full URL pattern. */
export function buildRoutes(): (ManifestRoute & { pattern: string })[] {
  const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${assets}: build first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8").trim();
  const manifest = JSON.parse(
    text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;$/, ""),
  ) as {
    routes: Record<string, ManifestRoute>;
  };
  const routes = manifest.routes;
  const patternOf = (r: ManifestRoute): string => {
    const parent = r.parentId ? patternOf(routes[r.parentId]!) : "";
    if (!r.path) return parent;
    return `${parent.replace(/\/$/, "")}/${r.path}`;
  };
  return Object.values(routes).map((r) => ({ ...r, pattern: patternOf(r) || "/" }));
}

/** React Router's single-fetch URL for a route's data: /path.data, and /_root.data for "/". */
export function dataUrl(pathname: string): string {
  return pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`;
}
