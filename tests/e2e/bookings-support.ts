// Seeds what the profile editor's Account tab would save, straight into the e2e server's embedded
// database (its port is in postmaster.pid, its password beside it), so the bookings specs do not
// depend on the editor's UI.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e");

async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const password = fs.readFileSync(path.join(DATA_DIR, "postgres-password"), "utf8").trim();
  const port = fs
    .readFileSync(path.join(DATA_DIR, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/stagebook`,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Makes the musician's website active with a fresh slug; returns the slug. */
export async function activateWebsite(email: string, stageName: string): Promise<string> {
  const slug = `e2e-${randomBytes(4).toString("hex")}`;
  await withDb(async (c) => {
    const res = await c.query(
      `UPDATE musician_profiles SET slug = $1, stage_name = $2, phone_number = '08030000000', website_active = true,
         performance_roles = ARRAY['Saxophonist'], location = 'Lagos'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $3)`,
      [slug, stageName, email],
    );
    if (res.rowCount !== 1) throw new Error(`no profile for ${email}`);
  });
  return slug;
}
