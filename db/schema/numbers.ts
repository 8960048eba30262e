// Issue 38 (migration 0037): profile views counted without cookies, and the maintained summaries the
// public record and the price bands are read from (refreshed by the numbers job, never per request).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { musicianProfiles } from "./profiles";

export const profileViewSources = ["market", "link", "whatsapp", "instagram", "other", "direct"] as const;

/** One Lagos day's salt for visitor hashes; deleted once the day is over. */
export const profileViewSalts = pgTable("profile_view_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

export const profileViews = pgTable(
  "profile_views",
  {
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** sha256 of the day's salt, the address, the browser and the musician: no address is stored. */
    visitor: text("visitor").notNull(),
    source: text("source").notNull(),
    /** The same visitor sent the musician a request that day. */
    requested: boolean("requested").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.musicianId, t.day, t.visitor] }),
    check(
      "profile_views_source_check",
      sql`${t.source} IN ('market', 'link', 'whatsapp', 'instagram', 'other', 'direct')`,
    ),
  ],
);

export const musicianPublicRecords = pgTable("musician_public_records", {
  musicianId: uuid("musician_id")
    .primaryKey()
    .references(() => musicianProfiles.id, { onDelete: "cascade" }),
  requestsReceived: integer("requests_received").notNull().default(0),
  medianReplySeconds: integer("median_reply_seconds"),
  gigsPerformed: integer("gigs_performed").notNull().default(0),
  cancelledByMusician12m: integer("cancelled_by_musician_12m").notNull().default(0),
  shown: boolean("shown").notNull().default(false),
  recordScore: doublePrecision("record_score").notNull().default(0),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const priceBands = pgTable(
  "price_bands",
  {
    eventType: text("event_type").notNull(),
    /** A Nigerian state, or '' for every state together. */
    state: text("state").notNull(),
    lowKobo: bigint("low_kobo", { mode: "number" }).notNull(),
    highKobo: bigint("high_kobo", { mode: "number" }).notNull(),
    bookings: integer("bookings").notNull(),
    musicians: integer("musicians").notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventType, t.state] })],
);

export const numbersRefreshState = pgTable("numbers_refresh_state", {
  id: integer("id").primaryKey().default(1),
  changedSince: timestamp("changed_since", { withTimezone: true }).notNull(),
});
