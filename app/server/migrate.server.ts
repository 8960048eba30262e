import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { installJobQueueSchema } from "./jobs/queue-schema.server";

/** db/migrations, seen from app/server/ (the sources) or from build/server.js (`npm start`). */
export const migrationsFolder =
  ["../../db/migrations", "../db/migrations"]
    .map((p) => path.resolve(import.meta.dirname ?? ".", p))
    .find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json"))) ?? path.resolve("db/migrations");

/** Applies db/migrations to the database at url. Run once per deploy, never from several processes at once. */
export async function runMigrations(url: string, folder = migrationsFolder): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
    await installJobQueueSchema(client);
  } finally {
    await client.end();
  }
}
