import { and, desc, eq, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { musicianPaymentSettings, musicianPayouts } from "~db/schema/wallet";

const s = musicianPaymentSettings;
const p = musicianPayouts;

export type PaymentSettings = {
  musicianId: string;
  cancellationPolicy: string;
  bankCode: string | null;
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
  recipientCode: string | null;
};

export async function findPaymentSettings(musicianId: string): Promise<PaymentSettings | undefined> {
  const [row] = await db
    .select({
      musicianId: s.musicianId,
      cancellationPolicy: s.cancellationPolicy,
      bankCode: s.bankCode,
      bankName: s.bankName,
      accountNumber: s.accountNumber,
      accountName: s.accountName,
      recipientCode: s.recipientCode,
    })
    .from(s)
    .where(eq(s.musicianId, musicianId));
  return row;
}

export async function saveBankAccount(
  musicianId: string,
  account: {
    bankCode: string;
    bankName: string;
    accountNumber: string;
    accountName: string;
    recipientCode: string;
  },
): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, ...account })
    .onConflictDoUpdate({ target: s.musicianId, set: { ...account, updatedAt: new Date() } });
}

export async function saveCancellationPolicy(musicianId: string, cancellationPolicy: string): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, cancellationPolicy })
    .onConflictDoUpdate({ target: s.musicianId, set: { cancellationPolicy, updatedAt: new Date() } });
}

export async function profileNames(musicianId: string) {
  const [row] = await db
    .select({
      firstName: musicianProfiles.firstName,
      lastName: musicianProfiles.lastName,
      slug: musicianProfiles.slug,
      email: user.email,
    })
    .from(musicianProfiles)
    .innerJoin(user, eq(user.id, musicianProfiles.userId))
    .where(eq(musicianProfiles.id, musicianId));
  return row;
}

export type PayoutRow = {
  id: string;
  musicianId: string;
  reference: string;
  amountKobo: number;
  status: string;
  bankName: string;
  accountNumber: string;
  recipientCode: string;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const payoutColumns = {
  id: p.id,
  musicianId: p.musicianId,
  reference: p.reference,
  amountKobo: p.amountKobo,
  status: p.status,
  bankName: p.bankName,
  accountNumber: p.accountNumber,
  recipientCode: p.recipientCode,
  note: p.note,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};

export async function insertPayout(
  tx: DbExecutor,
  row: Pick<
    PayoutRow,
    "musicianId" | "reference" | "amountKobo" | "bankName" | "accountNumber" | "recipientCode"
  >,
): Promise<PayoutRow> {
  const [created] = await tx.insert(p).values(row).returning(payoutColumns);
  return created;
}

export async function findPayoutByReference(
  reference: string,
  tx: DbExecutor = db,
): Promise<PayoutRow | undefined> {
  const [row] = await tx.select(payoutColumns).from(p).where(eq(p.reference, reference));
  return row;
}

/** Moves a payout between statuses; undefined when it was not in `from` (the event was seen already). */
export async function movePayout(
  tx: DbExecutor,
  reference: string,
  from: string,
  to: string,
  note: string | null,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(p)
    .set({ status: to, note, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, from)))
    .returning(payoutColumns);
  return row;
}

export async function listPayouts(musicianId: string, limit = 50): Promise<PayoutRow[]> {
  return db
    .select(payoutColumns)
    .from(p)
    .where(eq(p.musicianId, musicianId))
    .orderBy(desc(p.createdAt))
    .limit(limit);
}

/** Serialises money moves of one musician (withdrawals) across processes, until the transaction ends. */
export async function lockMusicianWallet(tx: DbExecutor, musicianId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wallet:${musicianId}`}, 0))`);
}
