// The database role the app's own queries run as (money review #13, ADR 0015). Migrations run as the
// owner; the app pool connects as stagebook_app, which owns nothing and is no superuser, so no app
// query (or injected SQL) can disable a trigger, set session_replication_role, or change or delete a
// ledger row. The embedded database gives the role a password kept in DATA_DIR; with your own
// PostgreSQL you create the login yourself and set DATABASE_APP_URL (README, "Database roles").
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export const APP_ROLE = "stagebook_app";
const PASSWORD_FILE = "app-role-password";

/**
 * Lets the app role log in with a password kept beside the data (created once) and returns the URL
 * the app pool connects with; undefined when the migrations could not create the role.
 */
export async function prepareAppRole(ownerUrl: string, dataDir: string): Promise<string | undefined> {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(18).toString("hex"), { mode: 0o600 });
  const password = fs.readFileSync(file, "utf8").trim();
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
    if (exists.rowCount === 0) return undefined;
    await client.query(`ALTER ROLE ${APP_ROLE} LOGIN PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/** The URL the app's own queries use: DATABASE_APP_URL when set, else DATABASE_URL. */
export function appDatabaseUrl(): string | undefined {
  return process.env.DATABASE_APP_URL || process.env.DATABASE_URL;
}
