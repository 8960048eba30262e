// Going live (money review 3 M1): a live Paystack key must never treat test-mode money as real. The
// server refuses to start with a live key while test money is held or Available (server.ts runs this
// once, before serving, on its own connection: this file imports nothing but the money queries).
import { formatNaira } from "~/lib/money";
import type { DbExecutor } from "~/server/db.server";
import * as q from "./queries.server";

/**
 * Why a live key must not start now (M1), or null: test-mode money is still held in escrow or sits in
 * musicians' Available, where a live key would treat it as real. Finish it in test mode first.
 */
export async function goLiveProblem(ex: DbExecutor): Promise<string | null> {
  const left = await q.testMoneyLeft(ex);
  if (left.heldKobo <= 0 && left.availableKobo <= 0) return null;
  return `PAYSTACK_SECRET_KEY is a live key, but test-mode money is still in Stagebook: ${formatNaira(left.heldKobo)} held in escrow and ${formatNaira(left.availableKobo)} in musicians' Available. Settle it in test mode first (release or refund the test bookings, withdraw test payouts), then start with the live key.`;
}
