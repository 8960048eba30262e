import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { bookingsByMusician, clientDisputes, linkActions } from "~db/schema/bookings";
import { bookingRefunds } from "~db/schema/wallet";

const r = bookingRefunds;

export type RefundRow = typeof r.$inferSelect;

export async function findRefund(id: string, tx: DbExecutor = db): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(r).where(eq(r.id, id));
  return row;
}

/** The booking's own refund (not the refund of a second charge for it). */
export async function findRefundForBooking(bookingId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.bookingId, bookingId), ne(r.reason, "duplicate_charge")));
  return row;
}

/** The unsettled refund of a charge (Paystack's refund events name the charge, not the refund). */
export async function findOpenRefundByTransaction(
  transactionReference: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(
      and(
        eq(r.transactionReference, transactionReference),
        inArray(r.status, ["pending", "failed", "needs_attention"]),
      ),
    );
  return row;
}

/** How long a claim on a refund holds: longer than any provider call, short enough to recover a crash. */
export const REFUND_CLAIM_SECONDS = 120;

const claimFree = () =>
  or(isNull(r.sendingSince), lt(r.sendingSince, sql`now() - make_interval(secs => ${REFUND_CLAIM_SECONDS})`));

/**
 * Claims the refund for one call to the provider (compare-and-set): a pending refund with no provider
 * id, or (retryFailed) a failed one, which becomes pending again. Undefined when someone else holds it
 * or it needs no call. The returned attempts number fences the claim.
 */
export async function claimRefund(id: string, retryFailed = false): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(r)
    .set({
      status: "pending",
      providerRefundId: retryFailed ? null : r.providerRefundId,
      sendingSince: sql`now()`,
      attempts: sql`${r.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(r.id, id),
        retryFailed ? eq(r.status, "failed") : and(eq(r.status, "pending"), isNull(r.providerRefundId)),
        claimFree(),
      ),
    )
    .returning();
  return row;
}

/** Ends a claim: records the provider's refund id (if it made or we found one) or why the call failed. */
export async function endRefundClaim(
  claim: RefundRow,
  patch: { providerRefundId?: string; lastError?: string | null },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(r)
    .set({ ...patch, sendingSince: null, updatedAt: new Date() })
    .where(and(eq(r.id, claim.id), eq(r.attempts, claim.attempts)))
    .returning();
  return row;
}

/** Whether another of our refunds already stands for this provider refund. */
export async function providerRefundIdTaken(providerRefundId: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.providerRefundId, providerRefundId), ne(r.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** Pending refunds the provider has not been asked for (or not successfully), older than `before`. */
export async function refundsToRedrive(before: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.status, "pending"), isNull(r.providerRefundId), lt(r.updatedAt, before), claimFree()))
    .orderBy(r.updatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Pending refunds the provider accepted (they have its id), untouched since `before`: the sweep asks about them. */
export async function refundsAwaitingOutcome(before: Date, limit = 100): Promise<RefundRow[]> {
  return db
    .select()
    .from(r)
    .where(and(eq(r.status, "pending"), isNotNull(r.providerRefundId), lt(r.updatedAt, before)))
    .orderBy(r.updatedAt)
    .limit(limit);
}

export async function moveRefund(
  tx: DbExecutor,
  id: string,
  from: string[],
  to: string,
  lastError: string | null = null,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(r)
    .set({ status: to, lastError, updatedAt: new Date() })
    .where(and(eq(r.id, id), inArray(r.status, from)))
    .returning();
  return row;
}

export async function listRefundsForAdmin(limit = 100) {
  return db
    .select({
      ...getTableColumns(r),
      bookingSlug: bookingsByMusician.slug,
      clientName: bookingsByMusician.clientName,
    })
    .from(r)
    .innerJoin(bookingsByMusician, eq(bookingsByMusician.id, r.bookingId))
    .orderBy(desc(r.createdAt))
    .limit(limit);
}

/** The booking behind a public link; with a transaction, locked for the rest of it. */
export async function findBookingForCancel(slug: string, tx?: DbExecutor) {
  const b = bookingsByMusician;
  const query = (tx ?? db)
    .select({
      id: b.id,
      slug: b.slug,
      musicianId: b.musicianId,
      clientName: b.clientName,
      status: b.status,
      paymentStatus: b.paymentStatus,
      eventDate: b.eventDate,
      eventStartTime: b.eventStartTime,
      eventEndTime: b.eventEndTime,
      clientUserId: b.clientUserId,
      cancelledBy: b.cancelledBy,
    })
    .from(b)
    .where(eq(b.slug, slug));
  return (tx ? await query.for("no key update") : await query).at(0);
}
export type CancellableBooking = NonNullable<Awaited<ReturnType<typeof findBookingForCancel>>>;

/**
 * pending | confirmed → cancelled by the client ("client") or by someone holding only the booking link
 * ("link"); false when the booking was in neither.
 */
export async function markCancelled(
  tx: DbExecutor,
  bookingId: string,
  by: "client" | "link" = "client",
  now = new Date(),
): Promise<boolean> {
  const b = bookingsByMusician;
  const rows = await tx
    .update(b)
    .set({ status: "cancelled", cancelledBy: by, cancelledAt: now, updatedAt: now })
    .where(and(eq(b.id, bookingId), inArray(b.status, ["pending", "confirmed"])))
    .returning({ id: b.id });
  return rows.length > 0;
}

/** What the booking link did, by someone who is not the client's account (issue 35 §1). */
export async function recordLinkAction(
  tx: DbExecutor,
  row: { bookingId: string; action: "cancel" | "texts_off"; previousStatus?: string | null; actedAt: Date },
): Promise<string> {
  const [inserted] = await tx
    .insert(linkActions)
    .values({ ...row, previousStatus: row.previousStatus ?? null })
    .returning({ id: linkActions.id });
  return inserted!.id;
}

/** The booking's latest cancellation through the link that nobody has undone. */
export async function latestLinkCancel(bookingId: string, ex: DbExecutor = db) {
  const [row] = await ex
    .select()
    .from(linkActions)
    .where(
      and(
        eq(linkActions.bookingId, bookingId),
        eq(linkActions.action, "cancel"),
        isNull(linkActions.undoneAt),
      ),
    )
    .orderBy(desc(linkActions.actedAt))
    .limit(1);
  return row ?? null;
}

/** Undoes a cancellation through the link: the booking is back where it was, as if never cancelled. */
export async function restoreLinkCancel(
  tx: DbExecutor,
  action: { id: string; bookingId: string; previousStatus: string },
  now: Date,
): Promise<void> {
  const b = bookingsByMusician;
  await tx
    .update(b)
    .set({ status: action.previousStatus, cancelledBy: null, cancelledAt: null, updatedAt: now })
    .where(and(eq(b.id, action.bookingId), eq(b.status, "cancelled"), eq(b.cancelledBy, "link")));
  await tx.update(linkActions).set({ undoneAt: now }).where(eq(linkActions.id, action.id));
}

/** Every unresolved client dispute (the admin decides each; those holding money come first). */
export async function listOpenDisputes(limit = 200) {
  const b = bookingsByMusician;
  return db
    .select({
      disputeId: clientDisputes.id,
      bookingId: b.id,
      bookingSlug: b.slug,
      clientName: b.clientName,
      reason: clientDisputes.disputeReason,
      createdAt: clientDisputes.createdAt,
    })
    .from(clientDisputes)
    .innerJoin(b, eq(b.id, clientDisputes.bookingId))
    .where(isNull(clientDisputes.resolvedAt))
    .orderBy(desc(clientDisputes.createdAt))
    .limit(limit);
}
