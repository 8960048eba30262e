import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

export const musicianProfiles = pgTable(
  "musician_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    stageName: text("stage_name"),
    slug: text("slug"),
    phoneNumber: text("phone_number"),
    websiteActive: boolean("website_active").notNull().default(false),
    location: text("location"),
    hourlyRateKobo: bigint("hourly_rate_kobo", { mode: "number" }),
    bio: text("bio"),
    performanceStyle: text("performance_style"),
    equipment: text("equipment"),
    profileImage: text("profile_image"),
    performanceRoles: text("performance_roles").array().notNull().default(sql`'{}'::text[]`),
    genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
    eventTypes: text("event_types").array().notNull().default(sql`'{}'::text[]`),
    // Any of the three shapes of spec §3; read through app/lib/social-links.ts.
    socialLinks: jsonb("social_links"),
    // Published client reviews, kept up to date by the reviews feature on every publication or hide,
    // so /market can show and sort by rating without aggregating per search.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingAverage: doublePrecision("rating_average"),
    // Bayesian average (see reviews/rating.ts); 0 without reviews, so unreviewed musicians sort last.
    ratingScore: doublePrecision("rating_score").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Also in the table, left out here so no select or insert touches them: the /market search's
    // stored generated columns search_text, genres_folded, event_types_folded and location_folded,
    // and their GIN indexes (hand-written migration 0017; read by features/marketplace/queries.server.ts);
    // market_ready (photo + rate + a genre) and its partial index musician_profiles_market_ready_idx
    // (migration 0024), which put bookable profiles first on /market; roles_folded and its GIN index
    // musician_profiles_roles_idx (migration 0042), read by the Role filter.
  },
  (t) => [
    uniqueIndex("musician_profiles_slug_key").on(t.slug),
    check(
      "musician_profiles_hourly_rate_check",
      sql`${t.hourlyRateKobo} IS NULL OR ${t.hourlyRateKobo} >= 0`,
    ),
    check(
      "musician_profiles_slug_format_check",
      sql`${t.slug} IS NULL OR ${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
    ),
    index("musician_profiles_created_at_idx").on(t.createdAt),
    index("musician_profiles_rating_idx")
      .on(t.ratingScore.desc(), t.createdAt.desc())
      .where(sql`${t.websiteActive}`),
  ],
);

export const musicianPerformances = pgTable(
  "musician_performances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    eventTitle: text("event_title").notNull(),
    eventDate: date("event_date"),
    eventType: text("event_type").notNull(),
    location: text("location"),
    startTime: time("start_time"),
    endTime: time("end_time"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("musician_performances_profile_date_idx").on(t.profileId, t.eventDate)],
);

export const portfolioItemTypes = ["image", "audio", "video"] as const;

export const musicianPortfolioItems = pgTable(
  "musician_portfolio_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(),
    contentUrl: text("content_url").notNull(),
    title: text("title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("musician_portfolio_items_profile_created_idx").on(t.profileId, t.createdAt),
    check("musician_portfolio_items_type_check", sql`${t.itemType} IN ('image', 'audio', 'video')`),
  ],
);
