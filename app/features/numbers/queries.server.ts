// The numbers feature's only database code: profile views, the musician's own figures, and the
// maintained summaries (public records, price bands) with their refresh.
import { sql } from "drizzle-orm";
import { NIGERIA_STATES } from "~/lib/nigeria-states";
import { type DbExecutor, db } from "~/server/db.server";
import { BAND_MIN_BOOKINGS, BAND_MIN_MUSICIANS, BAND_ROUNDING_KOBO } from "./price-band";
import { RECORD_MIN_GIGS, RECORD_MIN_REQUESTS } from "./public-record";
import type { ViewSource } from "./view-source";

const STATES = sql`ARRAY[${sql.join(
  NIGERIA_STATES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[]`;

// ——— Profile views ———

/** The day's salt (made on first use); older salts are deleted, so older hashes match nobody again. */
export async function daySalt(day: string): Promise<string> {
  const rows = await db.execute<{ salt: string }>(sql`
    WITH made AS (
      INSERT INTO profile_view_salts (day) VALUES (${day}) ON CONFLICT (day) DO NOTHING RETURNING salt
    ), dropped AS (
      DELETE FROM profile_view_salts WHERE day < ${day}::date - 1
    )
    SELECT salt FROM made UNION ALL SELECT salt FROM profile_view_salts WHERE day = ${day}`);
  return rows.rows[0]?.salt as string;
}

export async function musicianIdBySlug(slug: string): Promise<string | null> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id FROM musician_profiles WHERE slug = ${slug} AND website_active`,
  );
  return rows.rows[0]?.id ?? null;
}

/** A view, once per musician, day and visitor (the first one's source is kept). */
export async function insertView(v: {
  musicianId: string;
  day: string;
  visitor: string;
  source: ViewSource;
}) {
  await db.execute(sql`
    INSERT INTO profile_views (musician_id, day, visitor, source)
    VALUES (${v.musicianId}, ${v.day}, ${v.visitor}, ${v.source})
    ON CONFLICT DO NOTHING`);
}

export async function markViewRequested(musicianId: string, day: string, visitor: string) {
  await db.execute(sql`
    UPDATE profile_views SET requested = true
    WHERE musician_id = ${musicianId} AND day = ${day} AND visitor = ${visitor}`);
}

export async function viewsByDay(musicianId: string, sinceDay: string, ex: DbExecutor = db) {
  const rows = await ex.execute<{ day: string; views: string; requested: string }>(sql`
    SELECT day::text AS day, count(*) AS views, count(*) FILTER (WHERE requested) AS requested
    FROM profile_views WHERE musician_id = ${musicianId} AND day >= ${sinceDay}
    GROUP BY day ORDER BY day`);
  return rows.rows.map((r) => ({ day: r.day, views: Number(r.views), requested: Number(r.requested) }));
}

export async function viewsBySource(musicianId: string, sinceDay: string, ex: DbExecutor = db) {
  const rows = await ex.execute<{ source: ViewSource; views: string; requested: string }>(sql`
    SELECT source, count(*) AS views, count(*) FILTER (WHERE requested) AS requested
    FROM profile_views WHERE musician_id = ${musicianId} AND day >= ${sinceDay}
    GROUP BY source`);
  return rows.rows.map((r) => ({ source: r.source, views: Number(r.views), requested: Number(r.requested) }));
}

// ——— From request to gig ———

/**
 * SQL over `r` (booking_requests) and `p` (its musician's profile): when the musician first answered,
 * whichever came first of accepting or declining, a reply on the request, or a message in the
 * organiser's conversation after the request.
 */
const FIRST_REPLY = sql`LEAST(
  r.answered_at,
  (SELECT min(x.created_at) FROM booking_request_replies x WHERE x.request_id = r.id AND x.sender = 'musician'),
  (SELECT min(m.created_at) FROM conversations c JOIN messages m ON m.conversation_id = c.id
     WHERE c.request_id = r.id AND m.sender_user_id = p.user_id AND m.created_at >= r.created_at))`;

export async function requestFunnel(musicianId: string, since: Date, ex: DbExecutor = db) {
  const rows = await ex.execute<{
    received: string;
    replied: string;
    booked: string;
    performed: string;
    median_reply: string | null;
  }>(sql`
    WITH req AS (
      SELECT r.id, r.created_at, ${FIRST_REPLY} AS first_reply
      FROM booking_requests r JOIN musician_profiles p ON p.id = r.musician_id
      WHERE r.musician_id = ${musicianId} AND r.status <> 'draft' AND r.created_at >= ${since.toISOString()}
    )
    SELECT count(*) AS received,
           count(*) FILTER (WHERE first_reply IS NOT NULL) AS replied,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM bookings_by_musician b WHERE b.request_id = req.id)) AS booked,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM bookings_by_musician b
                                          WHERE b.request_id = req.id AND b.status = 'completed')) AS performed,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_reply - created_at))
             FILTER (WHERE first_reply IS NOT NULL) AS median_reply
    FROM req`);
  const r = rows.rows[0];
  return {
    received: Number(r?.received ?? 0),
    replied: Number(r?.replied ?? 0),
    booked: Number(r?.booked ?? 0),
    performed: Number(r?.performed ?? 0),
    medianReplySeconds: r?.median_reply == null ? null : Math.round(Number(r.median_reply)),
  };
}

// ——— Best months and event types ———

const PAID = sql`b.payment_status IN ('paid', 'released', 'partially_refunded')`;

/** Gigs and booked price by the event's Lagos month, paid bookings only, since a day. */
export async function paidBookingsByMonth(musicianId: string, sinceDay: string, ex: DbExecutor = db) {
  const rows = await ex.execute<{ month: string; gigs: string; price: string }>(sql`
    SELECT to_char(b.event_date, 'YYYY-MM') AS month, count(*) AS gigs, coalesce(sum(b.price_kobo), 0) AS price
    FROM bookings_by_musician b
    WHERE b.musician_id = ${musicianId} AND ${PAID} AND b.event_date >= ${sinceDay}
    GROUP BY 1`);
  return rows.rows.map((r) => ({ month: r.month, gigs: Number(r.gigs), priceKobo: Number(r.price) }));
}

export async function paidBookingsByEventType(musicianId: string, sinceDay: string, ex: DbExecutor = db) {
  const rows = await ex.execute<{ event_type: string; gigs: string; avg_price: string | null }>(sql`
    SELECT b.event_type, count(*) AS gigs, round(avg(b.price_kobo)) AS avg_price
    FROM bookings_by_musician b
    WHERE b.musician_id = ${musicianId} AND ${PAID} AND b.event_date >= ${sinceDay}
    GROUP BY 1 ORDER BY count(*) DESC, 1`);
  return rows.rows.map((r) => ({
    eventType: r.event_type,
    gigs: Number(r.gigs),
    averagePriceKobo: r.avg_price === null ? null : Number(r.avg_price),
  }));
}

export async function musicianState(musicianId: string): Promise<string | null> {
  const rows = await db.execute<{ state: string | null }>(sql`
    SELECT CASE WHEN location = ANY(${STATES}) THEN location END AS state
    FROM musician_profiles WHERE id = ${musicianId}`);
  return rows.rows[0]?.state ?? null;
}

// ——— CSV ———

export async function bookingsForExport(musicianId: string) {
  const rows = await db.execute<{
    id: string;
    event_date: string | null;
    client_name: string;
    event_type: string;
    event_type_other: string | null;
    price_kobo: string | null;
    status: string;
    payment_status: string;
  }>(sql`
    SELECT id, event_date::text AS event_date, client_name, event_type, event_type_other, price_kobo, status, payment_status
    FROM bookings_by_musician WHERE musician_id = ${musicianId}
    ORDER BY event_date NULLS LAST, created_at`);
  return rows.rows.map((r) => ({
    id: r.id,
    eventDate: r.event_date,
    clientName: r.client_name,
    eventType: r.event_type === "Others" && r.event_type_other ? r.event_type_other : r.event_type,
    priceKobo: r.price_kobo === null ? null : Number(r.price_kobo),
    status: r.status,
    paymentStatus: r.payment_status,
  }));
}

export async function payoutsForExport(musicianId: string) {
  const rows = await db.execute<{
    created_at: Date | string;
    amount_kobo: string;
    bank_name: string;
    account_number: string;
    reference: string;
    status: string;
  }>(sql`
    SELECT created_at, amount_kobo, bank_name, account_number, reference, status
    FROM musician_payouts WHERE musician_id = ${musicianId} AND status <> 'waiting'
    ORDER BY created_at`);
  return rows.rows.map((r) => ({
    createdAt: new Date(r.created_at),
    amountKobo: Number(r.amount_kobo),
    bankName: r.bank_name,
    accountNumber: r.account_number,
    reference: r.reference,
    status: r.status,
  }));
}

// ——— The maintained summaries ———

/**
 * Recomputes the public records of the given musicians (null: every musician) in one statement. A
 * record is shown once there are RECORD_MIN_REQUESTS requests or RECORD_MIN_GIGS performed gigs.
 */
export async function refreshPublicRecords(musicianIds: string[] | null, ex: DbExecutor = db) {
  if (musicianIds && musicianIds.length === 0) return 0;
  const which = musicianIds
    ? sql`p.id IN (${sql.join(
        musicianIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`true`;
  const result = await ex.execute(sql`
    INSERT INTO musician_public_records AS rec
      (musician_id, requests_received, median_reply_seconds, gigs_performed, cancelled_by_musician_12m,
       shown, record_score, refreshed_at)
    SELECT p.id, coalesce(rq.received, 0), rq.median_reply, coalesce(bk.gigs, 0), coalesce(bk.cancelled, 0),
           coalesce(rq.received, 0) >= ${RECORD_MIN_REQUESTS} OR coalesce(bk.gigs, 0) >= ${RECORD_MIN_GIGS},
           coalesce(bk.gigs, 0) - 2 * coalesce(bk.cancelled, 0)
             + CASE WHEN rq.median_reply <= 86400 THEN 0.5 ELSE 0 END,
           now()
    FROM musician_profiles p
    LEFT JOIN LATERAL (
      SELECT count(*) AS received,
             round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM fr.first_reply - r.created_at))
               FILTER (WHERE fr.first_reply IS NOT NULL AND r.created_at >= now() - interval '12 months'))::int AS median_reply
      FROM booking_requests r, LATERAL (SELECT ${FIRST_REPLY} AS first_reply) fr
      WHERE r.musician_id = p.id AND r.status <> 'draft'
    ) rq ON true
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE b.status = 'completed' AND ${PAID}) AS gigs,
             count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_by = 'musician'
                              AND b.cancelled_at >= now() - interval '12 months') AS cancelled
      FROM bookings_by_musician b WHERE b.musician_id = p.id
    ) bk ON true
    WHERE ${which}
    ON CONFLICT (musician_id) DO UPDATE SET
      requests_received = EXCLUDED.requests_received, median_reply_seconds = EXCLUDED.median_reply_seconds,
      gigs_performed = EXCLUDED.gigs_performed, cancelled_by_musician_12m = EXCLUDED.cancelled_by_musician_12m,
      shown = EXCLUDED.shown, record_score = EXCLUDED.record_score, refreshed_at = EXCLUDED.refreshed_at`);
  return result.rowCount ?? 0;
}

/**
 * Rebuilds every price band from completed, paid bookings: the 25th and 75th percentile of the price
 * per event type and the musician's state (and every state together), rounded to ₦5,000, kept only
 * with enough bookings from enough musicians. One transaction: readers see the old bands or the new.
 */
export async function refreshPriceBands() {
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM price_bands`);
    const result = await tx.execute(sql`
      WITH done AS (
        SELECT b.event_type, b.price_kobo, b.musician_id,
               CASE WHEN p.location = ANY(${STATES}) THEN p.location END AS state
        FROM bookings_by_musician b JOIN musician_profiles p ON p.id = b.musician_id
        WHERE b.status = 'completed' AND ${PAID} AND b.price_kobo > 0 AND b.event_type <> 'Others'
      ), bands AS (
        SELECT event_type, CASE WHEN GROUPING(state) = 1 THEN '' ELSE state END AS state,
               percentile_cont(0.25) WITHIN GROUP (ORDER BY price_kobo) AS low,
               percentile_cont(0.75) WITHIN GROUP (ORDER BY price_kobo) AS high,
               count(*) AS bookings, count(DISTINCT musician_id) AS musicians
        FROM done
        GROUP BY GROUPING SETS ((event_type, state), (event_type))
        HAVING count(*) >= ${BAND_MIN_BOOKINGS} AND count(DISTINCT musician_id) >= ${BAND_MIN_MUSICIANS}
           AND (GROUPING(state) = 1 OR state IS NOT NULL)
      )
      INSERT INTO price_bands (event_type, state, low_kobo, high_kobo, bookings, musicians)
      SELECT event_type, state,
             greatest(${BAND_ROUNDING_KOBO}, round(low / ${BAND_ROUNDING_KOBO}) * ${BAND_ROUNDING_KOBO}),
             greatest(${BAND_ROUNDING_KOBO}, round(high / ${BAND_ROUNDING_KOBO}) * ${BAND_ROUNDING_KOBO}),
             bookings, musicians
      FROM bands`);
    return result.rowCount ?? 0;
  });
}

/**
 * Musicians whose record may have changed between `since` and `until` (a booking changed, a request
 * came or was answered, a reply). The upper bound keeps a row stamped in the future (imported data)
 * from looking changed on every run; the nightly refresh covers it.
 */
export async function changedSince(since: Date, until: Date) {
  const [from, to] = [since.toISOString(), until.toISOString()];
  const rows = await db.execute<{ musician_id: string; bookings_changed: boolean }>(sql`
    SELECT musician_id, bool_or(booking) AS bookings_changed FROM (
      SELECT musician_id, true AS booking FROM bookings_by_musician WHERE updated_at BETWEEN ${from} AND ${to}
      UNION ALL SELECT musician_id, false FROM booking_requests
        WHERE created_at BETWEEN ${from} AND ${to} OR answered_at BETWEEN ${from} AND ${to}
      UNION ALL SELECT r.musician_id, false FROM booking_request_replies x
        JOIN booking_requests r ON r.id = x.request_id WHERE x.created_at BETWEEN ${from} AND ${to}
    ) c GROUP BY musician_id`);
  return {
    musicianIds: rows.rows.map((r) => r.musician_id),
    bookingsChanged: rows.rows.some((r) => r.bookings_changed),
  };
}

export async function readChangedSince(): Promise<Date> {
  const rows = await db.execute<{ changed_since: Date | string }>(
    sql`SELECT changed_since FROM numbers_refresh_state WHERE id = 1`,
  );
  const v = rows.rows[0]?.changed_since;
  const d = v ? new Date(v) : new Date(0);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

export async function writeChangedSince(at: Date) {
  await db.execute(sql`UPDATE numbers_refresh_state SET changed_since = ${at.toISOString()} WHERE id = 1`);
}

export async function dbNow(): Promise<Date> {
  const rows = await db.execute<{ now: Date | string }>(sql`SELECT clock_timestamp() AS now`);
  return new Date(rows.rows[0]?.now as string);
}

// ——— Reading the summaries ———

export async function publicRecordsOf(musicianIds: string[]) {
  if (musicianIds.length === 0) return [];
  const rows = await db.execute<{
    musician_id: string;
    median_reply_seconds: number | null;
    gigs_performed: number;
    cancelled_by_musician_12m: number;
  }>(sql`
    SELECT musician_id, median_reply_seconds, gigs_performed, cancelled_by_musician_12m
    FROM musician_public_records
    WHERE shown AND musician_id IN (${sql.join(
      musicianIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rows.rows.map((r) => ({
    musicianId: r.musician_id,
    medianReplySeconds: r.median_reply_seconds === null ? null : Number(r.median_reply_seconds),
    gigsPerformed: Number(r.gigs_performed),
    cancelledByMusician12m: Number(r.cancelled_by_musician_12m),
  }));
}

export async function priceBandRows(eventTypes: string[], state: string | null) {
  if (eventTypes.length === 0) return [];
  const rows = await db.execute<{
    event_type: string;
    state: string;
    low_kobo: string;
    high_kobo: string;
  }>(sql`
    SELECT event_type, state, low_kobo, high_kobo FROM price_bands
    WHERE event_type IN (${sql.join(
      eventTypes.map((t) => sql`${t}`),
      sql`, `,
    )}) AND state IN ('', ${state ?? ""})`);
  return rows.rows.map((r) => ({
    eventType: r.event_type,
    state: r.state === "" ? null : r.state,
    lowKobo: Number(r.low_kobo),
    highKobo: Number(r.high_kobo),
  }));
}
