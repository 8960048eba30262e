// The money module's reads and writes (its only Drizzle code). Facts come from the ledger and the rows,
// in one statement per booking set, so readBookingMoney and ledger:check derive the phase from the same
// numbers.
import { and, eq, sql } from "drizzle-orm";
import { type DbExecutor, executeNamed } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { moneyEventConsumptions, moneyEvents } from "~db/schema/money-events";
import { bookingRefunds, moneyAlerts } from "~db/schema/wallet";

type RawRow = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** SQL over `d` (paystack_charge_disputes): its outcome as we know it, an admin's record first. */
const OUTCOME = `coalesce(d.admin_outcome, CASE WHEN d.resolution = 'declined' THEN 'won'
  WHEN d.resolution IN ('merchant-accepted', 'auto-accepted') THEN 'lost' END)`;

/**
 * SQL over `d`: the card dispute holds the charge's money. Open at Paystack; or settled (resolved and
 * archived alike, review N5) with an outcome nobody has read; or lost and not yet posted (a release
 * must never slip in between Paystack's answer and our posting of it), unless it found nothing left on
 * the charge to take (settled_at, M5).
 */
export const CARD_DISPUTE_HOLDS = sql.raw(`(coalesce(d.status, '') NOT IN ('resolved', 'archived')
  OR ${OUTCOME} IS NULL
  OR (${OUTCOME} = 'lost' AND d.settled_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ledger_transactions lt
                      WHERE lt.idempotency_key = 'chargeback:' || d.provider_dispute_id)))`);

function factsQuery(where: ReturnType<typeof sql>) {
  return sql`
    SELECT b.id, b.slug, b.musician_id, b.client_name, b.email, b.price_kobo, b.event_date,
           b.event_start_time, b.event_end_time, b.status, b.payment_status,
           p.id AS payment_id, p.reference, p.email AS payer_email, p.payer_user_id, p.price_kobo AS paid_price,
           p.service_fee_kobo, p.amount_kobo, p.service_fee_bp, p.commission_bp, p.cancellation_policy,
           p.provider, p.mode, p.paid_at,
           (SELECT t.created_at FROM ledger_transactions t WHERE t.idempotency_key = p.reference) AS credited_at,
           (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_entries e
              JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = 'escrow:' || b.id) AS escrow,
           (SELECT count(*) FROM ledger_transactions t WHERE t.idempotency_key = 'release:' || b.id) > 0 AS released,
           (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
              WHERE t.idempotency_key = 'release:' || b.id AND e.amount_kobo > 0
                AND (a.kind = 'musician_payable' OR a.kind = 'receivable')) AS released_to_musician,
           (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id
              WHERE t.idempotency_key = 'release:' || b.id AND e.amount_kobo > 0) AS released_total,
           (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
              WHERE t.booking_id = b.id AND t.kind = 'refund' AND a.code = 'refunds_pending:' || b.id) AS refunded,
           (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
              WHERE t.booking_id = b.id AND t.kind = 'chargeback' AND a.code = 'paystack_clearing') AS charged_back,
           (SELECT cd.id FROM client_disputes cd WHERE cd.booking_id = b.id AND cd.resolved_at IS NULL
              AND cd.created_at >= (SELECT t.created_at FROM ledger_transactions t WHERE t.idempotency_key = p.reference)
              ORDER BY cd.created_at LIMIT 1) AS dispute_since_credit,
           (SELECT cd.id FROM client_disputes cd WHERE cd.booking_id = b.id AND cd.resolved_at IS NULL
              ORDER BY cd.created_at LIMIT 1) AS any_open_dispute,
           EXISTS (SELECT 1 FROM paystack_charge_disputes d
                   WHERE d.transaction_reference = p.reference AND ${CARD_DISPUTE_HOLDS}) AS card_dispute_open,
           (SELECT coalesce(json_agg(json_build_object('musicianId', lm.member_id, 'feeKobo', lm.fee_kobo,
                                                       'role', lm.role) ORDER BY lm.invited_at, lm.id), '[]')
              FROM line_up_members lm WHERE lm.booking_id = b.id AND lm.status = 'accepted') AS line_up,
           (SELECT coalesce(json_object_agg(x.owner, x.kobo), '{}') FROM (
              SELECT split_part(a.code, ':', 2) AS owner, sum(e.amount_kobo) AS kobo FROM ledger_transactions t
              JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
              WHERE t.idempotency_key = 'release:' || b.id AND e.amount_kobo > 0
                AND (a.kind = 'musician_payable' OR a.kind = 'receivable') GROUP BY 1) x) AS released_by_musician
    FROM bookings_by_musician b
    LEFT JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
    WHERE ${where}`;
}

function toRow(r: RawRow) {
  return {
    booking: {
      id: r.id as string,
      slug: r.slug as string,
      musicianId: r.musician_id as string,
      clientName: r.client_name as string,
      email: (r.email as string | null) ?? null,
      priceKobo: r.price_kobo === null ? null : Number(r.price_kobo),
      eventDate: (r.event_date as string | null) ?? null,
      eventStartTime: (r.event_start_time as string | null) ?? null,
      eventEndTime: (r.event_end_time as string | null) ?? null,
      status: r.status as string,
      paymentStatus: r.payment_status as string,
    },
    payment: r.payment_id
      ? {
          id: r.payment_id as string,
          reference: r.reference as string,
          email: r.payer_email as string,
          payerUserId: (r.payer_user_id as string | null) ?? null,
          priceKobo: num(r.paid_price),
          serviceFeeKobo: num(r.service_fee_kobo),
          amountKobo: num(r.amount_kobo),
          serviceFeeBp: num(r.service_fee_bp),
          commissionBp: num(r.commission_bp),
          cancellationPolicy: r.cancellation_policy as string,
          provider: r.provider as string,
          /** Test-mode money (the built-in provider, or Paystack's domain "test"): never real (M1). */
          testMode: r.provider === "test" || r.mode === "test",
          paidAt: date(r.paid_at),
        }
      : null,
    /** When our ledger credited the charge (our clock, not Paystack's paid_at). */
    creditedAt: date(r.credited_at),
    escrowKobo: num(r.escrow),
    released: Boolean(r.released),
    /** What the release posting took out of escrow (0: not released). */
    releasedKobo: num(r.released_total),
    /** The musician's part of the release posting (Available plus debt repaid). */
    releasedToMusicianKobo: num(r.released_to_musician),
    refundedKobo: num(r.refunded),
    chargedBackKobo: num(r.charged_back),
    /** The oldest unresolved client dispute filed since our credit (null: none). */
    disputeSinceCredit: (r.dispute_since_credit as string | null) ?? null,
    /** Any unresolved client dispute on the booking. */
    anyOpenDispute: (r.any_open_dispute as string | null) ?? null,
    /** An open card dispute on the charge (or one settled with an outcome nobody has read yet). */
    cardDisputeOpen: Boolean(r.card_dispute_open),
    /**
     * The line-up's accepted members and their fees, in the order they were invited: frozen with the
     * payment (the database refuses any change once payment_status leaves 'unpaid', migration 0040).
     */
    lineUp: (
      (r.line_up as { musicianId: string; feeKobo: number | string; role: string }[] | null) ?? []
    ).map((x) => ({ musicianId: x.musicianId, feeKobo: Number(x.feeKobo), role: x.role })),
    /** What the release posting put in each musician's Available or repaid of their debt (leader and members). */
    releasedByMusician: Object.fromEntries(
      Object.entries((r.released_by_musician as Record<string, number | string> | null) ?? {}).map(
        ([k, v]) => [k, Number(v)],
      ),
    ) as Record<string, number>,
  };
}
export type MoneyRow = ReturnType<typeof toRow>;

/**
 * Locks the booking row for the rest of the caller's transaction. Its own statement: the facts are read
 * by the next one, whose snapshot (READ COMMITTED) then includes whatever the previous holder committed.
 */
export async function lockBookingRow(tx: DbExecutor, bookingId: string): Promise<boolean> {
  // FOR NO KEY UPDATE (M13): it serialises money moves, yet lets a payout row naming the booking be
  // inserted under the wallet lock (its foreign-key check takes KEY SHARE), so no deadlock.
  const rows = await tx.execute(
    sql`SELECT id FROM bookings_by_musician WHERE id = ${bookingId} FOR NO KEY UPDATE`,
  );
  return rows.rows.length > 0;
}

export async function moneyRow(ex: DbExecutor, bookingId: string): Promise<MoneyRow | null> {
  return (await moneyRowsOf(ex, [bookingId]))[0] ?? null;
}

/** Bookings whose money is held (escrow > 0, never released), not cancelled: the release sweep's work. */
export async function heldBookingIds(ex: DbExecutor): Promise<string[]> {
  const rows = await ex.execute<{ id: string }>(sql`
    SELECT b.id FROM bookings_by_musician b
    JOIN ledger_accounts a ON a.code = 'escrow:' || b.id
    WHERE b.status <> 'cancelled'
      AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'release:' || b.id)
      AND (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_entries e WHERE e.account_id = a.id) > 0
    ORDER BY b.id`);
  return rows.rows.map((x) => x.id);
}

/**
 * Whether a booking of the musician holds money (escrow > 0, never released, not cancelled): their own,
 * or one they play in as a line-up member (its release pays them too, ADR 0033).
 */
export async function musicianHoldsEscrow(ex: DbExecutor, musicianId: string): Promise<boolean> {
  const rows = await ex.execute(sql`
    SELECT 1 FROM bookings_by_musician b
    JOIN ledger_accounts a ON a.code = 'escrow:' || b.id
    WHERE (b.musician_id = ${musicianId}
           OR EXISTS (SELECT 1 FROM line_up_members lm WHERE lm.booking_id = b.id
                      AND lm.member_id = ${musicianId} AND lm.status = 'accepted'))
      AND b.status <> 'cancelled'
      AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'release:' || b.id)
      AND (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_entries e WHERE e.account_id = a.id) > 0
    LIMIT 1`);
  return rows.rows.length > 0;
}

/** Every booking that has money facts to check (paid once, or whose column says so): ledger:check. */
export async function moneyRowsToCheck(ex: DbExecutor): Promise<MoneyRow[]> {
  const rows = await ex.execute<RawRow>(
    factsQuery(
      sql`(b.payment_status <> 'unpaid' OR p.id IS NOT NULL
           OR EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.booking_id = b.id))`,
    ),
  );
  return rows.rows.map(toRow);
}

/** Money rows of many bookings (pages and lists), unlocked. */
export async function moneyRowsOf(ex: DbExecutor, bookingIds: string[]): Promise<MoneyRow[]> {
  if (bookingIds.length === 0) return [];
  const rows = await ex.execute<RawRow>(
    factsQuery(
      sql`b.id IN (${sql.join(
        bookingIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return rows.rows.map(toRow);
}

/** Serialises money moves of one musician (releases, chargebacks, withdrawals) until the transaction ends. */
export async function lockMusicianWallet(tx: DbExecutor, musicianId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wallet:${musicianId}`}, 0))`);
}

/** The payment_status cache and, optionally, the booking's status: written only by the money module. */
export async function writeBookingStatus(
  tx: DbExecutor,
  bookingId: string,
  paymentStatus: string,
  status?: string,
): Promise<void> {
  await tx
    .update(bookingsByMusician)
    .set({ paymentStatus, ...(status ? { status } : {}), updatedAt: new Date() })
    .where(eq(bookingsByMusician.id, bookingId));
}

/** The booking's own refund (one per booking) or a duplicate charge's (one per charge): its id, null when it existed. */
export async function insertRefundRow(
  tx: DbExecutor,
  row: { bookingId: string; transactionReference: string; amountKobo: number; reason: string },
): Promise<string | null> {
  const [created] = await tx
    .insert(bookingRefunds)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: bookingRefunds.id });
  return created?.id ?? null;
}

/** Balance of a musician's accounts (Available and the chargeback receivable), read under the wallet lock. */
export async function musicianBalances(
  ex: DbExecutor,
  musicianId: string,
): Promise<{ availableKobo: number; receivableKobo: number }> {
  const rows = await ex.execute<{ code: string; balance: string }>(sql`
    SELECT a.code, coalesce(sum(e.amount_kobo), 0) AS balance
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    WHERE a.code IN (${`musician_payable:${musicianId}`}, ${`chargeback_receivable:${musicianId}`})
    GROUP BY a.code`);
  const of = (prefix: string) => Number(rows.rows.find((x) => x.code.startsWith(prefix))?.balance ?? 0);
  return { availableKobo: of("musician_payable:"), receivableKobo: of("chargeback_receivable:") };
}

/**
 * What the musician may not withdraw yet: their released share of bookings whose charge a bank is
 * still disputing (probe item; as leader or as a line-up member, ADR 0033), and what test-mode releases put in Available that test payouts have
 * not taken out (review N10: test money already withdrawn no longer counts).
 */
export async function withdrawalHoldsOf(
  ex: DbExecutor,
  musicianId: string,
): Promise<{ disputedKobo: number; testKobo: number }> {
  const rows = await ex.execute<{ disputed: string; test_in: string; test_out: string }>(sql`
    SELECT
      (SELECT coalesce(sum(e.amount_kobo), 0)
         FROM bookings_by_musician b
         JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
         JOIN ledger_transactions t ON t.idempotency_key = 'release:' || b.id
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.code = ${`musician_payable:${musicianId}`}
         WHERE e.amount_kobo > 0
           AND EXISTS (SELECT 1 FROM paystack_charge_disputes d
                       WHERE d.transaction_reference = p.reference AND ${CARD_DISPUTE_HOLDS})) AS disputed,
      (SELECT coalesce(sum(e.amount_kobo), 0)
         FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id AND a.code = ${`musician_payable:${musicianId}`}
         JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind = 'release'
         WHERE e.amount_kobo > 0
           AND EXISTS (SELECT 1 FROM payments p
                       WHERE p.booking_id = t.booking_id AND p.status = 'success'
                         AND (p.provider = 'test' OR p.mode = 'test'))) AS test_in,
      (SELECT coalesce(sum(po.amount_kobo), 0) FROM musician_payouts po
         WHERE po.musician_id = ${musicianId} AND po.provider = 'test' AND po.status IN ('pending', 'paid')) AS test_out`);
  const row = rows.rows[0];
  return {
    disputedKobo: Number(row?.disputed ?? 0),
    testKobo: Math.max(0, Number(row?.test_in ?? 0) - Number(row?.test_out ?? 0)),
  };
}

/**
 * ledger:check's agreements between the ledger and the rows, beyond the phase: each charge posting is
 * the payment's amount, a cancelled booking holds nothing in escrow, escrow never holds more than was
 * paid, refunds_pending:{b} is the booking's unsettled refunds, payouts_in_transit:{m} the musician's
 * pending payouts (review N11).
 */
export async function ledgerRowDisagreements(ex: DbExecutor): Promise<{ rule: string; detail: string }[]> {
  const rows = await ex.execute<{ rule: string; detail: string }>(sql`
    WITH bal AS (
      SELECT a.code, coalesce(sum(e.amount_kobo), 0) AS balance
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.code
    )
    SELECT 'bookings agree with the ledger' AS rule,
           'booking ' || b.slug || ': paid ' || p.amount_kobo || ' kobo, charged into escrow ' ||
           coalesce((SELECT sum(e.amount_kobo)::text FROM ledger_transactions t
                     JOIN ledger_entries e ON e.transaction_id = t.id
                     JOIN ledger_accounts a ON a.id = e.account_id AND a.code = 'escrow:' || b.id
                     WHERE t.idempotency_key = p.reference), 'nothing') || ' kobo' AS detail
    FROM bookings_by_musician b JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
    WHERE (SELECT sum(e.amount_kobo) FROM ledger_transactions t
           JOIN ledger_entries e ON e.transaction_id = t.id
           JOIN ledger_accounts a ON a.id = e.account_id AND a.code = 'escrow:' || b.id
           WHERE t.idempotency_key = p.reference) IS DISTINCT FROM p.amount_kobo
    UNION ALL
    SELECT 'bookings agree with the ledger', 'booking ' || b.slug || ' is cancelled but escrow holds ' || bal.balance || ' kobo'
    FROM bookings_by_musician b JOIN bal ON bal.code = 'escrow:' || b.id
    WHERE b.status = 'cancelled' AND bal.balance <> 0
    UNION ALL
    SELECT 'bookings agree with the ledger', 'booking ' || b.slug || ': escrow holds ' || bal.balance || ' kobo, more than was paid'
    FROM bookings_by_musician b JOIN bal ON bal.code = 'escrow:' || b.id
    LEFT JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
    WHERE bal.balance > coalesce(p.amount_kobo, 0)
    UNION ALL
    SELECT 'refunds pending are the unsettled refunds',
           'booking ' || b.slug || ': refunds_pending holds ' || coalesce(bal.balance, 0) || ' kobo, unsettled refunds ' ||
           coalesce(r.open, 0) || ' kobo'
    FROM bookings_by_musician b
    LEFT JOIN bal ON bal.code = 'refunds_pending:' || b.id
    LEFT JOIN (SELECT booking_id, sum(amount_kobo) AS open FROM booking_refunds
               WHERE status IN ('pending', 'failed', 'needs_attention') GROUP BY booking_id) r ON r.booking_id = b.id
    WHERE coalesce(bal.balance, 0) <> coalesce(r.open, 0)
    UNION ALL
    SELECT 'payouts in transit are the pending payouts',
           'musician ' || m.id || ': payouts_in_transit holds ' || coalesce(bal.balance, 0) || ' kobo, pending payouts ' ||
           coalesce(po.open, 0) || ' kobo'
    FROM musician_profiles m
    LEFT JOIN bal ON bal.code = 'payouts_in_transit:' || m.id
    LEFT JOIN (SELECT musician_id, sum(amount_kobo) AS open FROM musician_payouts
               WHERE status = 'pending' GROUP BY musician_id) po ON po.musician_id = m.id
    WHERE coalesce(bal.balance, 0) <> coalesce(po.open, 0)`);
  return rows.rows;
}

// ——— Line-ups (ADR 0033) ———

/**
 * The line-up each booking's credit froze, as its money event recorded it (bookings paid before line-ups
 * existed have none): ledger:check compares it with the rows, which must never change after payment.
 */
export async function frozenLineUpSnapshots(
  ex: DbExecutor,
): Promise<Map<string, { musicianId: string; feeKobo: number; role: string }[]>> {
  const rows = await ex.execute<{ booking_id: string; line_up: unknown }>(sql`
    SELECT booking_id, data->'lineUp' AS line_up FROM money_events
    WHERE kind = 'credit' AND data ? 'lineUp'`);
  return new Map(
    rows.rows.map((r) => [
      r.booking_id,
      (r.line_up as { musicianId: string; feeKobo: number; role: string }[]) ?? [],
    ]),
  );
}

/** The line-up (accepted members, their fees, in invited order) of each of the bookings: frozen once paid. */
export async function lineUpsOf(
  ex: DbExecutor,
  bookingIds: string[],
): Promise<Map<string, { musicianId: string; feeKobo: number; role: string }[]>> {
  const out = new Map<string, { musicianId: string; feeKobo: number; role: string }[]>();
  if (bookingIds.length === 0) return out;
  // One array parameter, not a list: the text is the same for any number of bookings.
  const rows = await executeNamed<{
    booking_id: string;
    member_id: string;
    fee_kobo: string;
    role: string;
  }>(
    ex,
    "money.line_ups_of",
    sql`
    SELECT booking_id, member_id, fee_kobo, role FROM line_up_members
    WHERE status = 'accepted' AND booking_id = ANY(${sql.param(bookingIds)}::uuid[])
    ORDER BY invited_at, id`,
  );
  for (const r of rows.rows) {
    const list = out.get(r.booking_id) ?? [];
    list.push({ musicianId: r.member_id, feeKobo: Number(r.fee_kobo), role: r.role });
    out.set(r.booking_id, list);
  }
  return out;
}

/**
 * Musicians credited more than once by one booking's release (two entries on one of their accounts in
 * release:{b}, or a second release-kind posting of the booking): ledger:check's "no member credited twice".
 */
export async function releaseCreditedTwice(
  ex: DbExecutor,
): Promise<{ slug: string; account: string; n: number }[]> {
  const rows = await ex.execute<{ slug: string; account: string; n: string }>(sql`
    SELECT b.slug, a.code AS account, count(*) AS n
    FROM ledger_transactions t
    JOIN bookings_by_musician b ON b.id = t.booking_id
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.kind = 'release' AND e.amount_kobo > 0 AND a.kind IN ('musician_payable', 'receivable')
    GROUP BY b.slug, a.code HAVING count(*) > 1`);
  return rows.rows.map((r) => ({ slug: r.slug, account: r.account, n: Number(r.n) }));
}

// ——— The money events (the outbox, ADR 0026) ———

/**
 * Who the client of a booking is, as its notices and texts reach them (the rule in use until
 * client-identity lands): the booking's name; its address, else the one they paid with, else their
 * account's; its phone, else its request's, else their account's.
 */
export async function clientOfBooking(ex: DbExecutor, bookingId: string) {
  const rows = await ex.execute<{
    name: string;
    email: string | null;
    phone: string | null;
    user_id: string | null;
  }>(sql`
    SELECT b.client_name AS name,
           COALESCE(b.email, (SELECT p.email FROM payments p WHERE p.booking_id = b.id AND p.status = 'success' LIMIT 1), u.email) AS email,
           COALESCE(b.phone_number, r.phone_number, u.phone_number) AS phone,
           b.client_user_id AS user_id
    FROM bookings_by_musician b
    LEFT JOIN booking_requests r ON r.id = b.request_id
    LEFT JOIN "user" u ON u.id = b.client_user_id
    WHERE b.id = ${bookingId}`);
  const row = rows.rows[0];
  return row ? { name: row.name, email: row.email, phone: row.phone, userId: row.user_id } : null;
}

/** Stores an event once (null: its key was stored before, so its follow-ups were queued then). */
export async function insertMoneyEvent(
  ex: DbExecutor,
  row: {
    eventKey: string;
    kind: string;
    bookingId: string | null;
    musicianId: string;
    data: Record<string, unknown>;
  },
): Promise<string | null> {
  const [inserted] = await ex
    .insert(moneyEvents)
    .values(row)
    .onConflictDoNothing({ target: moneyEvents.eventKey })
    .returning({ id: moneyEvents.id });
  return inserted?.id ?? null;
}

export async function findMoneyEvent(ex: DbExecutor, id: string) {
  const [row] = await ex
    .select({ id: moneyEvents.id, data: moneyEvents.data })
    .from(moneyEvents)
    .where(eq(moneyEvents.id, id));
  return row ?? null;
}

/**
 * Marks the event consumed by `consumer` in the caller's transaction: false when it was before (the
 * caller then does nothing). A second consumer racing the first waits on the key until it commits.
 */
export async function claimConsumption(ex: DbExecutor, eventId: string, consumer: string): Promise<boolean> {
  const inserted = await ex
    .insert(moneyEventConsumptions)
    .values({ eventId, consumer })
    .onConflictDoNothing()
    .returning({ eventId: moneyEventConsumptions.eventId });
  return inserted.length > 0;
}

export async function recordConsumptionResult(
  ex: DbExecutor,
  eventId: string,
  consumer: string,
  result: Record<string, unknown>,
): Promise<void> {
  await ex
    .update(moneyEventConsumptions)
    .set({ result })
    .where(and(eq(moneyEventConsumptions.eventId, eventId), eq(moneyEventConsumptions.consumer, consumer)));
}

export async function consumptionResult(ex: DbExecutor, eventId: string, consumer: string) {
  const [row] = await ex
    .select({ result: moneyEventConsumptions.result })
    .from(moneyEventConsumptions)
    .where(and(eq(moneyEventConsumptions.eventId, eventId), eq(moneyEventConsumptions.consumer, consumer)));
  return row ? (row.result ?? {}) : null;
}

/**
 * An outside consumer's claim (a call to Paystack, a mail server): its row is written as "sending" and
 * committed before the call, so a second delivery of the event does not call too; a claim left "sending"
 * longer than `leaseSeconds` (the process stopped during the call) is taken over. True: claimed.
 */
export async function claimOutsideConsumption(
  ex: DbExecutor,
  eventId: string,
  consumer: string,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await ex.execute<{ event_id: string }>(sql`
    INSERT INTO money_event_consumptions (event_id, consumer, result)
    VALUES (${eventId}, ${consumer}, '{"sending": true}'::jsonb)
    ON CONFLICT (event_id, consumer) DO UPDATE SET consumed_at = now()
      WHERE money_event_consumptions.result->>'sending' = 'true'
        AND money_event_consumptions.consumed_at < now() - make_interval(secs => ${leaseSeconds})
    RETURNING event_id`);
  return rows.rows.length > 0;
}

/** The outside call succeeded: its mark is final (a later delivery does nothing). */
export async function finishOutsideConsumption(
  ex: DbExecutor,
  eventId: string,
  consumer: string,
  result: Record<string, unknown>,
): Promise<void> {
  await ex
    .update(moneyEventConsumptions)
    .set({ result, consumedAt: new Date() })
    .where(and(eq(moneyEventConsumptions.eventId, eventId), eq(moneyEventConsumptions.consumer, consumer)));
}

/** The outside call failed: the claim goes, so the job's retry (or the sweep) calls again. */
export async function dropOutsideClaim(ex: DbExecutor, eventId: string, consumer: string): Promise<void> {
  await ex.execute(sql`
    DELETE FROM money_event_consumptions
    WHERE event_id = ${eventId} AND consumer = ${consumer} AND result->>'sending' = 'true'`);
}

/** Events some consumer has not consumed, older than `seconds` (their job was lost): the sweep's work. */
export async function unconsumedMoneyEvents(
  ex: DbExecutor,
  consumers: string[],
  seconds: number,
  limit: number,
) {
  const rows = await ex.execute<{ id: string }>(sql`
    SELECT e.id FROM money_events e
    WHERE e.created_at < now() - make_interval(secs => ${seconds})
      AND (SELECT count(*) FROM money_event_consumptions c WHERE c.event_id = e.id
             AND coalesce(c.result->>'sending', 'false') <> 'true'
             AND c.consumer IN (${sql.join(
               consumers.map((c) => sql`${c}`),
               sql`, `,
             )})) < ${consumers.length}
    ORDER BY e.created_at LIMIT ${limit}`);
  return rows.rows.map((r) => r.id);
}

/**
 * A musician's money moves by Lagos month since `since` (issue 38's Numbers page): what releases put in
 * Available (the release postings' entries on musician_payable) and what the bank paid out (payout_paid
 * on payouts_in_transit, less payout_reversed coming back to Available), each from the ledger itself.
 */
export async function musicianMonthlyMoves(
  ex: DbExecutor,
  musicianId: string,
  since: Date,
): Promise<{ month: string; releasedKobo: number; paidOutKobo: number }[]> {
  const rows = await executeNamed<{ month: string; released: string; paid_out: string }>(
    ex,
    "money.musician_monthly_moves",
    sql`
    SELECT to_char(t.created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS month,
           coalesce(sum(e.amount_kobo) FILTER (WHERE t.kind = 'release' AND a.code = ${`musician_payable:${musicianId}`}), 0) AS released,
           coalesce(sum(-e.amount_kobo) FILTER (WHERE t.kind = 'payout_paid' AND a.code = ${`payouts_in_transit:${musicianId}`}), 0)
             - coalesce(sum(e.amount_kobo) FILTER (WHERE t.kind = 'payout_reversed' AND a.code IN (${`musician_payable:${musicianId}`}, ${`chargeback_receivable:${musicianId}`})), 0) AS paid_out
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE a.code IN (${`musician_payable:${musicianId}`}, ${`payouts_in_transit:${musicianId}`},
                     ${`chargeback_receivable:${musicianId}`})
      AND t.created_at >= ${since.toISOString()}
    GROUP BY 1`,
  );
  return rows.rows.map((r) => ({
    month: r.month,
    releasedKobo: Number(r.released),
    paidOutKobo: Number(r.paid_out),
  }));
}

/** The musician's bookings whose escrow holds money now (their facts are read with moneyRowsOf). */
export async function musicianEscrowBookingIds(ex: DbExecutor, musicianId: string): Promise<string[]> {
  const rows = await ex.execute<{ id: string }>(sql`
    SELECT b.id FROM bookings_by_musician b
    JOIN ledger_accounts a ON a.code = 'escrow:' || b.id
    WHERE b.musician_id = ${musicianId}
      AND (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_entries e WHERE e.account_id = a.id) > 0`);
  return rows.rows.map((r) => r.id);
}

/**
 * Bookings not cancelled and never paid, with a price, whose event is on or after `sinceDay` (undated:
 * made since then): "booked, not yet paid", by the event's month (undated: the month it was made).
 */
export async function musicianUnpaidBookings(
  ex: DbExecutor,
  musicianId: string,
  sinceDay: string,
): Promise<{ month: string; priceKobo: number }[]> {
  const rows = await executeNamed<{ month: string; price_kobo: string }>(
    ex,
    "money.musician_unpaid_bookings",
    sql`
    SELECT coalesce(to_char(b.event_date, 'YYYY-MM'),
                    to_char(b.created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM')) AS month, b.price_kobo
    FROM bookings_by_musician b
    WHERE b.musician_id = ${musicianId} AND b.status <> 'cancelled' AND b.payment_status = 'unpaid'
      AND b.price_kobo IS NOT NULL
      AND coalesce(b.event_date, (b.created_at AT TIME ZONE 'Africa/Lagos')::date) >= ${sinceDay}::date`,
  );
  return rows.rows.map((r) => ({ month: r.month, priceKobo: Number(r.price_kobo) }));
}

/**
 * What escrow holds now for each of the musician's bookings, with the payment's recorded rates and
 * when our ledger credited it: the wallet's In escrow is sharesOf(rates, balance) summed over these.
 * One statement (the Numbers page reads it for a musician with hundreds of held bookings).
 */
export async function musicianEscrowBalances(ex: DbExecutor, musicianId: string) {
  const rows = await executeNamed<{
    id: string;
    event_date: string | null;
    balance: string;
    price_kobo: string | null;
    amount_kobo: string | null;
    service_fee_bp: number | null;
    commission_bp: number | null;
    credited_at: Date | string | null;
  }>(
    ex,
    "money.musician_escrow_balances",
    sql`
    SELECT b.id, b.event_date::text AS event_date, bal.balance, p.price_kobo, p.amount_kobo, p.service_fee_bp,
           p.commission_bp,
           (SELECT t.created_at FROM ledger_transactions t WHERE t.idempotency_key = p.reference) AS credited_at
    FROM bookings_by_musician b
    JOIN ledger_accounts a ON a.code = 'escrow:' || b.id
    JOIN LATERAL (SELECT coalesce(sum(e.amount_kobo), 0) AS balance FROM ledger_entries e WHERE e.account_id = a.id) bal
      ON bal.balance > 0
    LEFT JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
    WHERE b.musician_id = ${musicianId}`,
  );
  return rows.rows.map((r) => ({
    bookingId: r.id,
    eventDate: r.event_date,
    escrowKobo: Number(r.balance),
    creditedAt: date(r.credited_at),
    payment:
      r.amount_kobo === null
        ? null
        : {
            priceKobo: num(r.price_kobo),
            amountKobo: num(r.amount_kobo),
            serviceFeeBp: num(r.service_fee_bp),
            commissionBp: num(r.commission_bp),
          },
  }));
}

/** An alert for the admin's Payments tab, once per reference and kind (money_alerts). */
export async function insertMoneyAlert(
  ex: DbExecutor,
  row: { kind: string; reference: string; musicianId: string | null; amountKobo: number; detail: string },
): Promise<void> {
  await ex.insert(moneyAlerts).values(row).onConflictDoNothing();
}

/**
 * Test-mode money still in the platform (M1): what test-mode charges hold in escrow, and, summed over
 * musicians, the part of Available that came from test-mode releases and was not paid out in test mode.
 */
export async function testMoneyLeft(ex: DbExecutor): Promise<{ heldKobo: number; availableKobo: number }> {
  const rows = await ex.execute<{ held: string; available: string }>(sql`
    WITH bal AS (
      SELECT a.code, coalesce(sum(e.amount_kobo), 0) AS balance
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.code
    ), test_in AS (
      -- Every musician a test-mode release credited: the booking's own and its line-up's (ADR 0033).
      SELECT split_part(a.code, ':', 2)::uuid AS musician_id, sum(e.amount_kobo) AS kobo
      FROM payments p JOIN bookings_by_musician b ON b.id = p.booking_id
      JOIN ledger_transactions t ON t.booking_id = b.id AND t.kind = 'release'
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'musician_payable'
      WHERE p.status = 'success' AND (p.provider = 'test' OR p.mode = 'test') AND e.amount_kobo > 0
      GROUP BY 1
    ), test_out AS (
      SELECT musician_id, sum(amount_kobo) AS kobo FROM musician_payouts
      WHERE provider = 'test' AND status IN ('pending', 'paid') GROUP BY musician_id
    )
    SELECT
      (SELECT coalesce(sum(bal.balance), 0) FROM payments p
         JOIN bal ON bal.code = 'escrow:' || p.booking_id
         WHERE p.status = 'success' AND (p.provider = 'test' OR p.mode = 'test')) AS held,
      (SELECT coalesce(sum(greatest(0, least(coalesce(bal.balance, 0), i.kobo - coalesce(o.kobo, 0)))), 0)
         FROM test_in i LEFT JOIN test_out o ON o.musician_id = i.musician_id
         LEFT JOIN bal ON bal.code = 'musician_payable:' || i.musician_id) AS available`);
  return { heldKobo: Number(rows.rows[0]?.held ?? 0), availableKobo: Number(rows.rows[0]?.available ?? 0) };
}
