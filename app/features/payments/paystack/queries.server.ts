import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { paystackChargeDisputes, paystackTestRecords } from "~db/schema/wallet";

const r = paystackTestRecords;

export type TestRecord = typeof r.$inferSelect;
type TestRecordKind = "transaction" | "recipient" | "transfer" | "refund";

/** Inserts the record unless one with the same kind and reference exists; returns what is stored. */
export async function insertTestRecord(input: {
  kind: TestRecordKind;
  reference: string;
  status: string;
  amountKobo?: number | null;
  data: Record<string, unknown>;
}): Promise<{ record: TestRecord; created: boolean }> {
  const inserted = await db
    .insert(r)
    .values({ ...input, amountKobo: input.amountKobo ?? null })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { record: inserted[0], created: true };
  const existing = await findTestRecord(input.kind, input.reference);
  if (!existing) throw new Error(`test provider record ${input.kind}/${input.reference} vanished`);
  return { record: existing, created: false };
}

export async function findTestRecord(
  kind: TestRecordKind,
  reference: string,
): Promise<TestRecord | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.kind, kind), eq(r.reference, reference)));
  return row;
}

/** Moves a record from one status to another; false when it was not in `from` (someone got there first). */
export async function moveTestRecord(
  kind: TestRecordKind,
  reference: string,
  from: string,
  to: string,
  dataPatch: Record<string, unknown> = {},
): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ status: to, data: sql`${r.data} || ${JSON.stringify(dataPatch)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(r.kind, kind), eq(r.reference, reference), eq(r.status, from)))
    .returning({ reference: r.reference });
  return rows.length > 0;
}

/** The test provider's refunds of a charge, newest first (its List Refunds). */
export async function refundRecordsForTransaction(transactionReference: string): Promise<TestRecord[]> {
  return db
    .select()
    .from(r)
    .where(and(eq(r.kind, "refund"), sql`${r.data}->>'transaction_reference' = ${transactionReference}`))
    .orderBy(desc(r.createdAt));
}

/** A card dispute as Paystack reports it: every field given (null when absent); the admin's outcome apart. */
type ChargeDisputeRow = Required<
  Omit<typeof paystackChargeDisputes.$inferInsert, "adminOutcome" | "createdAt" | "settledAt">
>;

/** Keeps a card dispute Paystack reported; a repeat of the same dispute changes nothing. */
export async function recordChargeDispute(row: ChargeDisputeRow): Promise<boolean> {
  const inserted = await db
    .insert(paystackChargeDisputes)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paystackChargeDisputes.providerDisputeId });
  return inserted.length > 0;
}

/** Paystack reported the card dispute settled (charge.dispute.resolve): it no longer holds the release. */
export async function settleChargeDispute(row: ChargeDisputeRow): Promise<void> {
  const status = row.status === "archived" ? "archived" : "resolved";
  await db
    .insert(paystackChargeDisputes)
    .values({ ...row, status })
    .onConflictDoUpdate({
      target: paystackChargeDisputes.providerDisputeId,
      set: { status, resolution: row.resolution },
    });
}

/**
 * An admin records the outcome of a settled card dispute whose resolution we cannot read. Only once,
 * and only for such a dispute: undefined otherwise.
 */
export async function recordChargeDisputeOutcome(
  providerDisputeId: string,
  outcome: "won" | "lost",
  ex: DbExecutor = db,
) {
  const d = paystackChargeDisputes;
  const [row] = await ex
    .update(d)
    .set({ adminOutcome: outcome })
    .where(
      and(
        eq(d.providerDisputeId, providerDisputeId),
        isNull(d.adminOutcome),
        sql`${d.status} IN ('resolved', 'archived')`,
        sql`coalesce(${d.resolution}, '') NOT IN ('declined', 'merchant-accepted', 'auto-accepted')`,
      ),
    )
    .returning({
      providerDisputeId: d.providerDisputeId,
      transactionReference: d.transactionReference,
      amountKobo: d.amountKobo,
    });
  return row;
}

/** A lost dispute that found nothing left on its charge: settled without a posting, it holds no more (M5). */
export async function markChargeDisputeSettled(ex: DbExecutor, providerDisputeId: string): Promise<void> {
  const d = paystackChargeDisputes;
  await ex
    .update(d)
    .set({ settledAt: new Date() })
    .where(and(eq(d.providerDisputeId, providerDisputeId), isNull(d.settledAt)));
}

export async function listChargeDisputes(limit = 100) {
  const d = paystackChargeDisputes;
  // Every column but the raw payload Paystack sent.
  const { payload: _payload, ...columns } = getTableColumns(d);
  return db.select(columns).from(d).orderBy(desc(d.createdAt)).limit(limit);
}
