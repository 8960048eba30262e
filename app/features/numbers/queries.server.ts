// The numbers feature's only database code: profile views, the musician's own figures, and the
// maintained summaries (public records, price bands) with their refresh.
import { sql } from "drizzle-orm";
import { NIGERIA_STATES } from "~/lib/nigeria-states";
import { type DbExecutor, db, executeNamed } from "~/server/db.server";
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

// ——— Best months and event types ———

const PAID = sql`b.payment_status IN ('paid', 'released', 'partially_refunded')`;

const STATE_OF_PROFILE = sql`CASE WHEN p.location = ANY(${STATES}) THEN p.location END`;

type Json<T> = T | string;
const parsed = <T>(v: Json<T>): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * Every figure of the Numbers page that is not money, in one statement (one round trip): views by day
 * (by the week from each Monday with `byWeek`) and by source since `sinceDay` (from the per-day sums),
 * the request funnel since `since`, paid bookings by the event's month and by event type since
 * `yearSinceDay`, the musician's state, and the price bands of those event types in that state and in
 * every state together.
 */
export async function numbersFigures(
  musicianId: string,
  o: { since: Date; sinceDay: string; yearSinceDay: string; byWeek?: boolean },
  ex: DbExecutor = db,
) {
  type Row = {
    by_day: Json<{ day: string; views: number; requested: number }[]>;
    by_source: Json<{ source: ViewSource; views: number; requested: number }[]>;
    funnel: Json<{
      received: number;
      replied: number;
      booked: number;
      performed: number;
      median_reply: number | null;
    }>;
    months: Json<{ month: string; gigs: number; price: number }[]>;
    types: Json<{ event_type: string; gigs: number; avg_price: number | null }[]>;
    bands: Json<{ event_type: string; state: string; low_kobo: number; high_kobo: number }[]>;
    state: string | null;
  };
  const rows = await executeNamed<Row>(
    ex,
    "numbers.figures",
    sql`
    WITH views AS (
      SELECT day, source, views, requested FROM profile_view_days
      WHERE musician_id = ${musicianId} AND day >= ${o.sinceDay}
    ), req AS MATERIALIZED (
      -- Materialised: the first reply is read three times below, and inlined it would be worked out
      -- (two lookups per request) each time.
      SELECT r.id, r.created_at, ${FIRST_REPLY} AS first_reply
      FROM booking_requests r JOIN musician_profiles p ON p.id = r.musician_id
      WHERE r.musician_id = ${musicianId} AND r.status <> 'draft' AND r.created_at >= ${o.since.toISOString()}
    ), paid AS (
      SELECT to_char(b.event_date, 'YYYY-MM') AS month, b.event_type, b.price_kobo
      FROM bookings_by_musician b
      WHERE b.musician_id = ${musicianId} AND ${PAID} AND b.event_date >= ${o.yearSinceDay}
    ), types AS (
      SELECT event_type, count(*) AS gigs, round(avg(price_kobo)) AS avg_price FROM paid GROUP BY 1
    ), st AS (
      SELECT ${STATE_OF_PROFILE} AS state FROM musician_profiles p WHERE p.id = ${musicianId}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('day', day::text, 'views', v, 'requested', r) ORDER BY day), '[]')
         FROM (SELECT CASE WHEN ${o.byWeek ?? false}::boolean THEN day - (extract(isodow FROM day)::int - 1) ELSE day END AS day,
                      sum(views) AS v, sum(requested) AS r
               FROM views GROUP BY 1) d) AS by_day,
      (SELECT coalesce(json_agg(json_build_object('source', source, 'views', v, 'requested', r)), '[]')
         FROM (SELECT source, sum(views) AS v, sum(requested) AS r FROM views GROUP BY source) s) AS by_source,
      (SELECT json_build_object(
         'received', count(*),
         'replied', count(*) FILTER (WHERE first_reply IS NOT NULL),
         'booked', count(*) FILTER (WHERE EXISTS (SELECT 1 FROM bookings_by_musician b WHERE b.request_id = req.id)),
         'performed', count(*) FILTER (WHERE EXISTS (SELECT 1 FROM bookings_by_musician b
                                                     WHERE b.request_id = req.id AND b.status = 'completed')),
         'median_reply', percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_reply - created_at))
                           FILTER (WHERE first_reply IS NOT NULL))
         FROM req) AS funnel,
      (SELECT coalesce(json_agg(json_build_object('month', month, 'gigs', gigs, 'price', price)), '[]')
         FROM (SELECT month, count(*) AS gigs, coalesce(sum(price_kobo), 0) AS price FROM paid GROUP BY 1) m) AS months,
      (SELECT coalesce(json_agg(json_build_object('event_type', event_type, 'gigs', gigs, 'avg_price', avg_price)
                                ORDER BY gigs DESC, event_type), '[]') FROM types) AS types,
      (SELECT coalesce(json_agg(json_build_object('event_type', pb.event_type, 'state', pb.state,
                                                  'low_kobo', pb.low_kobo, 'high_kobo', pb.high_kobo)), '[]')
         FROM price_bands pb
         WHERE pb.event_type IN (SELECT event_type FROM types)
           AND pb.state IN ('', coalesce((SELECT state FROM st), ''))) AS bands,
      (SELECT state FROM st) AS state`,
  );
  const r = rows.rows[0] as Row;
  const funnel = parsed(r.funnel);
  return {
    viewsByDay: parsed(r.by_day).map((d) => ({
      day: d.day,
      views: Number(d.views),
      requested: Number(d.requested),
    })),
    viewsBySource: parsed(r.by_source).map((d) => ({
      source: d.source,
      views: Number(d.views),
      requested: Number(d.requested),
    })),
    funnel: {
      received: Number(funnel.received),
      replied: Number(funnel.replied),
      booked: Number(funnel.booked),
      performed: Number(funnel.performed),
      medianReplySeconds: funnel.median_reply == null ? null : Math.round(Number(funnel.median_reply)),
    },
    paidByMonth: parsed(r.months).map((m) => ({
      month: m.month,
      gigs: Number(m.gigs),
      priceKobo: Number(m.price),
    })),
    paidByEventType: parsed(r.types).map((t) => ({
      eventType: t.event_type,
      gigs: Number(t.gigs),
      averagePriceKobo: t.avg_price === null ? null : Number(t.avg_price),
    })),
    bands: parsed(r.bands).map(bandRow),
    state: r.state,
  };
}

const bandRow = (r: {
  event_type: string;
  state: string;
  low_kobo: number | string;
  high_kobo: number | string;
}) => ({
  eventType: r.event_type,
  state: r.state === "" ? null : r.state,
  lowKobo: Number(r.low_kobo),
  highKobo: Number(r.high_kobo),
});

/** Every band in the musician's state and in every state together (one round trip). */
export async function priceBandsOfMusicianState(musicianId: string) {
  // Every dashboard page asks (Create Booking's price hints): prepared once per connection.
  const rows = await executeNamed<{
    event_type: string;
    state: string;
    low_kobo: string;
    high_kobo: string;
  }>(
    db,
    "numbers.price_bands_of_musician_state",
    sql`
    SELECT pb.event_type, pb.state, pb.low_kobo, pb.high_kobo FROM price_bands pb
    WHERE pb.state = '' OR pb.state = (SELECT ${STATE_OF_PROFILE} FROM musician_profiles p WHERE p.id = ${musicianId})`,
  );
  return rows.rows.map(bandRow);
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
  return rows.rows.map(bandRow);
}
