import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { createMusician } from "../tests/support/accounts";

const run = promisify(execFile);
const script = (name: string, args: string[]) =>
  run(process.execPath, ["--import", "tsx", `scripts/${name}`, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    timeout: 60_000,
  });

describe("npm run seed:demo", () => {
  it("fills the database with varied Nigerian demo data", async () => {
    const { stdout } = await script("seed-demo.ts", ["--musicians", "120", "--bookings", "900"]);
    expect(stdout).toContain("done: 120 musicians, 900 bookings");
    const row = (
      await db.execute<Record<string, string>>(sql`
        SELECT
          (SELECT count(*) FROM musician_profiles WHERE user_id LIKE 'demo-%') AS musicians,
          (SELECT count(*) FROM bookings_by_musician) AS bookings,
          (SELECT count(DISTINCT g) FROM musician_profiles, unnest(genres) g) AS genres,
          (SELECT count(DISTINCT location) FROM musician_profiles) AS places,
          (SELECT count(*) FROM musician_profiles WHERE website_active) AS active,
          (SELECT count(DISTINCT status) FROM bookings_by_musician) AS statuses,
          (SELECT min(price_kobo) FROM bookings_by_musician) AS min_price,
          (SELECT count(*) FROM musician_availability) AS availability,
          (SELECT count(*) FROM market_search_words) AS words`)
    ).rows[0];
    expect(Number(row.musicians)).toBe(120);
    expect(Number(row.bookings)).toBe(900);
    expect(Number(row.genres)).toBeGreaterThan(8);
    expect(Number(row.places)).toBeGreaterThan(10);
    expect(Number(row.active)).toBeGreaterThan(80);
    expect(Number(row.statuses)).toBeGreaterThanOrEqual(3);
    expect(Number(row.min_price)).toBeGreaterThanOrEqual(50_000 * 100);
    expect(Number(row.availability)).toBeGreaterThan(0);
    expect(Number(row.words)).toBeGreaterThan(20);
    const names = await db.execute<{ genre: string }>(
      sql`SELECT DISTINCT unnest(genres) AS genre FROM musician_profiles`,
    );
    expect(names.rows.map((r) => r.genre)).toEqual(expect.arrayContaining(["Jùjú", "Afrobeats", "Highlife"]));
  });

  it("refuses a bad count", async () => {
    await expect(script("seed-demo.ts", ["--musicians", "lots"])).rejects.toMatchObject({
      stderr: expect.stringContaining('--musicians needs a whole number, got "lots"'),
    });
  });
});

describe("npm run admin:grant", () => {
  it("makes an existing account admin and reports an unknown one", async () => {
    const m = await createMusician();
    const { stdout } = await script("admin-grant.ts", [m.email]);
    expect(stdout).toContain("is now an admin");
    const role = await db.execute<{ role: string }>(sql`SELECT role FROM "user" WHERE id = ${m.userId}`);
    expect(role.rows[0].role).toBe("admin");
    await expect(script("admin-grant.ts", ["nobody@example.com"])).rejects.toMatchObject({
      stderr: expect.stringContaining("No account with the e-mail nobody@example.com"),
    });
  });
});
