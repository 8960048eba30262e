import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

export const moneyNotificationKinds = [
  "paid",
  "released",
  "cancelled",
  "refunded",
  "disputed",
  "dispute_resolved",
  "payout_sent",
  "payout_failed",
] as const;

/**
 * One row per money event (event_key unique, so a repeated webhook or retry stores nothing twice): the
 * musician's Recent Activity reads it, and a job e-mails both sides from it after the money committed.
 */
export const moneyNotifications = pgTable(
  "money_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    clientMailedAt: timestamp("client_mailed_at", { withTimezone: true }),
    musicianMailedAt: timestamp("musician_mailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("money_notifications_event_key_key").on(t.eventKey),
    index("money_notifications_musician_created_idx").on(t.musicianId, t.createdAt.desc()),
    index("money_notifications_booking_id_idx").on(t.bookingId, t.createdAt),
    check(
      "money_notifications_kind_check",
      sql`${t.kind} IN ('paid', 'released', 'cancelled', 'refunded', 'disputed', 'dispute_resolved', 'payout_sent', 'payout_failed', 'line_up_fee', 'refund_delayed')`,
    ),
  ],
);

/** The musician's side of a dispute ("Add your side"): text and up to 4 photos (storage keys). */
export const disputeResponses = pgTable(
  "dispute_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dispute_responses_booking_id_idx").on(t.bookingId, t.createdAt),
    index("dispute_responses_musician_id_idx").on(t.musicianId),
  ],
);
