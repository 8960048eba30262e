import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, payTestCheckout } from "~/features/payments/payment-test-support";
import { createMusician, testIp } from "../tests/support/accounts";

const run = promisify(execFile);
async function ledgerCheck(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/ledger-check.ts"], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/**
 * Writes as the database's owner (a superuser here) with triggers off: what a bad migration or a hand
 * edit in psql could do. Never through the app's pool: the app role may not (ledger-guards test).
 */
async function bypassingTriggers(statements: string[]) {
  await asOwner(async (owner) => {
    await owner.query("BEGIN");
    await owner.query("SET LOCAL session_replication_role = replica");
    for (const s of statements) await owner.query(s);
    await owner.query("COMMIT");
  });
}

async function asOwner(work: (owner: pg.Client) => Promise<void>) {
  const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await owner.connect();
  try {
    await work(owner);
  } finally {
    await owner.end();
  }
}

describe("npm run ledger:check", () => {
  it("passes on a sound ledger, then fails naming each planted breach", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId);
    const started = await startCheckout(b.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    await payTestCheckout(started.authorizationUrl);

    const sound = await ledgerCheck();
    expect(sound.out).toMatch(/ledger:check OK — 1 transactions, 2 entries, 2 accounts/);
    expect(sound.code).toBe(0);

    const txn = randomUUID();
    await bypassingTriggers([
      // an unbalanced transaction: 1 kobo appears from nowhere in the booking's escrow
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'planted-${txn}', 'planted')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo)
         SELECT '${txn}', id, 1 FROM ledger_accounts WHERE code = 'escrow:${b.id}'`,
      "ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only",
    ]);
    const broken = await ledgerCheck();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("ledger:check FAILED");
    expect(broken.out).toMatch(/\[transaction balances\] transaction .* has 1 entries summing to 1 kobo/);
    expect(broken.out).toMatch(/\[ledger sums to zero\] all entries sum to 1 kobo/);
    expect(broken.out).toMatch(
      /\[database guards\] trigger ledger_entries_append_only is missing or disabled/,
    );
    expect(broken.out).toContain(
      `[bookings agree with the ledger] booking ${b.slug}: escrow holds 26250001 kobo, more than was paid`,
    );
    await asOwner(async (owner) => {
      await owner.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only");
    });
  });
});
