// npm run ledger:check — verifies every money invariant on a database: each ledger transaction has two
// or more entries summing to zero, all accounts sum to zero, no account but Paystack clearing and a
// musician's chargeback receivable is negative (a receivable is never positive), account codes follow
// the contract, the database's guard triggers are in place, each booking's payment state agrees with its
// escrow and charge in the ledger, a cancelled booking holds nothing in escrow, and a line-up's money
// (ADR 0033): every release credits the musician share exactly as the line-up rule shares it, nobody
// twice, and a line-up frozen at payment never changes. Exits 1 on any breach.
// Uses DATABASE_URL, or the embedded database under DATA_DIR (stop the server first).
import { sql } from "drizzle-orm";
import { DataDirInUseError } from "../app/server/embedded-postgres.server";
import { openScriptDatabase } from "./script-db";

// `--wait-for-server N`: after a run whose server is still shutting down (the e2e suite's), wait up to N
// seconds for it to let go of the data directory instead of giving up at once.
const waitArg = process.argv.indexOf("--wait-for-server");
const waitUntil = Date.now() + (waitArg > 0 ? Number(process.argv[waitArg + 1] ?? 0) * 1000 : 0);

let database: Awaited<ReturnType<typeof openScriptDatabase>> | undefined;
while (!database) {
  try {
    database = await openScriptDatabase();
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    if (Date.now() >= waitUntil) {
      console.error(`ledger:check: ${err.message} Stop the server first, or set DATABASE_URL.`);
      process.exit(2);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let code = 0;
try {
  const { findMoneyBreaches } = await import("../app/features/payments/ledger-consistency.server");
  const { db } = await import("../app/server/db.server");
  // One snapshot: every query sees the same committed state even while the app keeps posting.
  const { breaches, counts } = await db.transaction(
    async (tx) => {
      const found = await findMoneyBreaches(tx);
      const [row] = (
        await tx.execute<{ transactions: string; entries: string; accounts: string }>(sql`
          SELECT (SELECT count(*) FROM ledger_transactions) AS transactions,
                 (SELECT count(*) FROM ledger_entries) AS entries,
                 (SELECT count(*) FROM ledger_accounts) AS accounts`)
      ).rows;
      return { breaches: found, counts: row };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const summary = `${counts?.transactions} transactions, ${counts?.entries} entries, ${counts?.accounts} accounts`;
  if (breaches.length === 0) {
    console.log(`ledger:check OK — ${summary}; every invariant holds.`);
  } else {
    code = 1;
    console.error(`ledger:check FAILED — ${breaches.length} breach(es) in ${summary}:`);
    for (const b of breaches) console.error(`  [${b.rule}] ${b.detail}`);
  }
} finally {
  await database.close();
}
process.exit(code);
