import { type SQL, sql } from "drizzle-orm";
import { db } from "~/server/db.server";

export interface MarketFilters {
  words: string[];
  genre: string | null;
  eventType: string | null;
  /** Lower-case, accent-free fragments; a musician matches when the location contains any of them. */
  locationTerms: string[];
  maxRateKobo: number | null;
  date: string | null;
  sort: "relevance" | "price" | "newest";
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
}

// Must match the indexed expressions in migration 0001 exactly, or the planner cannot use them.
const searchText = sql`stagebook_musician_search_text(p.stage_name, p.first_name, p.last_name, p.performance_roles, p.genres)`;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Tier = "all" | "exact" | "fuzzy";

function whereClause(f: MarketFilters, tier: Tier): SQL {
  // The website counts as active only with all five (spec §4); website_active leads so the partial indexes apply.
  const parts: SQL[] = [
    sql`p.website_active`,
    sql`p.slug IS NOT NULL`,
    sql`btrim(coalesce(p.first_name, '')) <> ''`,
    sql`btrim(coalesce(p.last_name, '')) <> ''`,
    sql`btrim(coalesce(p.phone_number, '')) <> ''`,
  ];
  const exact = f.words.map((w) => sql`${searchText} LIKE ${likePattern(w)}`);
  if (tier === "exact") parts.push(...exact);
  if (tier === "fuzzy" && f.words.length) {
    // The longest word as a bare <% qual, which the trigram index can answer.
    const longest = [...f.words].sort((a, b) => b.length - a.length)[0];
    parts.push(sql`${longest} <% ${searchText}`);
    for (const w of f.words) parts.push(sql`(${searchText} LIKE ${likePattern(w)} OR ${w} <% ${searchText})`);
  }
  if (f.genre) parts.push(sql`stagebook_fold_array(p.genres) @> ARRAY[stagebook_fold(${f.genre})]`);
  if (f.eventType)
    parts.push(sql`stagebook_fold_array(p.event_types) @> ARRAY[stagebook_fold(${f.eventType})]`);
  if (f.locationTerms.length) {
    const any = f.locationTerms.map((t) => sql`stagebook_fold(p.location) LIKE ${likePattern(t)}`);
    parts.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  if (f.maxRateKobo !== null) parts.push(sql`p.hourly_rate_kobo <= ${f.maxRateKobo}`);
  if (f.date) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM musician_availability a WHERE a.profile_id = p.id AND a.date = ${f.date}::date)`,
    );
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM bookings_by_musician b WHERE b.musician_id = p.id AND b.event_date = ${f.date}::date AND b.status = 'confirmed')`,
    );
  }
  return sql.join(parts, sql` AND `);
}

function orderClause(f: MarketFilters, tier: Tier): SQL {
  if (f.sort === "price") return sql`p.hourly_rate_kobo ASC NULLS LAST, p.created_at DESC`;
  if (f.sort === "relevance" && tier === "fuzzy") {
    const score = f.words.map((w) => sql`word_similarity(${w}, ${searchText})`);
    return sql`(${sql.join(score, sql` + `)}) DESC, p.created_at DESC`;
  }
  return sql`p.created_at DESC`;
}

function toRow(r: Record<string, unknown>): MarketRow {
  return {
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
  };
}

/**
 * Filtered search over active musician websites. Words match exactly (as substrings) when any musician
 * matches them that way; only when none does are close spellings searched (pg_trgm word similarity),
 * ranked by closeness. Scoring every fuzzy candidate is the expensive part, so exact matches skip it.
 * Returns one row more than asked when there is a next page; no total, since counting every match of a
 * common word costs more than the page itself.
 */
export async function searchActiveMusicians(
  f: MarketFilters,
  limit: number,
  offset: number,
): Promise<{ rows: MarketRow[]; fuzzy: boolean }> {
  const page = (tier: Tier) => sql`
    SELECT p.id, p.slug, p.stage_name, p.first_name, p.last_name, p.location, p.hourly_rate_kobo,
           p.profile_image, p.performance_roles, p.genres
    FROM musician_profiles p
    WHERE ${whereClause(f, tier)}
    ORDER BY ${orderClause(f, tier)}
    LIMIT ${limit + 1} OFFSET ${offset}`;
  if (!f.words.length) {
    const res = await db.execute<Record<string, unknown>>(page("all"));
    return { rows: res.rows.map(toRow), fuzzy: false };
  }
  const exact = await db.execute<Record<string, unknown>>(page("exact"));
  if (exact.rows.length > 0) return { rows: exact.rows.map(toRow), fuzzy: false };
  if (offset > 0) {
    const any = await db.execute(
      sql`SELECT 1 FROM musician_profiles p WHERE ${whereClause(f, "exact")} LIMIT 1`,
    );
    if ((any.rowCount ?? 0) > 0) return { rows: [], fuzzy: false };
  }
  return db.transaction(async (tx) => {
    // Lower than the default 0.6 so one slipped letter in a longer word ("higlife") still matches.
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.45', true)`);
    const res = await tx.execute<Record<string, unknown>>(page("fuzzy"));
    return { rows: res.rows.map(toRow), fuzzy: true };
  });
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
