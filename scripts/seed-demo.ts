// npm run seed:demo -- --musicians 200 --bookings 2000
// Fills the database (DATABASE_URL, or the embedded one under DATA_DIR) with realistic Nigerian demo
// data: musicians with profiles, performances and availability, bookings (a tenth with a line-up),
// requests and disputes.
// Rows are generated inside PostgreSQL, so 100,000 musicians and 1,000,000 bookings take minutes, not hours.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { GENRE_OPTIONS } from "../app/features/marketplace/search-options";
import { DataDirInUseError } from "../app/server/embedded-postgres.server";
import { openScriptDatabase } from "./script-db";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} needs a whole number, got "${process.argv[i + 1] ?? ""}"`);
    process.exit(1);
  }
  return n;
}

const musicians = arg("musicians", 200);
const bookings = arg("bookings", musicians * 10);
const requests = arg("requests", Math.ceil(bookings / 5));
const tag = randomBytes(3).toString("hex");

const list = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);
const pick = (values: string[]) => sql`(${list(values)})[1 + floor(random() * ${values.length})::int]`;

const FIRST = [
  "Adebayo",
  "Chiamaka",
  "Emeka",
  "Funmilayo",
  "Ngozi",
  "Tunde",
  "Aisha",
  "Ibrahim",
  "Yetunde",
  "Olumide",
  "Chidinma",
  "Babajide",
  "Zainab",
  "Kelechi",
  "Folake",
  "Segun",
  "Amaka",
  "Musa",
  "Halima",
  "Obinna",
  "Bisi",
  "Uche",
  "Tolu",
  "Nneka",
  "Femi",
  "Kunle",
  "Sade",
  "Ifeanyi",
  "Hauwa",
  "Dapo",
  "Temi",
  "Chuka",
];
const LAST = [
  "Adeyemi",
  "Okafor",
  "Balogun",
  "Eze",
  "Okonkwo",
  "Abubakar",
  "Oladipo",
  "Nwosu",
  "Bello",
  "Afolabi",
  "Chukwu",
  "Ogunleye",
  "Danjuma",
  "Ibekwe",
  "Adewale",
  "Onyeka",
  "Lawal",
  "Obi",
  "Akinola",
  "Usman",
];
const STAGE = [
  "Sax",
  "Keys",
  "Vibes",
  "Strings",
  "Groove",
  "Soul",
  "Drums",
  "Beats",
  "Live",
  "Band",
  "Melody",
  "Sound",
];
// The marketplace filter offers exactly these genres, so every demo musician is findable by one.
const GENRES: string[] = [...GENRE_OPTIONS];
// The Role filter's vocabulary (app/lib/performance-roles.ts), as the profile form saves roles.
const ROLES = [
  "Lead vocalist",
  "Backing vocalist",
  "Saxophonist",
  "Guitarist",
  "Keyboardist",
  "Drummer",
  "Talking drummer",
  "DJ",
  "Bassist",
  "Trumpeter",
  "Violinist",
  "Percussionist",
  "MC / Hype man",
];
// Who a band leader adds to a line-up.
const LINE_UP_ROLES = [
  "Drummer",
  "Bassist",
  "Guitarist",
  "Keyboardist",
  "Backing vocalist",
  "Saxophonist",
  "Trumpeter",
];
const EVENTS = ["Wedding", "Birthday", "Corporate", "Cocktail", "Concert", "Award", "Gala"];
const PLACES = [
  "Ikeja, Lagos",
  "Lekki, Lagos",
  "Victoria Island, Lagos",
  "Surulere, Lagos",
  "Abuja, FCT",
  "Port Harcourt, Rivers",
  "Ibadan, Oyo",
  "Enugu, Enugu",
  "Kano, Kano",
  "Benin City, Edo",
  "Abeokuta, Ogun",
  "Uyo, Akwa Ibom",
  "Owerri, Imo",
  "Jos, Plateau",
  "Kaduna, Kaduna",
  "Calabar, Cross River",
  "Asaba, Delta",
  "Akure, Ondo",
  "Osogbo, Osun",
  "Ilorin, Kwara",
  "Awka, Anambra",
  "Warri, Delta",
];
const VENUES = [
  "Eko Hotel",
  "Civic Centre",
  "Landmark Centre",
  "Transcorp Hilton",
  "Harbour Point",
  "Oriental Hotel",
];
const SERVICES = ["Full Event Performance", "Special Rendition", "Background Music", "Others"];
const BOOKING_EVENTS = [
  "Wedding",
  "Wedding",
  "Wedding",
  "Birthday",
  "Birthday",
  "Corporate",
  "Corporate",
  "Cocktail",
  "Concert",
  "Award",
  "Gala",
  "Others",
];
const REQUEST_EVENTS = ["wedding", "birthday", "corporate", "cocktail", "concert", "award", "gala", "other"];

let database: Awaited<ReturnType<typeof openScriptDatabase>>;
try {
  database = await openScriptDatabase();
} catch (err) {
  console.error(
    err instanceof DataDirInUseError ? err.message : `Cannot open the database: ${(err as Error).message}`,
  );
  process.exit(1);
}
const { db } = await import("../app/server/db.server");
const started = Date.now();
const log = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
const CHUNK = 100_000;

async function chunked(total: number, run: (from: number, to: number) => Promise<unknown>) {
  for (let from = 1; from <= total; from += CHUNK) await run(from, Math.min(total, from + CHUNK - 1));
}

await chunked(musicians, async (from, to) => {
  await db.execute(sql`
    WITH people AS (
      SELECT g, ${pick(FIRST)} AS first, ${pick(LAST)} AS last FROM generate_series(${from}::int, ${to}::int) g
    )
    INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, created_at, updated_at)
    SELECT 'demo-' || ${tag} || '-' || g, first || ' ' || last,
           lower(first || '.' || last || '.' || ${tag} || g || '@demo.stagebook.ng'), true, first, last, 'musician',
           now() - (random() * interval '700 days'), now()
    FROM people`);
  await db.execute(sql`
    INSERT INTO musician_profiles (user_id, first_name, last_name, stage_name, slug, phone_number, website_active,
      location, hourly_rate_kobo, bio, performance_roles, genres, event_types, created_at, updated_at)
    SELECT u.id, u.first_name, u.last_name,
           CASE WHEN random() < 0.7 THEN u.first_name || ' ' || u.stage ELSE NULL END,
           lower(u.first_name || '-' || u.last_name || '-' || ${tag} || substr(u.id, length(${tag}) + 7)),
           '080' || lpad((floor(random() * 99999999))::int::text, 8, '0'),
           random() < 0.85,
           u.place,
           (10 + floor(random() * 98)::int * 5) * 100000,
           'Live musician performing at weddings, corporate events and parties across Nigeria.',
           ARRAY[u.role],
           -- Correlated with the row (u.g1...), so PostgreSQL draws new values for every musician.
           ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[u.g1, u.g2]) x WHERE x IS NOT NULL),
           ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[u.e1, u.e2, u.e3]) x),
           u.created_at, now()
    FROM (
      SELECT u.id, u.first_name, u.last_name, u.created_at, ${pick(STAGE)} AS stage, ${pick(PLACES)} AS place,
             ${pick(ROLES)} AS role, ${pick(GENRES)} AS g1, CASE WHEN random() < 0.6 THEN ${pick(GENRES)} END AS g2,
             ${pick(EVENTS)} AS e1, ${pick(EVENTS)} AS e2, ${pick(EVENTS)} AS e3
      FROM "user" u
      WHERE u.id IN (SELECT 'demo-' || ${tag} || '-' || g FROM generate_series(${from}::int, ${to}::int) g)
    ) u`);
  log(`musicians ${to}/${musicians}`);
});

await db.execute(sql`DROP TABLE IF EXISTS seed_musicians`);
await db.execute(sql`
  CREATE UNLOGGED TABLE seed_musicians AS
  SELECT p.id, row_number() OVER (ORDER BY p.id) AS n FROM musician_profiles p
  WHERE p.user_id LIKE ${`demo-${tag}-%`}`);
await db.execute(sql`CREATE UNIQUE INDEX ON seed_musicians (n)`);
const n = musicians;

if (n > 0) {
  // Popularity is skewed (random()^2), as in real marketplaces, so the admin reports have a top ten.
  let inserted = 0;
  let salt = 0;
  while (inserted < bookings) {
    const want = Math.min(CHUNK, bookings - inserted);
    const res = await db.execute(sql`
      WITH rows AS (
        SELECT g, 1 + floor(power(random(), 2) * ${n})::int AS k,
               (current_date + (floor(random() * 545)::int - 365)) AS d,
               ${pick(FIRST)} || ' ' || ${pick(LAST)} AS client, random() AS r
        FROM generate_series(1, ${want}::int) g
      )
      INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, phone_number, service_type,
        price_kobo, event_type, location, event_date, event_start_time, event_end_time, status, created_at, updated_at)
      SELECT m.id, substr(md5(${tag} || ${salt} || '-' || g || random()::text), 1, 8), rows.client,
             lower(replace(rows.client, ' ', '.')) || '@example.com',
             '081' || lpad((floor(random() * 99999999))::int::text, 8, '0'),
             ${pick(SERVICES)}, (50 + floor(random() * 40)::int * 25) * 1000 * 100, ${pick(BOOKING_EVENTS)},
             ${pick(PLACES)}, rows.d, make_time(12 + floor(random() * 6)::int, 0, 0), make_time(19 + floor(random() * 4)::int, 0, 0),
             CASE WHEN rows.d < current_date
                  THEN CASE WHEN rows.r < 0.7 THEN 'completed' WHEN rows.r < 0.8 THEN 'cancelled' ELSE 'confirmed' END
                  ELSE CASE WHEN rows.r < 0.5 THEN 'pending' ELSE 'confirmed' END END,
             rows.d - (floor(random() * 60)::int + 1) * interval '1 day',
             rows.d - (floor(random() * 20)::int) * interval '1 day'
      FROM rows JOIN seed_musicians m ON m.n = rows.k
      -- also skips a row that would overlap a confirmed booking (the no-overlap rule, calendar migration)
      ON CONFLICT DO NOTHING`);
    inserted += res.rowCount ?? 0;
    salt += 1;
    log(`bookings ${inserted}/${bookings}`);
  }

  await chunked(requests, async (from, to) => {
    await db.execute(sql`
      WITH rows AS (
        SELECT g, 1 + floor(power(random(), 2) * ${n})::int AS k FROM generate_series(${from}::int, ${to}::int) g
      )
      INSERT INTO booking_requests (musician_id, client_name, email, phone_number, event_type, location, event_date,
        event_duration, budget_estimate_kobo, additional_details, status, created_at)
      SELECT m.id, ${pick(FIRST)} || ' ' || ${pick(LAST)}, NULL, '090' || lpad((floor(random() * 99999999))::int::text, 8, '0'),
             ${pick(REQUEST_EVENTS)}, ${pick(PLACES)}, current_date + floor(random() * 120)::int,
             (1 + floor(random() * 6)::int)::text, (100 + floor(random() * 20)::int * 50) * 1000 * 100,
             'We would love live music for our guests.',
             CASE WHEN random() < 0.7 THEN 'pending' WHEN random() < 0.5 THEN 'accepted' ELSE 'declined' END,
             now() - random() * interval '90 days'
      FROM rows JOIN seed_musicians m ON m.n = rows.k`);
    log(`requests ${to}/${requests}`);
  });

  // Line-ups (issue 39): one booking in ten carries one or two other musicians, each paid a tenth of
  // the price. Most say yes where they are free then (the database refuses a member's overlapping gigs:
  // those decline), some have not answered yet.
  const lineUps = await db.execute(sql`
    INSERT INTO line_up_members (booking_id, member_id, role, fee_kobo, invited_at)
    SELECT b.id, m.id, ${pick(LINE_UP_ROLES)}, greatest(100000, round(b.price_kobo * 0.1 / 100000) * 100000)::bigint,
           b.created_at
    FROM (
      SELECT b.id, b.musician_id, b.price_kobo, b.created_at FROM bookings_by_musician b
      JOIN seed_musicians s ON s.id = b.musician_id WHERE random() < 0.1
    ) b
    CROSS JOIN LATERAL generate_series(1, CASE WHEN random() < 0.4 AND b.id IS NOT NULL THEN 2 ELSE 1 END) k
    -- Drawn per place (the lateral names k, so PostgreSQL draws again for every row).
    CROSS JOIN LATERAL (SELECT 1 + floor(random() * ${n})::int + 0 * k AS n) drawn
    JOIN seed_musicians m ON m.n = drawn.n
    WHERE m.id <> b.musician_id
    ON CONFLICT DO NOTHING`);
  await db.execute(
    sql.raw(`
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT l.id FROM line_up_members l JOIN seed_musicians s ON s.id = l.member_id
               WHERE l.status = 'invited' AND random() < 0.85 ORDER BY l.invited_at LOOP
        BEGIN
          UPDATE line_up_members SET status = 'accepted', responded_at = now() WHERE id = r.id;
        EXCEPTION WHEN exclusion_violation THEN
          UPDATE line_up_members SET status = 'declined', responded_at = now() WHERE id = r.id;
        END;
      END LOOP;
    END $$`),
  );
  log(`line-up places ${lineUps.rowCount ?? 0}`);

  await db.execute(sql`
    INSERT INTO client_disputes (booking_id, client_name, phone_number, dispute_reason, created_at)
    SELECT b.id, b.client_name, coalesce(b.phone_number, '08000000000'),
           'The performance started late and the set was shorter than agreed.', b.updated_at + interval '1 day'
    FROM bookings_by_musician b JOIN seed_musicians m ON m.id = b.musician_id
    WHERE b.status IN ('confirmed', 'completed') AND random() < 0.005`);
  log("disputes");

  await chunked(n, async (from, to) => {
    await db.execute(sql`
      INSERT INTO musician_performances (profile_id, event_title, event_date, event_type, location, start_time, end_time)
      SELECT m.id, ${pick(EVENTS)} || ' at ' || ${pick(VENUES)}, current_date + (floor(random() * 540)::int - 360),
             ${pick(EVENTS)}, ${pick(PLACES)}, make_time(18, 0, 0), make_time(22, 0, 0)
      FROM seed_musicians m CROSS JOIN generate_series(1, 2)
      WHERE m.n BETWEEN ${from} AND ${to}`);
    await db.execute(sql`
      INSERT INTO musician_availability (profile_id, date, is_all_day, start_time, end_time)
      SELECT DISTINCT ON (m.id, d) m.id, d, (random() < 0.5), make_time(9, 0, 0), make_time(17, 0, 0)
      FROM seed_musicians m
      CROSS JOIN LATERAL (SELECT current_date + (1 + floor(random() * 60)::int) AS d FROM generate_series(1, 4) WHERE m.n > 0) days
      WHERE m.n BETWEEN ${from} AND ${to} AND m.n % 10 < 3`);
    log(`performances and availability ${to}/${n}`);
  });
}

await db.execute(sql`DROP TABLE IF EXISTS seed_musicians`);
await db.execute(sql`ANALYZE`);
log(`done: ${musicians} musicians, ${bookings} bookings, ${requests} requests (batch ${tag})`);
await database.close();
