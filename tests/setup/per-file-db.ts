// Runs before each test file: a fresh database copied from the migrated template, its own DATA_DIR,
// and console.error turned into a failure (ARCHITECTURE §7).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeEach, expect, inject, vi } from "vitest";

const TEMPLATE_DB = "stagebook_test_template";
const adminUrl = inject("adminDatabaseUrl");
const dbName = `stagebook_test_${randomBytes(6).toString("hex")}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
// A copy does not take the template's database-level grants (the migrations' REVOKE TEMPORARY,
// CREATE from the app role and PUBLIC): give the copy the same ones, as a migrated database has.
const grants = await admin.query<{ grantee: string; privilege: string }>(
  `SELECT CASE WHEN g.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(g.grantee::regrole::text) END AS grantee,
          g.privilege_type AS privilege
     FROM pg_database d, aclexplode(coalesce(d.datacl, acldefault('d', d.datdba))) g
    WHERE d.datname = $1`,
  [TEMPLATE_DB],
);
await admin.query(`REVOKE ALL ON DATABASE ${dbName} FROM PUBLIC`);
for (const g of grants.rows) await admin.query(`GRANT ${g.privilege} ON DATABASE ${dbName} TO ${g.grantee}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
process.env.DATABASE_URL = url.toString();
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-test-"));
process.env.BETTER_AUTH_SECRET ??= "test-secret-that-is-at-least-32-characters-long";
process.env.ORIGIN ??= "http://localhost:3000";

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  expect(consoleError, "console.error was called").not.toHaveBeenCalled();
  consoleError.mockRestore();
});

afterAll(async () => {
  const { closeDb } = await import("../../app/server/db.server");
  await closeDb();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await client.end();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
