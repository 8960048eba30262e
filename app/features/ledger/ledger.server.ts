// The double-entry ledger: the only way money moves in Stagebook. Amounts are signed integer kobo; a
// positive entry means the account now holds more. Every transaction sums to zero (the database refuses
// anything else at commit) and carries a unique idempotency key, so a webhook delivered five times or a
// callback racing its webhook posts once. Account codes: see ledger-accounts.ts.
import { type DbExecutor, db } from "~/server/db.server";
import { accountKind, mayGoNegative, mayNotBePositive } from "./ledger-accounts";
import * as q from "./queries.server";

export type LedgerEntryInput = { account: string; amountKobo: number };
export type LedgerPosting = {
  idempotencyKey: string;
  kind: string;
  bookingId?: string | null;
  memo: string;
  entries: LedgerEntryInput[];
};

export class LedgerError extends Error {}

function validate(p: LedgerPosting) {
  if (!p.idempotencyKey) throw new LedgerError("a ledger transaction needs an idempotency key");
  if (p.entries.length < 2) throw new LedgerError("a ledger transaction needs at least two entries");
  let sum = 0;
  for (const { account, amountKobo } of p.entries) {
    if (!accountKind(account)) throw new LedgerError(`unknown ledger account "${account}"`);
    if (!Number.isSafeInteger(amountKobo) || amountKobo === 0)
      throw new LedgerError(`ledger amounts are non-zero whole kobo (got ${amountKobo} on ${account})`);
    sum += amountKobo;
  }
  if (sum !== 0) throw new LedgerError(`ledger entries must sum to zero (they sum to ${sum} kobo)`);
}

/**
 * Posts one balanced transaction inside the caller's database transaction `tx` (pass `db` to post on
 * its own). A key that was already used returns the first transaction with created=false and writes
 * nothing; a concurrent post with the same key waits for the first to commit, then does the same.
 */
export async function postLedgerTransaction(
  tx: DbExecutor,
  posting: LedgerPosting,
): Promise<{ transactionId: string; created: boolean }> {
  validate(posting);
  // On `db` this opens a database transaction (the rows must commit together to balance); inside the
  // caller's transaction it is a savepoint.
  return tx.transaction((inner) => post(inner, posting));
}

async function post(
  tx: DbExecutor,
  posting: LedgerPosting,
): Promise<{ transactionId: string; created: boolean }> {
  const existing = await q.findTransactionId(tx, posting.idempotencyKey);
  if (existing) return { transactionId: existing, created: false };

  const transactionId = await q.insertTransaction(tx, {
    idempotencyKey: posting.idempotencyKey,
    kind: posting.kind,
    bookingId: posting.bookingId ?? null,
    memo: posting.memo,
  });
  if (!transactionId) {
    const first = await q.findTransactionId(tx, posting.idempotencyKey);
    if (!first) throw new LedgerError(`ledger key ${posting.idempotencyKey} vanished`);
    return { transactionId: first, created: false };
  }
  const codes = [...new Set(posting.entries.map((x) => x.account))];
  const ids = await q.accountIds(
    tx,
    codes.map((code) => ({ code, kind: accountKind(code)! })),
  );
  await q.insertEntries(
    tx,
    posting.entries.map((x) => ({
      transactionId,
      accountId: ids.get(x.account)!,
      amountKobo: x.amountKobo,
    })),
  );
  return { transactionId, created: true };
}

/** What the account holds now, in kobo (0 for an account never used). */
export async function accountBalanceKobo(account: string, ex: DbExecutor = db): Promise<number> {
  return (await q.balancesByCode(ex, [account])).get(account) ?? 0;
}

/** Balances of several accounts at once; accounts never used read 0. */
export async function accountBalancesKobo(
  accounts: string[],
  ex: DbExecutor = db,
): Promise<Map<string, number>> {
  const found = await q.balancesByCode(ex, accounts);
  return new Map(accounts.map((code) => [code, found.get(code) ?? 0]));
}

/** Every entry on one account, oldest first, with its transaction's kind, booking and memo. */
export function accountHistory(account: string, ex: DbExecutor = db) {
  return q.accountsHistory(ex, [account]);
}
/** Every entry on any of the accounts (one query), with its account's code, oldest first. */
export function accountsHistory(codes: string[], ex: DbExecutor = db) {
  return q.accountsHistory(ex, codes);
}
export type LedgerHistoryRow = Awaited<ReturnType<typeof q.accountsHistory>>[number];

export type LedgerBreach = { rule: string; detail: string };

/**
 * Every invariant of the ledger, checked over the whole database: each transaction has two or more
 * entries summing to zero, all accounts together sum to zero, no account but clearing is negative, and
 * every account code follows the contract. An empty list means the ledger is sound.
 */
export async function findLedgerBreaches(ex: DbExecutor = db): Promise<LedgerBreach[]> {
  const snap = await q.ledgerSnapshot(ex);
  const breaches: LedgerBreach[] = [];
  for (const u of snap.unbalanced)
    breaches.push({
      rule: "transaction balances",
      detail: `transaction ${u.transactionId} has ${u.entries} entries summing to ${u.sumKobo} kobo`,
    });
  if (snap.totalKobo !== 0)
    breaches.push({ rule: "ledger sums to zero", detail: `all entries sum to ${snap.totalKobo} kobo` });
  for (const acc of snap.accounts) {
    if (accountKind(acc.code) !== acc.kind)
      breaches.push({ rule: "account codes", detail: `account ${acc.code} has kind ${acc.kind}` });
    if (acc.balanceKobo < 0 && !mayGoNegative(acc.code))
      breaches.push({ rule: "no negative balance", detail: `${acc.code} holds ${acc.balanceKobo} kobo` });
    if (acc.balanceKobo > 0 && mayNotBePositive(acc.code))
      breaches.push({
        rule: "receivables never positive",
        detail: `${acc.code} holds ${acc.balanceKobo} kobo`,
      });
  }
  return breaches;
}
