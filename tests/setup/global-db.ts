// Vitest global setup: one PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), a template
// database migrated once, and each test file gets its own copy (see per-file-db.ts).
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { acquireDataDirLock, startEmbeddedPostgres } from "../../app/server/embedded-postgres.server";
import { runMigrations } from "../../app/server/migrate.server";

export const TEMPLATE_DB = "stagebook_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    // TEST_SLOT keeps concurrent runs (several developers on one machine) on separate clusters.
    const dir = path.resolve(`.data-test-${process.env.TEST_SLOT ?? "default"}`);
    const release = acquireDataDirLock(dir);
    const embedded = await startEmbeddedPostgres(dir);
    adminUrl = embedded.adminUrl;
    stop = async () => {
      await embedded.stop();
      release();
    };
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const leftovers = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'stagebook_test_%'",
  );
  for (const { datname } of leftovers.rows)
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await client.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await runMigrations(templateUrl.toString());

  project.provide("adminDatabaseUrl", adminUrl);
  return stop;
}
