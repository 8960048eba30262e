// Every invariant ledger:check verifies: the ledger's own rules (ledger.server.ts), the database guards,
// and the money module's: payment_status is the phase derived from the ledger, no charge gave back more
// than it took, and the ledger agrees with the refund and payout rows.
import { findLedgerBreaches, type LedgerBreach } from "~/features/ledger/ledger.server";
import { moneyModuleBreaches } from "~/features/money/booking-money.server";
import { type DbExecutor, db } from "~/server/db.server";
import * as q from "./queries.server";

export async function findMoneyBreaches(ex: DbExecutor = db): Promise<LedgerBreach[]> {
  const breaches = await findLedgerBreaches(ex);
  for (const t of await q.ledgerTriggersMissing(ex))
    breaches.push({ rule: "database guards", detail: `trigger ${t} is missing or disabled` });
  for (const b of await moneyModuleBreaches(ex)) breaches.push({ rule: b.rule, detail: b.detail });
  return breaches;
}
