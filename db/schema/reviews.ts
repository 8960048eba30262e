import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

export const reviewDirections = ["client_to_musician", "musician_to_client"] as const;
export const reviewReportStatuses = ["open", "hidden", "dismissed"] as const;

/**
 * One row per completed booking: when its review window closes and whether it has published. The row
 * is what concurrent writers lock, so "the second review publishes both" happens exactly once.
 */
export const reviewWindows = pgTable(
  "review_windows",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    eventEndsAt: timestamp("event_ends_at", { withTimezone: true }).notNull(),
    // Moves later by the length of a dispute once the dispute is resolved.
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // Set once the window's jobs are on the queue; a window left without (a crash in between) is swept.
    jobsQueuedAt: timestamp("jobs_queued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_windows_musician_idx").on(t.musicianId),
    index("review_windows_jobs_unqueued_idx").on(t.createdAt).where(sql`${t.jobsQueuedAt} IS NULL`),
    index("review_windows_open_closes_idx").on(t.closesAt).where(sql`${t.publishedAt} IS NULL`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => reviewWindows.bookingId, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    direction: text("direction").notNull(),
    // The organiser's account, when the booking is linked to one (reputation across musicians).
    organiserUserId: text("organiser_user_id").references(() => user.id, { onDelete: "set null" }),
    overall: smallint("overall").notNull(),
    satisfaction: smallint("satisfaction"),
    professionalism: smallint("professionalism"),
    communication: smallint("communication"),
    punctuality: smallint("punctuality"),
    paidOnTime: boolean("paid_on_time"),
    treatedWell: boolean("treated_well"),
    body: text("body").notNull(),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenNote: text("hidden_note"),
    replyBody: text("reply_body"),
    replyCreatedAt: timestamp("reply_created_at", { withTimezone: true }),
    replyUpdatedAt: timestamp("reply_updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_booking_direction_key").on(t.bookingId, t.direction),
    index("reviews_musician_created_idx").on(t.musicianId, t.createdAt.desc()),
    index("reviews_musician_published_idx")
      .on(t.musicianId, t.publishedAt.desc())
      .where(sql`${t.direction} = 'client_to_musician' AND ${t.publishedAt} IS NOT NULL`),
    index("reviews_organiser_idx").on(t.organiserUserId),
    check("reviews_direction_check", sql`${t.direction} IN ('client_to_musician', 'musician_to_client')`),
    check("reviews_overall_check", sql`${t.overall} BETWEEN 1 AND 5`),
    check(
      "reviews_criteria_check",
      sql`CASE WHEN ${t.direction} = 'client_to_musician'
        THEN ${t.satisfaction} BETWEEN 1 AND 5 AND ${t.professionalism} BETWEEN 1 AND 5
          AND ${t.communication} BETWEEN 1 AND 5 AND ${t.punctuality} BETWEEN 1 AND 5
        ELSE ${t.paidOnTime} IS NOT NULL AND ${t.treatedWell} IS NOT NULL END`,
    ),
    check("reviews_body_length_check", sql`char_length(${t.body}) BETWEEN 20 AND 2000`),
    check("reviews_photos_check", sql`cardinality(${t.photos}) <= 4`),
  ],
);

export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    reporterUserId: text("reporter_user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("open"),
    adminNote: text("admin_note"),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_reports_status_created_idx").on(t.status, t.createdAt),
    index("review_reports_review_idx").on(t.reviewId),
    index("review_reports_reporter_idx").on(t.reporterUserId),
    index("review_reports_resolved_by_idx").on(t.resolvedBy),
    check("review_reports_status_check", sql`${t.status} IN ('open', 'hidden', 'dismissed')`),
  ],
);
