// npm run db:restore -- --to "2026-12-01T14:05:00+01:00" --into <new folder>   (or --latest)
// Rebuilds the database as it was at that moment from the newest base backup before it and the
// archived WAL, into a new folder with the secrets `npm start` made; checks every ledger:check rule
// and prints what it restored. `DATA_DIR=<folder> npm start` then serves it. README, "Backups and restore".
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { RestoreError, type RestoreTarget, restoreInto } from "../app/features/backups/restore.server";
import { storeFromEnv } from "./backup-cluster";

const USAGE =
  'Usage: npm run db:restore -- --to "2026-12-01T14:05:00+01:00" --into <new folder>\n' +
  "       npm run db:restore -- --latest --into <new folder>";

function fail(message: string, code = 1): never {
  console.error(`db:restore: ${message}`);
  process.exit(code);
}

let args: { to?: string; latest?: boolean; into?: string };
try {
  args = parseArgs({
    options: { to: { type: "string" }, latest: { type: "boolean" }, into: { type: "string" } },
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
if (!args.into || Boolean(args.to) === Boolean(args.latest))
  fail(`give --into and one of --to or --latest.\n${USAGE}`, 2);
let target: RestoreTarget;
if (args.to) {
  const to = new Date(args.to);
  if (Number.isNaN(to.getTime()))
    fail(`"${args.to}" is not a moment: write it like 2026-12-01T14:05:00+01:00 (with its UTC offset).`, 2);
  target = { to };
} else target = { latest: true };

const into = path.resolve(args.into);
const started = Date.now();
let restored: Awaited<ReturnType<typeof restoreInto>>;
try {
  restored = await restoreInto(into, target, storeFromEnv());
} catch (err) {
  if (err instanceof RestoreError) fail(err.message);
  throw err;
}

let code = 0;
try {
  process.env.DATABASE_URL = restored.database.url;
  delete process.env.DATABASE_APP_URL;
  const { findMoneyBreaches } = await import("../app/features/payments/ledger-consistency.server");
  const { db, closeDb } = await import("../app/server/db.server");
  try {
    const { breaches, summary } = await db.transaction(
      async (tx) => {
        const found = await findMoneyBreaches(tx);
        const [row] = (
          await tx.execute<{
            last_xact: Date | null;
            bookings: string;
            payments: string;
            paid: string;
            transactions: string;
          }>(sql`
            SELECT pg_last_xact_replay_timestamp() AS last_xact,
                   (SELECT count(*) FROM bookings_by_musician) AS bookings,
                   (SELECT count(*) FROM payments) AS payments,
                   (SELECT count(*) FROM payments WHERE status = 'success') AS paid,
                   (SELECT count(*) FROM ledger_transactions) AS transactions`)
        ).rows;
        return { breaches: found, summary: row! };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const b = restored.backup;
    const lastXact = summary.last_xact ? new Date(summary.last_xact).toISOString() : "none replayed";
    console.log(`db:restore: restored into ${into} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  from base backup ${b.id} (finished ${b.finishedAt}) and the archived WAL after it`);
    console.log(
      `  stopped at: ${"to" in target ? target.to.toISOString() : "the end of the archive (--latest)"}`,
    );
    console.log(`  last transaction: ${lastXact}`);
    console.log(
      `  bookings: ${summary.bookings}; payments: ${summary.payments} (${summary.paid} succeeded); ledger transactions: ${summary.transactions}`,
    );
    if (breaches.length === 0) console.log("  ledger:check OK — every invariant holds.");
    else {
      code = 1;
      console.error(`  ledger:check FAILED — ${breaches.length} breach(es):`);
      for (const x of breaches) console.error(`    [${x.rule}] ${x.detail}`);
    }
    console.log(`Serve it with: DATA_DIR=${path.relative(process.cwd(), into) || "."} npm start`);
  } finally {
    await closeDb();
  }
} finally {
  await restored.close();
}
process.exit(code);
