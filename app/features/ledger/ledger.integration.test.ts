import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "~/server/db.server";
import {
  accountBalanceKobo,
  accountBalancesKobo,
  findLedgerBreaches,
  LedgerError,
  postLedgerTransaction,
} from "./ledger.server";
import {
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
} from "./ledger-accounts";

const charge = (key: string, booking = randomUUID(), amount = 105_000) => ({
  idempotencyKey: key,
  kind: "charge",
  memo: "test charge",
  entries: [
    { account: PAYSTACK_CLEARING, amountKobo: -amount },
    { account: escrowAccount(booking), amountKobo: amount },
  ],
});

async function countTransactions(key: string): Promise<number> {
  const r = await pool().query(
    "SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1",
    [key],
  );
  return r.rows[0].n;
}

/** Runs statements in one raw database transaction and returns the error COMMIT (or a statement) raised. */
async function rawTransaction(statements: (ids: { txn: string; acc1: string; acc2: string }) => string[]) {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const acc1 = randomUUID();
    await client.query(`INSERT INTO ledger_accounts (id, code, kind) VALUES ($1, $2, 'escrow')`, [
      acc1,
      escrowAccount(randomUUID()),
    ]);
    await client.query(
      `INSERT INTO ledger_accounts (code, kind) VALUES ('paystack_clearing', 'clearing') ON CONFLICT DO NOTHING`,
    );
    const clearing = await client.query("SELECT id FROM ledger_accounts WHERE code = 'paystack_clearing'");
    const ids = { txn: randomUUID(), acc1, acc2: clearing.rows[0].id as string };
    for (const s of statements(ids)) await client.query(s);
    await client.query("COMMIT");
    return null;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    return err as Error & { code?: string };
  } finally {
    client.release();
  }
}

describe("the database enforces the ledger's rules", () => {
  it("refuses at commit a transaction whose entries do not sum to zero", async () => {
    const err = await rawTransaction(({ txn, acc1, acc2 }) => [
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'raw-${txn}', 'test')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${acc1}', 500), ('${txn}', '${acc2}', -499)`,
    ]);
    expect(err?.code).toBe("23514");
    expect(err?.message).toMatch(/does not balance: its entries sum to 1 kobo/);
  });

  it("refuses a transaction with one entry or none", async () => {
    const one = await rawTransaction(({ txn, acc1 }) => [
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'raw-${txn}', 'test')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${acc1}', 5)`,
    ]);
    expect(one?.message).toMatch(/has 1 entries; at least two are required/);
    const none = await rawTransaction(({ txn }) => [
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'raw-${txn}', 'test')`,
    ]);
    expect(none?.message).toMatch(/has 0 entries/);
  });

  it("refuses a zero entry", async () => {
    const err = await rawTransaction(({ txn, acc1, acc2 }) => [
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'raw-${txn}', 'test')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${acc1}', 0), ('${txn}', '${acc2}', 0)`,
    ]);
    expect(err?.message).toMatch(/ledger_entries_amount_check/);
  });

  it("accepts a balanced raw transaction, then refuses to update, delete or truncate it", async () => {
    const ok = await rawTransaction(({ txn, acc1, acc2 }) => [
      `INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ('${txn}', 'raw-ok-${txn}', 'test')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo) VALUES ('${txn}', '${acc1}', 700), ('${txn}', '${acc2}', -700)`,
    ]);
    expect(ok).toBeNull();
    const attempts = [
      "UPDATE ledger_entries SET amount_kobo = amount_kobo * 2",
      "DELETE FROM ledger_entries",
      "TRUNCATE ledger_entries CASCADE",
      "UPDATE ledger_transactions SET memo = 'changed'",
      "DELETE FROM ledger_transactions",
      "UPDATE ledger_accounts SET code = 'platform_revenue'",
      "DELETE FROM ledger_accounts",
    ];
    for (const statement of attempts) {
      const err = await pool()
        .query(statement)
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(err?.message, statement).toMatch(/append-only/);
    }
    const r = await pool().query("SELECT count(*)::int AS n FROM ledger_entries");
    expect(r.rows[0].n).toBe(2);
  });
});

describe("postLedgerTransaction", () => {
  it("posts balanced entries and reports balances per account", async () => {
    const booking = randomUUID();
    const musician = randomUUID();
    const first = await postLedgerTransaction(db, charge(`charge-${booking}`, booking, 105_000));
    expect(first.created).toBe(true);
    await db.transaction((tx) =>
      postLedgerTransaction(tx, {
        idempotencyKey: `release:${booking}`,
        kind: "release",
        memo: "released",
        entries: [
          { account: escrowAccount(booking), amountKobo: -105_000 },
          { account: musicianPayableAccount(musician), amountKobo: 90_000 },
          { account: PLATFORM_REVENUE, amountKobo: 15_000 },
        ],
      }),
    );
    expect(await accountBalanceKobo(escrowAccount(booking))).toBe(0);
    expect(await accountBalanceKobo(musicianPayableAccount(musician))).toBe(90_000);
    const many = await accountBalancesKobo([musicianPayableAccount(musician), escrowAccount(randomUUID())]);
    expect([...many.values()]).toEqual([90_000, 0]);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("posts a repeated idempotency key once and returns the first transaction", async () => {
    const booking = randomUUID();
    const key = `ref-${booking}`;
    const a = await postLedgerTransaction(db, charge(key, booking));
    const b = await postLedgerTransaction(db, charge(key, booking));
    expect(b).toEqual({ transactionId: a.transactionId, created: false });
    expect(await countTransactions(key)).toBe(1);
    expect(await accountBalanceKobo(escrowAccount(booking))).toBe(105_000);
  });

  it("posts exactly once when many writers race with one key", async () => {
    const booking = randomUUID();
    const key = `race-${booking}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction((tx) => postLedgerTransaction(tx, charge(key, booking))),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await countTransactions(key)).toBe(1);
    expect(await accountBalanceKobo(escrowAccount(booking))).toBe(105_000);
  });

  it("refuses unbalanced, fractional, zero, single-entry and unknown-account postings before writing", async () => {
    const base = charge(`bad-${randomUUID()}`);
    const bad = [
      { ...base, entries: [base.entries[0]!, { ...base.entries[1]!, amountKobo: 1 }] },
      {
        ...base,
        entries: [
          { ...base.entries[0]!, amountKobo: -0.5 },
          { ...base.entries[1]!, amountKobo: 0.5 },
        ],
      },
      {
        ...base,
        entries: [
          { ...base.entries[0]!, amountKobo: 0 },
          { ...base.entries[1]!, amountKobo: 0 },
        ],
      },
      { ...base, entries: [base.entries[0]!] },
      { ...base, entries: [base.entries[0]!, { account: "somewhere", amountKobo: 105_000 }] },
      { ...base, idempotencyKey: "" },
    ];
    for (const posting of bad) await expect(postLedgerTransaction(db, posting)).rejects.toThrow(LedgerError);
    expect(await countTransactions(base.idempotencyKey)).toBe(0);
  });

  it("rolls back with the caller's transaction", async () => {
    const key = `rollback-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await postLedgerTransaction(tx, charge(key));
        throw new Error("the caller failed after posting");
      }),
    ).rejects.toThrow("the caller failed");
    expect(await countTransactions(key)).toBe(0);
  });
});
