import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
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
export type BookingMoneyRow = {
  id: string;
  slug: string;
  musicianId: string;
  clientName: string;
  email: string | null;
  priceKobo: number | null;
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  status: string;
  paymentStatus: string;
};

export async function findBookingBySlug(slug: string): Promise<BookingMoneyRow | null> {
  const [row] = await db.select(bookingMoneyColumns).from(b).where(eq(b.slug, slug)).limit(1);
  return row ?? null;
}

/** The booking; with lock, locked for the rest of the caller's transaction (money moves one at a time per booking). */
export async function lockBookingOrRead(
  ex: DbExecutor,
  bookingId: string,
  lock = true,
): Promise<BookingMoneyRow | null> {
  const query = ex.select(bookingMoneyColumns).from(b).where(eq(b.id, bookingId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

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

const paymentColumns = {
  id: p.id,
  bookingId: p.bookingId,
  reference: p.reference,
  email: p.email,
  priceKobo: p.priceKobo,
  serviceFeeKobo: p.serviceFeeKobo,
  amountKobo: p.amountKobo,
  serviceFeeBp: p.serviceFeeBp,
  commissionBp: p.commissionBp,
  cancellationPolicy: p.cancellationPolicy,
  currency: p.currency,
  status: p.status,
  provider: p.provider,
  providerData: p.providerData,
  paidAt: p.paidAt,
  createdAt: p.createdAt,
  payerUserId: p.payerUserId,
};
export type PaymentRow = {
  id: string;
  bookingId: string;
  reference: string;
  email: string;
  priceKobo: number;
  serviceFeeKobo: number;
  amountKobo: number;
  serviceFeeBp: number;
  commissionBp: number;
  cancellationPolicy: string;
  currency: string;
  status: string;
  /** Who took the charge: "paystack", or "test" (the built-in test provider: no real money). */
  provider: string;
  providerData: Record<string, unknown> | null;
  paidAt: Date | null;
  createdAt: Date;
  /** The organiser's account that started this checkout signed in (null: signed out). */
  payerUserId: string | null;
};

export async function insertPayment(
  row: Omit<typeof p.$inferInsert, "id" | "status" | "providerData" | "paidAt" | "createdAt" | "updatedAt">,
): Promise<string> {
  const [inserted] = await db.insert(p).values(row).returning({ id: p.id });
  return inserted!.id;
}

export async function notePaymentStarted(reference: string, authorizationUrl: string): Promise<void> {
  await db
    .update(p)
    .set({ providerData: { authorizationUrl }, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, "initialized")));
}

export async function failPayment(reference: string, reason: string): Promise<void> {
  await db
    .update(p)
    .set({ status: "failed", providerData: { error: reason }, updatedAt: new Date() })
    .where(and(eq(p.reference, reference), eq(p.status, "initialized")));
}

export async function findPaymentByReference(ex: DbExecutor, reference: string, lock = false) {
  const q = ex.select(paymentColumns).from(p).where(eq(p.reference, reference));
  const [row] = lock ? await q.for("update") : await q;
  return (row as PaymentRow | undefined) ?? null;
}

/** A checkout started for this booking recently enough to send the payer back to it (a double click). */
/** Serialises checkouts of one booking until the caller's transaction ends. */
export async function lockBookingCheckout(bookingId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:${bookingId}`}, 0))`);
}

export async function findRecentOpenPayment(bookingId: string, since: Date): Promise<PaymentRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(p)
    .where(and(eq(p.bookingId, bookingId), eq(p.status, "initialized"), gt(p.createdAt, since)))
    .orderBy(desc(p.createdAt))
    .limit(1);
  return (row as PaymentRow | undefined) ?? null;
}

export async function findSuccessfulPayment(ex: DbExecutor, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await ex
    .select(paymentColumns)
    .from(p)
    .where(and(eq(p.bookingId, bookingId), eq(p.status, "success")));
  return (row as PaymentRow | undefined) ?? null;
}

export async function markPaymentSucceeded(
  tx: DbExecutor,
  id: string,
  paidAt: Date,
  providerData: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(p)
    .set({ status: "success", paidAt, providerData, updatedAt: new Date() })
    .where(eq(p.id, id));
}

export async function recordAnomaly(
  ex: DbExecutor,
  row: {
    reference: string;
    bookingId: string | null;
    kind: "amount_mismatch" | "currency_mismatch" | "unknown_reference" | "already_paid";
    expectedKobo: number | null;
    receivedKobo: number | null;
    currency: string | null;
    detail: string;
    payload: unknown;
  },
): Promise<void> {
  await ex
    .insert(paymentAnomalies)
    .values(row)
    .onConflictDoNothing({ target: [paymentAnomalies.reference, paymentAnomalies.kind] });
}

export type PaymentAnomalyRow = {
  id: string;
  reference: string;
  bookingId: string | null;
  kind: string;
  expectedKobo: number | null;
  receivedKobo: number | null;
  currency: string | null;
  detail: string;
  createdAt: Date;
};

export async function listAnomalies(limit: number): Promise<PaymentAnomalyRow[]> {
  return db
    .select({
      id: paymentAnomalies.id,
      reference: paymentAnomalies.reference,
      bookingId: paymentAnomalies.bookingId,
      kind: paymentAnomalies.kind,
      expectedKobo: paymentAnomalies.expectedKobo,
      receivedKobo: paymentAnomalies.receivedKobo,
      currency: paymentAnomalies.currency,
      detail: paymentAnomalies.detail,
      createdAt: paymentAnomalies.createdAt,
    })
    .from(paymentAnomalies)
    .orderBy(desc(paymentAnomalies.createdAt))
    .limit(limit);
}

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

/** The successful payment of each booking that has one: its recorded price, total and rates. */
export async function successfulPaymentsOf(
  ex: DbExecutor,
  bookingIds: string[],
): Promise<
  { bookingId: string; priceKobo: number; amountKobo: number; serviceFeeBp: number; commissionBp: number }[]
> {
  if (bookingIds.length === 0) return [];
  return ex
    .select({
      bookingId: p.bookingId,
      priceKobo: p.priceKobo,
      amountKobo: p.amountKobo,
      serviceFeeBp: p.serviceFeeBp,
      commissionBp: p.commissionBp,
    })
    .from(p)
    .where(and(inArray(p.bookingId, bookingIds), eq(p.status, "success")));
}

// ——— The payer (ADR 0013) ———

const pc = payerCredentials;

/** Who may act as the booking's client once it is paid: the successful payment's account, and the musician's user (never). */
export async function bookingParties(
  ex: DbExecutor,
  bookingId: string,
): Promise<{
  musicianUserId: string | null;
  musicianEmail: string | null;
  fromRequest: boolean;
  payerUserId: string | null;
  paymentId: string | null;
  paymentEmail: string | null;
} | null> {
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
    .where(
      and(
        eq(pc.bookingId, bookingId),
        eq(pc.tokenHash, tokenHash),
        eq(pc.kind, "link"),
        isNull(pc.usedAt),
        gt(pc.expiresAt, now),
      ),
    )
    .returning({ paymentId: pc.paymentId });
  return row ?? null;
}

/** Whether an unspent, unexpired link (its hash) exists for this booking: the page offers to use it. */
export async function linkCredentialUsable(bookingId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: pc.id })
    .from(pc)
    .where(
      and(
        eq(pc.bookingId, bookingId),
        eq(pc.tokenHash, tokenHash),
        eq(pc.kind, "link"),
        isNull(pc.usedAt),
        gt(pc.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
