import { and, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { moneyAlerts, musicianPaymentSettings, musicianPayouts } from "~db/schema/wallet";

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
  bankAccountHoldUntil: Date | null;
  autoPayout: boolean;
};

export async function findPaymentSettings(
  musicianId: string,
  ex: DbExecutor = db,
): Promise<PaymentSettings | undefined> {
  const [row] = await ex
    .select({
      musicianId: s.musicianId,
      cancellationPolicy: s.cancellationPolicy,
      bankCode: s.bankCode,
      bankName: s.bankName,
      accountNumber: s.accountNumber,
      accountName: s.accountName,
      recipientCode: s.recipientCode,
      bankAccountHoldUntil: s.bankAccountHoldUntil,
      autoPayout: s.autoPayout,
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
    bankAccountHoldUntil: Date | null;
  },
): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, ...account })
    .onConflictDoUpdate({ target: s.musicianId, set: { ...account, updatedAt: new Date() } });
}

/** The musician's "Send released money to my bank automatically". */
export async function saveAutoPayout(musicianId: string, autoPayout: boolean): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, autoPayout })
    .onConflictDoUpdate({ target: s.musicianId, set: { autoPayout, updatedAt: new Date() } });
}

export async function saveCancellationPolicy(musicianId: string, cancellationPolicy: string): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, cancellationPolicy, policyChosenAt: new Date() })
    .onConflictDoUpdate({
      target: s.musicianId,
      set: { cancellationPolicy, policyChosenAt: new Date(), updatedAt: new Date() },
    });
}

export async function profileNames(musicianId: string, ex: DbExecutor = db) {
  const [row] = await ex
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
  /** The release an automatic payout pays; null for a withdrawal. */
  bookingId: string | null;
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
  bookingId: p.bookingId,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};

export async function insertPayout(
  tx: DbExecutor,
  row: Pick<
    PayoutRow,
    "musicianId" | "reference" | "amountKobo" | "bankName" | "accountNumber" | "recipientCode"
  > & { bookingId?: string; status?: "waiting" | "pending"; provider: "paystack" | "test" },
): Promise<PayoutRow> {
  const [created] = await tx.insert(p).values(row).returning(payoutColumns);
  return created;
}

/** The automatic payouts of a booking's release, newest first (one live at most; failed ones before it). */
export async function payoutsOfBooking(bookingId: string, ex: DbExecutor = db): Promise<PayoutRow[]> {
  return ex.select(payoutColumns).from(p).where(eq(p.bookingId, bookingId)).orderBy(desc(p.createdAt));
}

/** Failed or reversed automatic payouts of the musician (asked again once the account is fixed). */
export async function returnedAutomaticPayouts(ex: DbExecutor, musicianId: string): Promise<PayoutRow[]> {
  return ex
    .select(payoutColumns)
    .from(p)
    .where(
      and(eq(p.musicianId, musicianId), isNotNull(p.bookingId), inArray(p.status, ["failed", "reversed"])),
    )
    .orderBy(p.createdAt);
}

/**
 * A waiting payout becomes pending, with the amount that goes and the account it goes to now (its money
 * has just left Available).
 */
export async function startWaitingPayout(
  tx: DbExecutor,
  reference: string,
  go: Pick<PayoutRow, "amountKobo" | "bankName" | "accountNumber" | "recipientCode">,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(p)
    .set({ status: "pending", ...go, note: null, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, "waiting")))
    .returning(payoutColumns);
  return row;
}

/** Waiting payouts (nothing moved for them yet) are dropped: the musician turned automatic payouts off. */
export async function dropWaitingPayouts(
  tx: DbExecutor,
  musicianId: string,
  reference?: string,
): Promise<number> {
  const rows = await tx
    .delete(p)
    .where(
      and(
        eq(p.musicianId, musicianId),
        eq(p.status, "waiting"),
        reference ? eq(p.reference, reference) : undefined,
      ),
    )
    .returning({ id: p.id });
  return rows.length;
}

/** Every waiting payout's reference, oldest first (the sweep sends those whose hold has ended). */
export async function waitingPayoutReferences(limit = 500): Promise<string[]> {
  const rows = await db
    .select({ reference: p.reference })
    .from(p)
    .where(eq(p.status, "waiting"))
    .orderBy(p.updatedAt)
    .limit(limit);
  return rows.map((r) => r.reference);
}

export async function findPayoutByReference(
  reference: string,
  tx: DbExecutor = db,
): Promise<PayoutRow | undefined> {
  const [row] = await tx.select(payoutColumns).from(p).where(eq(p.reference, reference));
  return row;
}

/** The payout, locked for the rest of the transaction: its events are applied one at a time. */
export async function lockPayout(tx: DbExecutor, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select(payoutColumns).from(p).where(eq(p.reference, reference)).for("update");
  return row;
}

/**
 * A note on a still-pending payout (say, waiting for an OTP); no status change. True when the payout
 * was still pending (the update then holds its row lock until `tx` ends).
 */
export async function notePendingPayout(
  reference: string,
  note: string,
  tx: DbExecutor = db,
): Promise<boolean> {
  const rows = await tx
    .update(p)
    .set({ note, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, "pending")))
    .returning({ reference: p.reference });
  return rows.length > 0;
}

/** Pending payouts last touched before `before`, oldest first (the sweep asks the provider about them). */
export async function pendingPayoutReferences(before: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ reference: p.reference })
    .from(p)
    .where(and(eq(p.status, "pending"), lt(p.updatedAt, before)))
    .orderBy(p.updatedAt)
    .limit(limit);
  return rows.map((r) => r.reference);
}

export type MoneyAlertRow = {
  id: string;
  kind: string;
  reference: string;
  musicianId: string | null;
  amountKobo: number | null;
  detail: string;
  createdAt: Date;
};

/** Records what a person must look at, once per reference and kind. */
export async function recordMoneyAlert(
  tx: DbExecutor,
  row: {
    kind: string;
    reference: string;
    musicianId: string | null;
    amountKobo: number | null;
    detail: string;
  },
): Promise<void> {
  await tx.insert(moneyAlerts).values(row).onConflictDoNothing();
}

export async function listOpenMoneyAlerts(limit = 100): Promise<MoneyAlertRow[]> {
  const a = moneyAlerts;
  return db
    .select({
      id: a.id,
      kind: a.kind,
      reference: a.reference,
      musicianId: a.musicianId,
      amountKobo: a.amountKobo,
      detail: a.detail,
      createdAt: a.createdAt,
    })
    .from(a)
    .where(isNull(a.resolvedAt))
    .orderBy(desc(a.createdAt))
    .limit(limit);
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

/** The musician's payouts, newest first (all of them unless limited: the wallet's lines add them up). */
export async function listPayouts(
  musicianId: string,
  limit?: number,
  ex: DbExecutor = db,
): Promise<PayoutRow[]> {
  const q = ex.select(payoutColumns).from(p).where(eq(p.musicianId, musicianId)).orderBy(desc(p.createdAt));
  return limit === undefined ? q : q.limit(limit);
}
