// npm run bench:ledger [-- --seconds 10 --concurrency 8]
// Ledger postings per second on the real PostgreSQL (DATABASE_URL, or the embedded one under DATA_DIR;
// default .data-bench-ledger so it never touches your app data): N writers, each posting a charge
// (clearing → escrow, 2 entries) then its release (escrow → wallet + revenue, 3 entries) through
// postLedgerTransaction, every posting its own committed database transaction with the deferred
// balance check. Then ledger:check's invariants over the result. Prints one JSON line and a summary.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { openScriptDatabase } from "../script-db";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "8" },
  },
});
process.env.DATA_DIR ||= ".data-bench-ledger";
process.env.LOG_LEVEL ||= "warn";

const database = await openScriptDatabase();
const { postLedgerTransaction } = await import("../../app/features/ledger/ledger.server");
const { escrowAccount, musicianPayableAccount, PAYSTACK_CLEARING, PLATFORM_REVENUE } = await import(
  "../../app/features/ledger/ledger-accounts"
);
const { findMoneyBreaches } = await import("../../app/features/payments/ledger-consistency.server");
const { db, pool } = await import("../../app/server/db.server");

const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const musicians = Array.from({ length: 50 }, () => randomUUID());
const latencies: number[] = [];
let postings = 0;

async function timed(run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  latencies.push(performance.now() - t0);
  postings += 1;
}

async function writer(until: number, w: number) {
  let n = 0;
  while (performance.now() < until) {
    const booking = randomUUID();
    const musician = musicians[(w + n++) % musicians.length] ?? musicians[0]!;
    await timed(() =>
      postLedgerTransaction(db, {
        idempotencyKey: `bench-charge-${booking}`,
        kind: "charge",
        memo: "bench charge",
        entries: [
          { account: PAYSTACK_CLEARING, amountKobo: -26_250_000 },
          { account: escrowAccount(booking), amountKobo: 26_250_000 },
        ],
      }),
    );
    await timed(() =>
      postLedgerTransaction(db, {
        idempotencyKey: `bench-release-${booking}`,
        kind: "release",
        memo: "bench release",
        entries: [
          { account: escrowAccount(booking), amountKobo: -26_250_000 },
          { account: musicianPayableAccount(musician), amountKobo: 22_500_000 },
          { account: PLATFORM_REVENUE, amountKobo: 3_750_000 },
        ],
      }),
    );
  }
}

try {
  // warm-up: connections, plans, the shared accounts
  await writer(performance.now() + 1_000, 0);
  postings = 0;
  latencies.length = 0;
  const start = performance.now();
  const until = start + seconds * 1_000;
  await Promise.all(Array.from({ length: concurrency }, (_, w) => writer(until, w)));
  const elapsed = (performance.now() - start) / 1_000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number((latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(1));
  const t0 = performance.now();
  const breaches = await findMoneyBreaches();
  const checkMs = Math.round(performance.now() - t0);
  const totals = (
    await pool().query(
      "SELECT (SELECT count(*) FROM ledger_transactions)::int AS t, (SELECT count(*) FROM ledger_entries)::int AS e",
    )
  ).rows[0];
  const result = {
    target: "ledger",
    postingsPerSecond: Math.round(postings / elapsed),
    postings,
    seconds: Number(elapsed.toFixed(1)),
    concurrency,
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
    p99Ms: pct(0.99),
    ledgerTransactions: totals.t,
    ledgerEntries: totals.e,
    ledgerCheckMs: checkMs,
    ledgerCheckBreaches: breaches.length,
  };
  console.log(JSON.stringify(result));
  console.log(
    `ledger: ${result.postingsPerSecond} postings/s (${concurrency} writers, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms); ` +
      `ledger:check over ${result.ledgerTransactions} transactions: ${breaches.length === 0 ? "OK" : `${breaches.length} breaches`} in ${checkMs} ms`,
  );
  if (breaches.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
