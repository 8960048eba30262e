import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { createMusician } from "../tests/support/accounts";

async function violation(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(statement);
    return "no error";
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as never);
    return `${cause.code}:${cause.constraint}`;
  }
}

describe("schema rules held by the database", () => {
  it("refuses status values outside the spec's lists", async () => {
    const m = await createMusician();
    expect(
      await violation(sql`INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type, status)
        VALUES (${m.profileId}, 'abcd1234', 'Bola', 'Background Music', 'Wedding', 'paid')`),
    ).toBe("23514:bookings_by_musician_status_check");
    expect(
      await violation(sql`INSERT INTO booking_requests (musician_id, client_name, event_type, event_duration, status)
        VALUES (${m.profileId}, 'Bola', 'wedding', '3', 'maybe')`),
    ).toBe("23514:booking_requests_status_check");
    expect(
      await violation(sql`INSERT INTO musician_portfolio_items (profile_id, item_type, content_url)
        VALUES (${m.profileId}, 'pdf', '/x')`),
    ).toBe("23514:musician_portfolio_items_type_check");
  });

  it("keeps money as non-negative kobo and slugs unique", async () => {
    const a = await createMusician();
    const b = await createMusician();
    expect(
      await violation(sql`UPDATE musician_profiles SET hourly_rate_kobo = -1 WHERE id = ${a.profileId}`),
    ).toBe("23514:musician_profiles_hourly_rate_check");
    await db.execute(sql`UPDATE musician_profiles SET slug = 'ada-sings' WHERE id = ${a.profileId}`);
    expect(
      await violation(sql`UPDATE musician_profiles SET slug = 'ada-sings' WHERE id = ${b.profileId}`),
    ).toBe("23505:musician_profiles_slug_key");
    expect(await violation(sql`UPDATE musician_profiles SET slug = '-bad-' WHERE id = ${b.profileId}`)).toBe(
      "23514:musician_profiles_slug_format_check",
    );
    await db.execute(sql`INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type)
      VALUES (${a.profileId}, 'dupe0001', 'Bola', 'Background Music', 'Wedding')`);
    expect(
      await violation(sql`INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type)
        VALUES (${b.profileId}, 'dupe0001', 'Kemi', 'Background Music', 'Wedding')`),
    ).toBe("23505:bookings_by_musician_slug_key");
  });

  // Ours only: pg-boss's schema (the mail outbox's queue, ADR 0023) is the library's to index.
  it("has an index on every foreign key column", async () => {
    const { rows } = await db.execute<{ tbl: string; col: string }>(sql`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND NOT EXISTS (
        SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
      )`);
    expect(rows).toEqual([]);
  });
});
