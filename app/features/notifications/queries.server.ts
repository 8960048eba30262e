import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { clientOf } from "~/features/money/client-identity.server";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { moneyNotifications } from "~db/schema/notifications";
import { musicianProfiles } from "~db/schema/profiles";
import { bookingRefunds } from "~db/schema/wallet";
import type { MoneyNoticeData, MoneyNoticeKind } from "./money-notices";

const n = moneyNotifications;
const b = bookingsByMusician;
const m = musicianProfiles;

export type NotificationRow = {
  id: string;
  kind: MoneyNoticeKind;
  musicianId: string;
  bookingId: string | null;
  data: MoneyNoticeData;
  clientMailedAt: Date | null;
  musicianMailedAt: Date | null;
  createdAt: Date;
};

const columns = {
  id: n.id,
  kind: sql<MoneyNoticeKind>`${n.kind}`,
  musicianId: n.musicianId,
  bookingId: n.bookingId,
  data: sql<MoneyNoticeData>`${n.data}`,
  clientMailedAt: n.clientMailedAt,
  musicianMailedAt: n.musicianMailedAt,
  createdAt: n.createdAt,
};

/** Stores the event once: null when its key was stored before (a repeated webhook, a retried job). */
export async function insertNotification(row: {
  eventKey: string;
  kind: MoneyNoticeKind;
  musicianId: string;
  bookingId: string | null;
  data: MoneyNoticeData;
}): Promise<NotificationRow | null> {
  const [inserted] = await db
    .insert(n)
    .values(row)
    .onConflictDoNothing({ target: n.eventKey })
    .returning(columns);
  return inserted ?? null;
}

export async function findNotification(id: string): Promise<NotificationRow | null> {
  const [row] = await db.select(columns).from(n).where(eq(n.id, id));
  return row ?? null;
}

/** The booking's newest stored notice of a kind (e.g. its "paid"), or null. */
export async function findBookingNotification(
  bookingId: string,
  kind: MoneyNoticeKind,
): Promise<NotificationRow | null> {
  const [row] = await db
    .select(columns)
    .from(n)
    .where(and(eq(n.bookingId, bookingId), eq(n.kind, kind)))
    .orderBy(desc(n.createdAt))
    .limit(1);
  return row ?? null;
}

export async function markMailed(id: string, side: "client" | "musician"): Promise<void> {
  await db
    .update(n)
    .set(side === "client" ? { clientMailedAt: new Date() } : { musicianMailedAt: new Date() })
    .where(eq(n.id, id));
}

export function listForMusician(musicianId: string, limit: number) {
  return db
    .select({
      ...columns,
      clientName: b.clientName,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      eventDate: b.eventDate,
    })
    .from(n)
    .leftJoin(b, eq(b.id, n.bookingId))
    .where(eq(n.musicianId, musicianId))
    .orderBy(desc(n.createdAt))
    .limit(limit);
}

/** The latest event of each kind on these bookings (the cancellation, the resolution). */
export function latestForBookings(bookingIds: string[], kinds: MoneyNoticeKind[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([n.bookingId, n.kind], columns)
    .from(n)
    .where(and(inArray(n.bookingId, bookingIds), inArray(n.kind, kinds)))
    .orderBy(n.bookingId, n.kind, desc(n.createdAt));
}

/** Everything the notices of a booking need: both parties, the event, and where to write to each. */
export async function bookingParties(ex: DbExecutor, bookingId: string) {
  const [row] = await ex
    .select({
      id: b.id,
      slug: b.slug,
      musicianId: b.musicianId,
      musicianSlug: m.slug,
      clientName: b.clientName,
      bookingEmail: b.email,
      clientUserId: b.clientUserId,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      eventDate: b.eventDate,
      paymentStatus: b.paymentStatus,
      stageName: m.stageName,
      firstName: m.firstName,
      lastName: m.lastName,
      musicianEmail: user.email,
    })
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .innerJoin(user, eq(user.id, m.userId))
    .where(eq(b.id, bookingId));
  if (!row) return null;
  // The organiser's address: the money module's one "who is the client" rule (M4): once paid, the payer's.
  return { ...row, clientEmail: (await clientOf(bookingId, ex))?.email ?? null };
}

export async function musicianParties(musicianId: string) {
  const [row] = await db
    .select({
      slug: m.slug,
      stageName: m.stageName,
      firstName: m.firstName,
      lastName: m.lastName,
      email: user.email,
    })
    .from(m)
    .innerJoin(user, eq(user.id, m.userId))
    .where(eq(m.id, musicianId));
  return row ?? null;
}

export async function latestDisputeReason(bookingId: string) {
  const [row] = await db
    .select({ reason: clientDisputes.disputeReason, createdAt: clientDisputes.createdAt })
    .from(clientDisputes)
    .where(and(eq(clientDisputes.bookingId, bookingId), isNull(clientDisputes.resolvedAt)))
    .orderBy(desc(clientDisputes.createdAt))
    .limit(1);
  return row ?? null;
}

export function refundsOfBookings(bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      bookingId: bookingRefunds.bookingId,
      amountKobo: bookingRefunds.amountKobo,
      status: bookingRefunds.status,
    })
    .from(bookingRefunds)
    .where(and(inArray(bookingRefunds.bookingId, bookingIds), ne(bookingRefunds.reason, "duplicate_charge")));
}

export function cancellationsOf(bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: b.id, cancelledBy: b.cancelledBy, cancelledAt: b.cancelledAt })
    .from(b)
    .where(inArray(b.id, bookingIds));
}
