import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/server/db.server";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "~db/schema/ledger";
import type { LedgerAccountKind } from "./ledger-accounts";

const t = ledgerTransactions;
const e = ledgerEntries;
const a = ledgerAccounts;

export async function findTransactionId(ex: DbExecutor, idempotencyKey: string): Promise<string | null> {
  const [row] = await ex.select({ id: t.id }).from(t).where(eq(t.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

/** Ids of the accounts, created on first use. Codes are taken in sorted order so writers never deadlock. */
export async function accountIds(
  ex: DbExecutor,
  accounts: { code: string; kind: LedgerAccountKind }[],
): Promise<Map<string, string>> {
  const sorted = [...accounts].sort((x, y) => (x.code < y.code ? -1 : 1));
  await ex.insert(a).values(sorted).onConflictDoNothing({ target: a.code });
  const rows = await ex
    .select({ id: a.id, code: a.code })
    .from(a)
    .where(
      inArray(
        a.code,
        sorted.map((s) => s.code),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Inserts the transaction row unless its key was used; null when it was (a concurrent writer waits). */
export async function insertTransaction(
  ex: DbExecutor,
  row: { idempotencyKey: string; kind: string; bookingId: string | null; memo: string },
): Promise<string | null> {
  const [created] = await ex
    .insert(t)
    .values(row)
    .onConflictDoNothing({ target: t.idempotencyKey })
    .returning({ id: t.id });
  return created?.id ?? null;
}

export async function insertEntries(
  ex: DbExecutor,
  rows: { transactionId: string; accountId: string; amountKobo: number }[],
): Promise<void> {
  await ex.insert(e).values(rows);
}

export async function balancesByCode(ex: DbExecutor, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await ex
    .select({ code: a.code, balance: sql<string>`coalesce(sum(${e.amountKobo}), 0)` })
    .from(a)
    .leftJoin(e, eq(e.accountId, a.id))
    .where(inArray(a.code, codes))
    .groupBy(a.code);
  return new Map(rows.map((r) => [r.code, Number(r.balance)]));
}

/** Every entry on any of the accounts, with its account's code, oldest first. */
export async function accountsHistory(ex: DbExecutor, codes: string[]) {
  if (codes.length === 0) return [];
  return ex
    .select({
      account: a.code,
      transactionId: t.id,
      kind: t.kind,
      bookingId: t.bookingId,
      memo: t.memo,
      createdAt: t.createdAt,
      amountKobo: e.amountKobo,
    })
    .from(e)
    .innerJoin(t, eq(t.id, e.transactionId))
    .innerJoin(a, and(eq(a.id, e.accountId), inArray(a.code, codes)))
    .orderBy(asc(t.createdAt), asc(t.id));
}

/** What ledger:check and the property tests examine: transactions that do not balance, every balance. */
export async function ledgerSnapshot(ex: DbExecutor) {
  const unbalanced = await ex.execute<{ id: string; n: string; total: string }>(sql`
    SELECT t.id, count(e.id) AS n, coalesce(sum(e.amount_kobo), 0) AS total
    FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount_kobo), 0) <> 0`);
  const balances = await ex.execute<{ code: string; kind: string; balance: string }>(sql`
    SELECT a.code, a.kind, coalesce(sum(e.amount_kobo), 0) AS balance
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.code, a.kind`);
  const [total] = (
    await ex.execute<{ total: string }>(
      sql`SELECT coalesce(sum(amount_kobo), 0) AS total FROM ledger_entries`,
    )
  ).rows;
  return {
    unbalanced: unbalanced.rows.map((r) => ({
      transactionId: r.id,
      entries: Number(r.n),
      sumKobo: Number(r.total),
    })),
    accounts: balances.rows.map((r) => ({ code: r.code, kind: r.kind, balanceKobo: Number(r.balance) })),
    totalKobo: Number(total?.total ?? 0),
  };
}
