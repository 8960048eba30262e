import { and, desc, eq, getTableColumns, gt, isNull, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingsByMusician } from "~db/schema/bookings";
import { payerCredentials, paymentAnomalies, payments } from "~db/schema/payments";
import { musicianProfiles } from "~db/schema/profiles";

const b = bookingsByMusician;
const p = payments;

const bookingMoneyColumns = {
  id: b.id,
  slug: b.slug,
  musicianId: b.musicianId,
  clientName: b.clientName,
  email: b.email,
  priceKobo: b.priceKobo,
  eventDate: b.eventDate,
  eventStartTime: b.eventStartTime,
  eventEndTime: b.eventEndTime,
  status: b.status,
  paymentStatus: b.paymentStatus,
};
export async function findBookingBySlug(slug: string) {
  const [row] = await db.select(bookingMoneyColumns).from(b).where(eq(b.slug, slug)).limit(1);
  return row ?? null;
}
export type BookingMoneyRow = NonNullable<Awaited<ReturnType<typeof findBookingBySlug>>>;

/** A signed-in organiser who pays a booking takes it into their account (as confirming does). */
export async function linkClientAccount(
  bookingId: string,
  clientUserId: string,
  ex: DbExecutor = db,
): Promise<void> {
  await ex
    .update(b)
    .set({ clientUserId: sql`coalesce(${b.clientUserId}, ${clientUserId})` })
    .where(eq(b.id, bookingId));
}

export async function insertPayment(
  row: Omit<typeof p.$inferInsert, "id" | "status" | "providerData" | "paidAt" | "createdAt" | "updatedAt">,
): Promise<string> {
  const [inserted] = await db.insert(p).values(row).returning({ id: p.id });
  return inserted!.id;
}

/** A checkout still open (initialized): the provider's page for it, or its failure. */
export async function updateOpenPayment(
  reference: string,
  set: Pick<typeof p.$inferInsert, "status" | "providerData">,
) {
  await db
    .update(p)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, "initialized")));
}

export async function findPaymentByReference(ex: DbExecutor, reference: string, lock = false) {
  const q = ex.select().from(p).where(eq(p.reference, reference));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentByReference>>>;

/** Serialises checkouts of one booking until the caller's transaction ends. */
export async function lockBookingCheckout(bookingId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:${bookingId}`}, 0))`);
}

/** A checkout started for this booking recently enough to send the payer back to it (a double click). */
export async function findRecentOpenPayment(bookingId: string, since: Date): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.bookingId, bookingId), eq(p.status, "initialized"), gt(p.createdAt, since)))
    .orderBy(desc(p.createdAt))
    .limit(1);
  return row ?? null;
}

export async function markPaymentSucceeded(
  tx: DbExecutor,
  id: string,
  paidAt: Date,
  providerData: Record<string, unknown>,
  mode: "test" | "live",
): Promise<void> {
  await tx
    .update(p)
    .set({ status: "success", paidAt, providerData, mode, updatedAt: new Date() })
    .where(eq(p.id, id));
}

export async function recordAnomaly(
  ex: DbExecutor,
  row: typeof paymentAnomalies.$inferInsert & {
    kind: "amount_mismatch" | "currency_mismatch" | "unknown_reference" | "already_paid";
  },
): Promise<void> {
  await ex
    .insert(paymentAnomalies)
    .values(row)
    .onConflictDoNothing({ target: [paymentAnomalies.reference, paymentAnomalies.kind] });
}

// The admin's list leaves out the provider's payload.
const { payload: _payload, ...anomalyColumns } = getTableColumns(paymentAnomalies);

export async function listAnomalies(limit = 100) {
  return db
    .select(anomalyColumns)
    .from(paymentAnomalies)
    .orderBy(desc(paymentAnomalies.createdAt))
    .limit(limit);
}
export type PaymentAnomalyRow = Awaited<ReturnType<typeof listAnomalies>>[number];

/** Whether the ledger's protective triggers exist and are enabled (someone may have dropped them). */
export async function ledgerTriggersMissing(ex: DbExecutor = db): Promise<string[]> {
  const expected = [
    "ledger_entries_balanced",
    "ledger_transactions_balanced",
    "ledger_entries_append_only",
    "ledger_entries_no_truncate",
    "ledger_transactions_append_only",
    "ledger_transactions_no_truncate",
    "ledger_accounts_append_only",
    "ledger_entries_same_transaction",
  ];
  // Only 'O' (origin) and 'A' (always) fire for the app's sessions: 'D' is disabled and 'R' (ENABLE
  // REPLICA TRIGGER) fires only under session_replication_role = replica, so it is off for everyone else.
  const rows = await ex.execute<{ tgname: string }>(
    sql`SELECT tgname FROM pg_trigger WHERE tgname IN ${expected} AND tgenabled IN ('O', 'A')`,
  );
  const present = new Set(rows.rows.map((r) => r.tgname));
  return expected.filter((t) => !present.has(t));
}

// ——— The payer (ADR 0013) ———

const pc = payerCredentials;

/** Who may act as the booking's client once it is paid: the successful payment's account, and the musician's user (never). */
export async function bookingParties(ex: DbExecutor, bookingId: string) {
  const [row] = await ex
    .select({
      musicianUserId: musicianProfiles.userId,
      musicianEmail: user.email,
      fromRequest: sql<boolean>`${b.requestId} IS NOT NULL`,
      paymentId: p.id,
      payerUserId: p.payerUserId,
      paymentEmail: p.email,
    })
    .from(b)
    .innerJoin(musicianProfiles, eq(musicianProfiles.id, b.musicianId))
    .leftJoin(user, eq(user.id, musicianProfiles.userId))
    .leftJoin(p, and(eq(p.bookingId, b.id), eq(p.status, "success")))
    .where(eq(b.id, bookingId));
  return row ?? null;
}

export async function insertPayerCredential(
  ex: DbExecutor,
  row: { bookingId: string; paymentId: string; kind: "device" | "link"; tokenHash: string; expiresAt?: Date },
): Promise<void> {
  await ex
    .insert(pc)
    .values(row)
    .onConflictDoNothing({ target: [pc.tokenHash, pc.paymentId] });
}

/** Whether a device secret (its hash) is bound to this payment. */
export async function deviceCredentialHeld(ex: DbExecutor, paymentId: string, tokenHash: string) {
  const [row] = await ex
    .select({ id: pc.id })
    .from(pc)
    .where(and(eq(pc.paymentId, paymentId), eq(pc.tokenHash, tokenHash), eq(pc.kind, "device")))
    .limit(1);
  return Boolean(row);
}

/** An unspent, unexpired link (its hash) for this booking. */
const usableLink = (bookingId: string, tokenHash: string, now: Date) =>
  and(
    eq(pc.bookingId, bookingId),
    eq(pc.tokenHash, tokenHash),
    eq(pc.kind, "link"),
    isNull(pc.usedAt),
    gt(pc.expiresAt, now),
  );

/**
 * Spends a one-time link: only once, only before it expires, only for the booking it was made for.
 * Answers the payment it is bound to, or null.
 */
export async function spendLinkCredential(
  ex: DbExecutor,
  bookingId: string,
  tokenHash: string,
  now: Date,
): Promise<{ paymentId: string } | null> {
  const [row] = await ex
    .update(pc)
    .set({ usedAt: now })
    .where(usableLink(bookingId, tokenHash, now))
    .returning({ paymentId: pc.paymentId });
  return row ?? null;
}

/** Whether an unspent, unexpired link (its hash) exists for this booking: the page offers to use it. */
export async function linkCredentialUsable(bookingId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: pc.id })
    .from(pc)
    .where(usableLink(bookingId, tokenHash, now))
    .limit(1);
  return Boolean(row);
}
