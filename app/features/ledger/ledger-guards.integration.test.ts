// Database guards the app cannot switch off (money review #13): the app's queries run as the app role
// (stagebook_app), which may read and append to the ledger and nothing more; an entry can only join a
// ledger transaction posted in the same database transaction; ledger:check counts a trigger that is
// not enabled for ordinary sessions as missing.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { ledgerTriggersMissing } from "~/features/payments/queries.server";
import { releaseEscrow } from "~/features/payments/release.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { APP_ROLE, prepareAppRole } from "~/server/app-role.server";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { findLedgerBreaches } from "./ledger.server";

let owner: pg.Client;

beforeAll(async () => {
  // As server.ts does for the embedded database: the app pool connects as the app role from here on.
  const appUrl = await prepareAppRole(process.env.DATABASE_URL!, process.env.DATA_DIR!);
  expect(appUrl).toBeDefined();
  process.env.DATABASE_APP_URL = appUrl;
  owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await owner.connect();
});

afterAll(async () => {
  await stopJobs();
  await owner.end();
  delete process.env.DATABASE_APP_URL;
});

async function refused(statement: string): Promise<Error & { code?: string }> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query(statement);
    await client.query("ROLLBACK");
    throw new Error(`${statement} was allowed`);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    return err as Error & { code?: string };
  } finally {
    client.release();
  }
}

describe("the app's database role", () => {
  it("is the restricted role, and the whole money path works under it", async () => {
    const who = await pool().query<{ current_user: string; rolsuper: boolean }>(
      "SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user",
    );
    expect(who.rows[0]).toEqual({ current_user: APP_ROLE, rolsuper: false });
    const m = await createMusician({ firstName: "Tunde", lastName: "Sax" });
    expect((await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok).toBe(
      true,
    );
    // Withdrawn by hand below (issue 29's automatic payout is tested in automatic-payouts).
    await chooseAutomaticPayouts(m.profileId, false);
    const booking = await insertBooking(m.profileId);
    const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = await testCheckoutReference(started.authorizationUrl);
    await completeTestCheckout(reference, async (p) => {
      expect(await handleChargeSuccess(p.data as never)).toBe("credited");
    });
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    expect((await requestWithdrawal(m.profileId, 1_000_000, newIdempotencyKey())).ok).toBe(true);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("cannot switch the guards off: no replica mode, no trigger changes, no ledger updates or deletes", async () => {
    for (const statement of [
      "SET session_replication_role = replica",
      "ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only",
      "ALTER TABLE ledger_entries ENABLE REPLICA TRIGGER ledger_entries_balanced",
      "UPDATE ledger_entries SET amount_kobo = amount_kobo",
      "DELETE FROM ledger_transactions",
      "TRUNCATE ledger_entries CASCADE",
      "UPDATE ledger_accounts SET code = code",
    ]) {
      const err = await refused(statement);
      expect(err.code, statement).toBe("42501");
    }
  });
});

describe("a posted ledger transaction is closed", () => {
  it("refuses entries appended to it later, even ones that net to zero", async () => {
    const txn = randomUUID();
    const accounts = await pool().query<{ id: string }>(
      "INSERT INTO ledger_accounts (code, kind) VALUES ('guard_a', 'revenue'), ('guard_b', 'clearing') RETURNING id",
    );
    const [a, b] = accounts.rows.map((r) => r.id);
    const client = await pool().connect();
    try {
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'guard-${txn}', 'test')`,
      );
      await client.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${a}', 1000), ('${txn}', '${b}', -1000)`,
      );
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    const err = await refused(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${a}', -10), ('${txn}', '${b}', 10)`,
    );
    expect(err.message).toMatch(/was posted earlier: entries cannot be added to it/);
  });
});

describe("ledger:check's trigger check", () => {
  it("counts a trigger enabled only for replica sessions as missing", async () => {
    expect(await ledgerTriggersMissing()).toEqual([]);
    await owner.query("ALTER TABLE ledger_entries ENABLE REPLICA TRIGGER ledger_entries_append_only");
    try {
      expect(await ledgerTriggersMissing()).toEqual(["ledger_entries_append_only"]);
    } finally {
      await owner.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only");
    }
  });
});

describe("the guards read our ledger, never a look-alike (money review 2, N6)", () => {
  /** The shadow attack: a TEMP ledger_entries that balances, one real unbalanced entry, COMMIT. */
  async function shadowAttack(client: pg.Client | pg.PoolClient, code: string) {
    const txn = randomUUID();
    const account = await owner.query<{ id: string }>(
      `INSERT INTO ledger_accounts (code, kind) VALUES ('${code}', 'clearing') RETURNING id`,
    );
    await client.query("BEGIN");
    try {
      await client.query("CREATE TEMP TABLE ledger_entries (transaction_id uuid, amount_kobo bigint)");
      await client.query(`INSERT INTO pg_temp.ledger_entries VALUES ('${txn}', 1), ('${txn}', -1)`);
      await client.query(
        `INSERT INTO public.ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'shadow-${txn}', 'test')`,
      );
      await client.query(
        `INSERT INTO public.ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${account.rows[0]!.id}', 100000000)`,
      );
      await client.query("COMMIT");
      return null;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      return err as Error & { code?: string };
    }
  }

  /** Entries on the attacker's account: none may have been committed. */
  async function entriesOf(code: string) {
    const r = await owner.query(
      "SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = $1",
      [code],
    );
    return r.rowCount;
  }

  it("the app role may not create temporary tables or schemas", async () => {
    const code = "shadow_app";
    const client = await pool().connect();
    try {
      const err = await shadowAttack(client, code);
      expect(err?.code).toBe("42501");
      await expect(client.query("CREATE SCHEMA shadow")).rejects.toMatchObject({ code: "42501" });
    } finally {
      client.release();
    }
    expect(await entriesOf(code)).toBe(0);
  });

  it("even a session that may create a TEMP ledger_entries commits nothing unbalanced", async () => {
    // The owner may still create temporary tables: the balance check reads public.ledger_entries.
    const code = "shadow_owner";
    const err = await shadowAttack(owner, code);
    expect(err?.code).toBe("23514");
    expect(err?.message).toMatch(/at least two are required/);
    expect(await entriesOf(code)).toBe(0);
    const pinned = await owner.query<{ proname: string; proconfig: string[] | null }>(
      `SELECT proname, proconfig FROM pg_proc WHERE proname IN ('ledger_assert_balanced', 'ledger_entry_balanced',
         'ledger_transaction_balanced', 'ledger_entry_same_transaction', 'ledger_refuse_change') ORDER BY proname`,
    );
    expect(pinned.rows).toHaveLength(5);
    for (const row of pinned.rows)
      expect(row.proconfig, row.proname).toEqual(["search_path=pg_catalog, public"]);
  });
});
