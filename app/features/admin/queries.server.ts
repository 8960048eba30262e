import { type SQL, sql } from "drizzle-orm";
import { db } from "~/server/db.server";

// The website counts as active only with all five (spec §4).
const activeWebsite = (p: string) =>
  sql.raw(
    `(${p}.website_active AND ${p}.slug IS NOT NULL AND btrim(coalesce(${p}.first_name, '')) <> '' AND btrim(coalesce(${p}.last_name, '')) <> '' AND btrim(coalesce(${p}.phone_number, '')) <> '')`,
  );

async function one<T>(query: SQL): Promise<T> {
  const res = await db.execute<Record<string, unknown>>(query);
  return res.rows[0] as T;
}

export async function overviewCounts() {
  const row = await one<{ users: string; verified: string; active: string; completed: string }>(sql`
    SELECT
      (SELECT count(*) FROM "user") AS users,
      (SELECT count(*) FROM musician_profiles p WHERE ${activeWebsite("p")}) AS verified,
      (SELECT count(*) FROM bookings_by_musician WHERE status IN ('pending', 'confirmed')) AS active,
      (SELECT count(*) FROM bookings_by_musician WHERE status = 'completed') AS completed`);
  return {
    totalUsers: Number(row.users),
    verifiedMusicians: Number(row.verified),
    activeBookings: Number(row.active),
    completedBookings: Number(row.completed),
  };
}

export async function recentPlatformActivity(limit: number) {
  const res = await db.execute<{ kind: string; who: string; other: string | null; at: Date }>(sql`
    (SELECT 'signup' AS kind, u.name AS who, NULL AS other, u.created_at AS at
       FROM "user" u ORDER BY u.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'booking', coalesce(nullif(p.stage_name, ''), btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))), b.client_name, b.created_at
       FROM bookings_by_musician b JOIN musician_profiles p ON p.id = b.musician_id
       ORDER BY b.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'request', coalesce(nullif(p.stage_name, ''), btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))), r.client_name, r.created_at
       FROM booking_requests r JOIN musician_profiles p ON p.id = r.musician_id
       ORDER BY r.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'dispute', d.client_name, NULL, d.created_at
       FROM client_disputes d ORDER BY d.created_at DESC LIMIT ${limit})
    ORDER BY at DESC LIMIT ${limit}`);
  return res.rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

export async function countUsers(): Promise<number> {
  return Number((await one<{ n: string }>(sql`SELECT count(*) AS n FROM "user"`)).n);
}

export async function usersPage(limit: number, offset: number) {
  const res = await db.execute<{
    id: string;
    name: string;
    email: string;
    role: string;
    created_at: Date;
    slug: string | null;
    active: boolean | null;
  }>(sql`
    SELECT u.id, u.name, u.email, u.role, u.created_at, p.slug, ${activeWebsite("p")} AS active
    FROM "user" u LEFT JOIN musician_profiles p ON p.user_id = u.id
    ORDER BY u.created_at DESC, u.id
    LIMIT ${limit} OFFSET ${offset}`);
  return res.rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export async function countBookings(): Promise<number> {
  return Number((await one<{ n: string }>(sql`SELECT count(*) AS n FROM bookings_by_musician`)).n);
}

export async function bookingsPage(limit: number, offset: number) {
  const res = await db.execute<{
    id: string;
    slug: string;
    client_name: string;
    musician: string;
    event_type: string;
    event_type_other: string | null;
    event_date: string | null;
    status: string;
    price_kobo: string | null;
  }>(sql`
    SELECT b.id, b.slug, b.client_name,
           coalesce(nullif(p.stage_name, ''), btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))) AS musician,
           b.event_type, b.event_type_other, to_char(b.event_date, 'YYYY-MM-DD') AS event_date, b.status, b.price_kobo
    FROM bookings_by_musician b JOIN musician_profiles p ON p.id = b.musician_id
    ORDER BY b.created_at DESC, b.id
    LIMIT ${limit} OFFSET ${offset}`);
  return res.rows;
}

export async function popularMusicians(limit: number) {
  const res = await db.execute<{ id: string; name: string; slug: string | null; bookings: string }>(sql`
    SELECT p.id, p.slug,
           coalesce(nullif(p.stage_name, ''), btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))) AS name,
           top.bookings
    FROM (SELECT musician_id, count(*) AS bookings FROM bookings_by_musician
          GROUP BY musician_id ORDER BY count(*) DESC, musician_id LIMIT ${limit}) top
    JOIN musician_profiles p ON p.id = top.musician_id
    ORDER BY top.bookings DESC, p.id`);
  return res.rows.map((r) => ({ ...r, bookings: Number(r.bookings) }));
}

export async function eventTypeCounts() {
  const res = await db.execute<{ event_type: string; n: string }>(sql`
    SELECT event_type, count(*) AS n FROM bookings_by_musician GROUP BY event_type ORDER BY count(*) DESC, event_type`);
  return res.rows.map((r) => ({ eventType: r.event_type, count: Number(r.n) }));
}

// Same role value the sign-up hook gives ADMIN_EMAILS accounts; the musician profile stays either way.
export async function promoteToAdmin(userId: string): Promise<void> {
  await db.execute(sql`UPDATE "user" SET role = 'admin', updated_at = now() WHERE id = ${userId}`);
}

export async function grantAdminByEmail(email: string): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE "user" SET role = 'admin', updated_at = now() WHERE lower(email) = lower(${email}) RETURNING id`);
  return (res.rowCount ?? 0) > 0;
}
