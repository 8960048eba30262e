import { type SQL, sql } from "drizzle-orm";
import { shownTo, type TextFields } from "~/features/messaging/contact-boundary";
import { db } from "~/server/db.server";

export interface MarketFilters {
  words: string[];
  genre: string | null;
  eventType: string | null;
  /** One of the vocabulary's roles (app/lib/performance-roles.ts). */
  role: string | null;
  /** Lower-case, accent-free fragments; a musician matches when the location contains any of them. */
  locationTerms: string[];
  maxRateKobo: number | null;
  date: string | null;
  sort: "relevance" | "price" | "newest" | "rating" | "record";
}

export interface MarketRow {
  id: string;
  slug: string;
  stageName: string | null;
  firstName: string | null;
  lastName: string | null;
  location: string | null;
  hourlyRateKobo: number | null;
  profileImage: string | null;
  performanceRoles: string[];
  genres: string[];
  ratingCount: number;
  ratingAverage: number | null;
}

// Folded once when a profile is written (stored generated columns, migration 0017), not per row per
// search: computing them in the query cost ~15 µs a row, 40-200 ms a search at 100k musicians.
const searchText = sql`p.search_text`;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereClause(f: MarketFilters): SQL {
  // The website counts as active only with all five (spec §4); website_active leads so the partial indexes apply.
  const parts: SQL[] = [
    sql`p.website_active`,
    sql`p.slug IS NOT NULL`,
    sql`btrim(coalesce(p.first_name, '')) <> ''`,
    sql`btrim(coalesce(p.last_name, '')) <> ''`,
    sql`btrim(coalesce(p.phone_number, '')) <> ''`,
  ];
  // Substring matches. Words of 3+ letters, the genre and the event type are answered together by one
  // GIN index (trigrams + arrays, migration 0017), so a search reads only the rows that match all three.
  for (const w of f.words) parts.push(sql`${searchText} LIKE ${likePattern(w)}`);
  if (f.genre) parts.push(sql`p.genres_folded @> ARRAY[stagebook_fold(${f.genre})]`);
  if (f.eventType) parts.push(sql`p.event_types_folded @> ARRAY[stagebook_fold(${f.eventType})]`);
  // Roles are saved as the vocabulary's names (other spellings mapped, migration 0042), folded and
  // indexed with the genres and event types.
  if (f.role) parts.push(sql`p.roles_folded @> ARRAY[stagebook_fold(${f.role})]`);
  if (f.locationTerms.length) {
    const any = f.locationTerms.map((t) => sql`p.location_folded LIKE ${likePattern(t)}`);
    parts.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  if (f.maxRateKobo !== null) parts.push(sql`p.hourly_rate_kobo <= ${f.maxRateKobo}`);
  if (f.date) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM musician_availability a WHERE a.profile_id = p.id AND a.date = ${f.date}::date)`,
    );
    // Booked that day (a booking never runs past its own midnight, see the calendar migration) or
    // marked unavailable: each answered by an index on (musician, date).
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM bookings_by_musician b WHERE b.musician_id = p.id AND b.event_date = ${f.date}::date AND b.status IN ('confirmed', 'completed'))`,
    );
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM musician_unavailable_dates u WHERE u.profile_id = p.id AND u.date = ${f.date}::date)`,
    );
    // Playing in someone else's line-up that day (an accepted place, issue 39), or any other busy time:
    // musician_busy holds both (migration 0040), probed per candidate through its exclusion constraint's
    // GiST index on (musician, time). The booking check above stays for bookings kept from before the
    // overlap rule. OFFSET 0 keeps the probe per candidate: flattened into an anti join, the planner read
    // every busy row of the day through that index instead (its cost model thinks a scan on the second
    // column cheap; at the bench's 10,000 musicians 1,048 pages, and role + date p50 16-22 ms, now 3-6).
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM musician_busy mb WHERE mb.musician_id = p.id AND mb.busy_during && lagos_busy_range(${f.date}::date, NULL, NULL) OFFSET 0)`,
    );
  }
  return sql.join(parts, sql` AND `);
}

function orderClause(f: MarketFilters): SQL {
  if (f.sort === "price") return sql`p.hourly_rate_kobo ASC NULLS LAST, p.created_at DESC`;
  // rating_score is the Bayesian average kept by the reviews feature (indexed with created_at).
  if (f.sort === "rating") return sql`p.rating_score DESC, p.created_at DESC`;
  if (f.sort === "newest") return sql`p.created_at DESC`;
  // The public record's score, kept by the numbers job (issue 38); musicians without one shown come last.
  if (f.sort === "record")
    return sql`(SELECT r.record_score FROM musician_public_records r WHERE r.musician_id = p.id AND r.shown) DESC NULLS LAST, p.created_at DESC`;
  if (f.words.length) {
    // A whole-word match (in a name, genre or role) before a match inside a longer word, then bookable
    // profiles (photo, rate, genre: market_ready, migration 0024) before bare ones.
    const whole = f.words.map((w) => sql`(' ' || ${searchText} || ' ') LIKE ${likePattern(` ${w} `)}`);
    return sql`(${sql.join(whole, sql` AND `)}) DESC, p.market_ready DESC, p.created_at DESC`;
  }
  return sql`p.market_ready DESC, p.created_at DESC`;
}

/** The listing a visitor sees on /market before searching: no words, no filters, the default order. */
export function isBrowseListing(f: MarketFilters): boolean {
  return (
    f.sort === "relevance" &&
    !f.words.length &&
    !f.genre &&
    !f.eventType &&
    !f.role &&
    !f.locationTerms.length &&
    f.maxRateKobo === null &&
    !f.date
  );
}

function toRow(r: Record<string, unknown>): MarketRow {
  // /market is public: every field the musician typed reads as before payment (issues 27 and 36).
  return shownTo(
    {
      id: String(r.id),
      slug: String(r.slug),
      stageName: (r.stage_name as string | null) ?? null,
      firstName: (r.first_name as string | null) ?? null,
      lastName: (r.last_name as string | null) ?? null,
      location: (r.location as string | null) ?? null,
      hourlyRateKobo: r.hourly_rate_kobo === null ? null : Number(r.hourly_rate_kobo),
      profileImage: (r.profile_image as string | null) ?? null,
      performanceRoles: (r.performance_roles as string[]) ?? [],
      genres: (r.genres as string[]) ?? [],
      ratingCount: Number(r.rating_count ?? 0),
      ratingAverage:
        r.rating_average === null || r.rating_average === undefined ? null : Number(r.rating_average),
    },
    MARKET_ROW_FIELDS,
    "public",
  );
}

const MARKET_ROW_FIELDS: TextFields<MarketRow> = {
  id: "ours",
  slug: "ours",
  stageName: "typed",
  firstName: "typed",
  lastName: "typed",
  location: "typed",
  profileImage: "ours",
  performanceRoles: "typed",
  genres: "typed",
};

/** The closest known word for each query word (itself when known); null when nothing is close. */
async function correctWords(words: string[]): Promise<(string | null)[]> {
  return Promise.all(
    words.map(async (w) => {
      const res = await db.execute<{ word: string }>(sql`
        SELECT word FROM market_search_words
        WHERE word % ${w} OR word = ${w}
        ORDER BY word = ${w} DESC, similarity(word, ${w}) DESC, word LIMIT 1`);
      return res.rows[0]?.word ?? null;
    }),
  );
}

/** One page of the search, as SQL (exported so a test can EXPLAIN it). */
export function marketPageQuery(f: MarketFilters, limit: number, offset: number): SQL {
  return sql`
    SELECT p.id, p.slug, p.stage_name, p.first_name, p.last_name, p.location, p.hourly_rate_kobo,
           p.profile_image, p.performance_roles, p.genres, p.rating_count, p.rating_average
    FROM musician_profiles p
    WHERE ${whereClause(f)}
    ORDER BY ${orderClause(f)}
    LIMIT ${limit + 1} OFFSET ${offset}`;
}

export interface BrowsePage {
  rows: MarketRow[];
  hasNext: boolean;
  /** Every active musician, and the market-ready ones among them. */
  total: number;
  ready: number;
  /** Position (0-based) of this page's first row in the whole listing. */
  offset: number;
}

/** The unsearched listing's total and bookable count (exported so a test can EXPLAIN it). */
export function browseCountQuery(f: MarketFilters): SQL {
  // An index-only count over musician_profiles_market_ready_idx, whose predicate is this WHERE (0024).
  return sql`
    SELECT count(*) AS total, count(*) FILTER (WHERE p.market_ready) AS ready
    FROM musician_profiles p WHERE ${whereClause(f)}`;
}

/**
 * The unsearched listing: bookable (market-ready) profiles first, then the bare ones, in full pages, so
 * the count and the cards agree ("10 musicians" is ten cards, never one card and a Next button, phone
 * walk 2). One index (market_ready DESC, created_at DESC, migration 0024) answers the order and the count.
 */
export async function browseActiveMusicians(
  f: MarketFilters,
  page: number,
  pageSize: number,
): Promise<BrowsePage> {
  const counts = await db.execute<{ total: string; ready: string }>(browseCountQuery(f));
  const total = Number(counts.rows[0]?.total ?? 0);
  const ready = Number(counts.rows[0]?.ready ?? 0);
  const offset = (page - 1) * pageSize;
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT p.id, p.slug, p.stage_name, p.first_name, p.last_name, p.location, p.hourly_rate_kobo,
           p.profile_image, p.performance_roles, p.genres, p.rating_count, p.rating_average
    FROM musician_profiles p
    WHERE ${whereClause(f)}
    ORDER BY p.market_ready DESC, p.created_at DESC
    LIMIT ${pageSize + 1} OFFSET ${offset}`);
  const rows = res.rows.slice(0, pageSize).map(toRow);
  return { rows, hasNext: res.rows.length > pageSize, total, ready, offset };
}

/**
 * Filtered search over active musician websites. Query words match as substrings; when no musician
 * matches them as typed, each word is corrected to the closest known word (pg_trgm similarity over
 * market_search_words) and the search runs again. Returns one row more than asked when there is a
 * next page; no total, since counting every match of a common word costs more than the page itself.
 */
export async function searchActiveMusicians(
  f: MarketFilters,
  limit: number,
  offset: number,
): Promise<{ rows: MarketRow[]; correctedQuery: string | null }> {
  const page = (filters: MarketFilters) => marketPageQuery(filters, limit, offset);
  const typed = await db.execute<Record<string, unknown>>(page(f));
  if (typed.rows.length > 0 || !f.words.length) return { rows: typed.rows.map(toRow), correctedQuery: null };
  if (offset > 0) {
    const any = await db.execute(sql`SELECT 1 FROM musician_profiles p WHERE ${whereClause(f)} LIMIT 1`);
    if ((any.rowCount ?? 0) > 0) return { rows: [], correctedQuery: null };
  }
  const corrected = await correctWords(f.words);
  if (corrected.some((w) => w === null) || corrected.every((w, i) => w === f.words[i])) {
    return { rows: [], correctedQuery: null };
  }
  const words = corrected as string[];
  const res = await db.execute<Record<string, unknown>>(page({ ...f, words }));
  return { rows: res.rows.map(toRow), correctedQuery: words.join(" ") };
}

/** One row per e-mail whatever its case; joining again keeps the first row. Returns whether a row was added. */
export async function insertWaitlist(entry: { firstName: string; phoneNumber: string; email: string }) {
  const res = await db.execute(sql`
    INSERT INTO market_waitlist (first_name, phone_number, email)
    VALUES (${entry.firstName}, ${entry.phoneNumber}, ${entry.email})
    ON CONFLICT ((lower(email))) DO NOTHING`);
  return (res.rowCount ?? 0) > 0;
}

export async function countWaitlistByEmail(email: string): Promise<number> {
  const res = await db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM market_waitlist WHERE lower(email) = lower(${email})`,
  );
  return Number(res.rows[0]?.n ?? 0);
}
