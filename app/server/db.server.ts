import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as auth from "~db/schema/auth";
import * as availability from "~db/schema/availability";
import * as bookings from "~db/schema/bookings";
import * as marketplace from "~db/schema/marketplace";
import * as profiles from "~db/schema/profiles";
import { logger } from "./logger.server";

export const schema = { ...auth, ...profiles, ...bookings, ...availability, ...marketplace };

function createDb(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client whose server went away must not crash the process; the pool opens a new one.
  pool.on("error", (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (or restarting after a crash); the pool reconnects.
    const level = err.code === "57P01" ? "debug" : "warn";
    logger[level]({ err }, "idle database client lost");
  });
  return { pool, db: drizzle(pool, { schema }) };
}

let instance: ReturnType<typeof createDb> | undefined;

function current() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts");
  instance ??= createDb(url);
  return instance;
}

export type Db = ReturnType<typeof createDb>["db"];

/** The Drizzle client. Created on first use so that server.ts can start the embedded database first. */
export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(current().db, prop),
});

export function pool(): pg.Pool {
  return current().pool;
}

export async function closeDb(): Promise<void> {
  if (instance) await instance.pool.end();
  instance = undefined;
}
