// Every invariant ledger:check verifies: the ledger's own rules (ledger.server.ts) plus agreement
// between each booking's payment state and its money in the ledger.
import { findLedgerBreaches, type LedgerBreach } from "~/features/ledger/ledger.server";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import * as q from "./queries.server";

export async function findMoneyBreaches(ex: DbExecutor = db): Promise<LedgerBreach[]> {
  const breaches = await findLedgerBreaches(ex);
  for (const t of await q.ledgerTriggersMissing(ex))
    breaches.push({ rule: "database guards", detail: `trigger ${t} is missing or disabled` });
  const kobo = (n: number | null) => (n === null ? "nothing" : formatNaira(n));
  for (const m of await q.paymentLedgerMismatches(ex))
    breaches.push({
      rule: "bookings agree with the ledger",
      detail: `booking ${m.slug} is ${m.paymentStatus}: paid ${kobo(m.paidKobo)}, charged into escrow ${kobo(m.chargedKobo)}, escrow holds ${kobo(m.escrowKobo)}`,
    });
  return breaches;
}
