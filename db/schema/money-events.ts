import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

/**
 * The money outbox (issue 35, ADR 0026): one row per money transition that moved money (and per piece of
 * money news: a dispute filed, a refund or payout Paystack settled, an unpaid cancellation), written in the
 * change's own transaction with everything its follow-ups need (what moved, each side's figures, the
 * holds, the due time, who the client is). Follow-ups read this, never the booking's money again.
 */
export const moneyEvents = pgTable(
  "money_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("money_events_event_key_key").on(t.eventKey),
    index("money_events_booking_id_idx").on(t.bookingId, t.createdAt),
    index("money_events_musician_id_idx").on(t.musicianId),
    check(
      "money_events_kind_check",
      sql`${t.kind} IN ('credit', 'release', 'refund', 'clientCancelSplit', 'adminSplit', 'chargebackLost', 'chargebackWon', 'duplicateRefund', 'disputeFiled', 'refundSettled', 'payoutSettled', 'cancelledUnpaid', 'refundDelayed')`,
    ),
  ],
);

/** One row per event and consumer: written in the consumer's transaction, so each consumes an event once. */
export const moneyEventConsumptions = pgTable(
  "money_event_consumptions",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => moneyEvents.id, { onDelete: "cascade" }),
    consumer: text("consumer").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);

/** Short links for texts: /s/{code} redirects to a path on this site. */
export const shortLinks = pgTable(
  "short_links",
  {
    code: text("code").primaryKey(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("short_links_target_key").on(t.target),
    check("short_links_target_check", sql`${t.target} LIKE '/%' AND ${t.target} NOT LIKE '//%'`),
  ],
);
