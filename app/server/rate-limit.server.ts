import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "./db.server";

/**
 * Fixed-window counter in PostgreSQL (the rate_limit table Better Auth's limiter also uses), so every
 * app process shares it. Returns false once `max` hits in `windowMs` have been counted for `key`.
 */
export async function hitRateLimit(key: string, max: number, windowMs: number): Promise<boolean> {
  const now = Date.now();
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit (id, key, count, last_request) VALUES (${randomUUID()}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request < ${now - windowMs} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request < ${now - windowMs} THEN ${now} ELSE rate_limit.last_request END
    RETURNING count`);
  return Number(result.rows[0]?.count ?? 0) <= max;
}

/**
 * hitRateLimit for `key`, refused outright while `blockKey` has `blockMax` or more hits in the window:
 * both in one round trip. (A refused request still counts against `key`.)
 */
export async function hitRateLimitUnlessBlocked(
  key: string,
  max: number,
  block: { key: string; max: number },
  windowMs: number,
): Promise<boolean> {
  const now = Date.now();
  const result = await db.execute<{ count: number; blocked: number | null }>(sql`
    INSERT INTO rate_limit (id, key, count, last_request) VALUES (${randomUUID()}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request < ${now - windowMs} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request < ${now - windowMs} THEN ${now} ELSE rate_limit.last_request END
    RETURNING count, (SELECT b.count FROM rate_limit b WHERE b.key = ${block.key} AND b.last_request >= ${now - windowMs}) AS blocked`);
  const row = result.rows[0];
  return Number(row?.blocked ?? 0) < block.max && Number(row?.count ?? 0) <= max;
}

/** How many hits `key` has in the current window, without adding one. */
export async function rateLimitCount(key: string, windowMs: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count FROM rate_limit WHERE key = ${key} AND last_request >= ${Date.now() - windowMs}`);
  return Number(result.rows[0]?.count ?? 0);
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key}`);
}
