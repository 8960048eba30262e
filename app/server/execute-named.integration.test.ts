// executeNamed: a statement the app runs on every view of a page, prepared once per connection.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, executeNamed, inTransaction, pool } from "./db.server";

const prepared = async (name: string) =>
  Number(
    (
      await db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM pg_prepared_statements WHERE name = ${name}`,
      )
    ).rows[0]!.n,
  );

describe("executeNamed", () => {
  it("gives the rows ex.execute gives, with the values as parameters", async () => {
    const query = (n: number) => sql`SELECT ${n}::int + 1 AS next, ${"Ọlá's"}::text AS name`;
    const named = await executeNamed<{ next: number; name: string }>(db, "test.next", query(41));
    const plain = await db.execute<{ next: number; name: string }>(query(41));
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows).toEqual([{ next: 42, name: "Ọlá's" }]);
    expect((await executeNamed<{ next: number }>(db, "test.next", query(9))).rows[0]!.next).toBe(10);
  });

  it("prepares the statement on the connection under its name (PostgreSQL plans it once there)", async () => {
    const client = await pool().connect();
    try {
      // Every connection of the pool prepares it the first time it runs it: run it on all of them.
      const runs = Array.from({ length: 12 }, () =>
        executeNamed(db, "test.prepared", sql`SELECT pg_sleep(0.01), ${1}::int AS one`),
      );
      await Promise.all(runs);
      const seen = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_prepared_statements WHERE name = 'test.prepared'",
      );
      // This checked-out client ran nothing named: PostgreSQL's view is per connection.
      expect(Number(seen.rows[0]!.n)).toBe(0);
    } finally {
      client.release();
    }
    // Some connection of the pool holds it (the one db.execute gets may or may not be that one).
    const holders = await Promise.all(Array.from({ length: 10 }, () => prepared("test.prepared")));
    expect(holders.some((n) => n === 1)).toBe(true);
  });

  it("takes part in the caller's transaction, as ex.execute does", async () => {
    await db.execute(sql`CREATE TABLE IF NOT EXISTS execute_named_probe (v int)`);
    await expect(
      inTransaction(async () => {
        await db.execute(sql`INSERT INTO execute_named_probe VALUES (7)`);
        const seen = await executeNamed<{ n: string }>(
          db,
          "test.probe",
          sql`SELECT count(*) AS n FROM execute_named_probe WHERE v = ${7}`,
        );
        expect(Number(seen.rows[0]!.n)).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const after = await executeNamed<{ n: string }>(
      db,
      "test.probe",
      sql`SELECT count(*) AS n FROM execute_named_probe WHERE v = ${7}`,
    );
    expect(Number(after.rows[0]!.n)).toBe(0);
    await db.execute(sql`DROP TABLE execute_named_probe`);
  });

  it("refuses a second text under a name already used (PostgreSQL would, on a connection that has it)", async () => {
    await executeNamed(db, "test.one_text", sql`SELECT ${1}::int AS a`);
    await expect(executeNamed(db, "test.one_text", sql`SELECT ${1}::int AS b`)).rejects.toThrow(
      'the statement "test.one_text" was given a different text',
    );
  });
});
