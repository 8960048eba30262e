import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { moneyAlerts, musicianPaymentSettings, musicianPayouts } from "~db/schema/wallet";

const s = musicianPaymentSettings;
const p = musicianPayouts;

export type PaymentSettings = typeof s.$inferSelect;

export async function findPaymentSettings(
  musicianId: string,
  ex: DbExecutor = db,
): Promise<PaymentSettings | undefined> {
  const [row] = await ex.select().from(s).where(eq(s.musicianId, musicianId));
  return row;
}

/** Saves some of the musician's payment settings (the payout account, the policy, automatic payouts). */
export async function savePaymentSettings(
  musicianId: string,
  settings: Omit<Partial<typeof s.$inferInsert>, "musicianId" | "updatedAt">,
): Promise<void> {
  await db
    .insert(s)
    .values({ musicianId, ...settings })
    .onConflictDoUpdate({ target: s.musicianId, set: { ...settings, updatedAt: new Date() } });
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

/**
 * The bookings the musician plays in as a line-up member (accepted; issue 39): the event, its date, their
 * role and the leader's name, for their wallet's "Line-up fee" lines. Never the client or the price.
 */
export async function lineUpGigsOf(musicianId: string, ex: DbExecutor = db) {
  const rows = await ex.execute<{
    id: string;
    event_type: string;
    event_type_other: string | null;
    event_date: string | null;
    role: string;
    leader: string;
  }>(sql`
    SELECT b.id, b.event_type, b.event_type_other, b.event_date::text AS event_date, lm.role,
           coalesce(nullif(mp.stage_name, ''), trim(mp.first_name || ' ' || mp.last_name)) AS leader
    FROM line_up_members lm
    JOIN bookings_by_musician b ON b.id = lm.booking_id
    JOIN musician_profiles mp ON mp.id = b.musician_id
    WHERE lm.member_id = ${musicianId} AND lm.status = 'accepted'`);
  return rows.rows.map((r) => ({
    id: r.id,
    eventLabel: r.event_type === "Others" && r.event_type_other ? r.event_type_other : r.event_type,
    eventDate: r.event_date,
    role: r.role,
    leaderName: r.leader,
  }));
}

/** A payout; its bookingId is the release an automatic payout pays (null for a withdrawal). */
export type PayoutRow = typeof p.$inferSelect;

export async function insertPayout(
  tx: DbExecutor,
  row: typeof p.$inferInsert & { status?: "waiting" | "pending"; provider: "paystack" | "test" },
): Promise<PayoutRow> {
  const [created] = await tx.insert(p).values(row).returning();
  return created;
}

/**
 * The automatic payouts of a booking's release, newest first (one live at most per musician; failed
 * ones before it). `musicianId`: only that musician's (the leader's, or a line-up member's, ADR 0033).
 */
export async function payoutsOfBooking(
  bookingId: string,
  ex: DbExecutor = db,
  musicianId?: string,
): Promise<PayoutRow[]> {
  return ex
    .select()
    .from(p)
    .where(and(eq(p.bookingId, bookingId), musicianId ? eq(p.musicianId, musicianId) : undefined))
    .orderBy(desc(p.createdAt));
}

/** The booking's own musician (the leader of its line-up), or null. */
export async function bookingMusicianId(ex: DbExecutor, bookingId: string): Promise<string | null> {
  const rows = await ex.execute<{ musician_id: string }>(
    sql`SELECT musician_id FROM bookings_by_musician WHERE id = ${bookingId}`,
  );
  return rows.rows[0]?.musician_id ?? null;
}

/** Failed or reversed automatic payouts of the musician (asked again once the account is fixed). */
export async function returnedAutomaticPayouts(ex: DbExecutor, musicianId: string): Promise<PayoutRow[]> {
  return ex
    .select()
    .from(p)
    .where(
      and(eq(p.musicianId, musicianId), isNotNull(p.bookingId), inArray(p.status, ["failed", "reversed"])),
    )
    .orderBy(p.createdAt);
}

/**
 * Waiting payouts (nothing moved for them yet) that will never go are dropped: kept, with the note that
 * says why, so the wallet line never disappears without a word (M9).
 */
export async function dropWaitingPayouts(
  tx: DbExecutor,
  musicianId: string,
  note: string,
  reference?: string,
): Promise<number> {
  const rows = await tx
    .update(p)
    .set({ status: "dropped", note, updatedAt: new Date() })
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

/**
 * References of payouts in `status` (last touched before `before`, if given), oldest first: the sweeps
 * send waiting ones whose hold has ended and ask the provider about pending ones.
 */
export async function payoutReferences(
  status: "waiting" | "pending",
  { before, limit }: { before?: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ reference: p.reference })
    .from(p)
    .where(and(eq(p.status, status), before ? lt(p.updatedAt, before) : undefined))
    .orderBy(p.updatedAt)
    .limit(limit);
  return rows.map((r) => r.reference);
}

export async function findPayoutByReference(
  reference: string,
  tx: DbExecutor = db,
): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(p).where(eq(p.reference, reference));
  return row;
}

/** The payout, locked for the rest of the transaction: its events are applied one at a time. */
export async function lockPayout(tx: DbExecutor, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(p).where(eq(p.reference, reference)).for("update");
  return row;
}

export type MoneyAlertRow = typeof moneyAlerts.$inferSelect;

/** Records what a person must settle about a payout, once per payout and kind. */
export async function recordPayoutAlert(
  tx: DbExecutor,
  { reference, musicianId, amountKobo }: { reference: string; musicianId: string | null; amountKobo: number },
  kind: string,
  detail: string,
): Promise<void> {
  await tx
    .insert(moneyAlerts)
    .values({ kind, reference, musicianId, amountKobo, detail })
    .onConflictDoNothing();
}

/** Open alerts, money to recover first (paid twice, a loss with nothing left), then newest (M15). */
export async function listOpenMoneyAlerts(limit = 100): Promise<MoneyAlertRow[]> {
  return db
    .select()
    .from(moneyAlerts)
    .where(isNull(moneyAlerts.resolvedAt))
    .orderBy(
      sql`CASE WHEN ${moneyAlerts.kind} IN ('transfer_paid_after_failed', 'chargeback_nothing_left') THEN 0 ELSE 1 END`,
      desc(moneyAlerts.createdAt),
    )
    .limit(limit);
}

/** An admin marks an alert done (M15); false when it was not open. */
export async function resolveMoneyAlert(id: string): Promise<boolean> {
  const rows = await db
    .update(moneyAlerts)
    .set({ resolvedAt: new Date() })
    .where(and(eq(moneyAlerts.id, id), isNull(moneyAlerts.resolvedAt)))
    .returning({ id: moneyAlerts.id });
  return rows.length > 0;
}

/**
 * Changes a payout still in status `from`: moves it to another status, notes why it waits, or says where
 * a waiting one goes now. Undefined when it was not in `from` (the event was seen already); else the
 * update holds its row lock until `tx` ends.
 */
export async function updatePayoutIn(
  tx: DbExecutor,
  reference: string,
  from: string,
  changes: Partial<
    Pick<
      PayoutRow,
      "status" | "note" | "amountKobo" | "bankName" | "accountNumber" | "recipientCode" | "provider"
    >
  >,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(p)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, from)))
    .returning();
  return row;
}

/** All the musician's payouts, newest first (the wallet's lines add them up). */
export async function listPayouts(musicianId: string, ex: DbExecutor = db): Promise<PayoutRow[]> {
  return ex.select().from(p).where(eq(p.musicianId, musicianId)).orderBy(desc(p.createdAt));
}
