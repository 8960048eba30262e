import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

// The no-overlap rule itself (bookings_by_musician.busy_during + an exclusion constraint) is hand-written
// SQL at the end of the calendar migration (db/migrations/*_calendar.sql): drizzle-kit cannot express EXCLUDE or tstzrange columns.

/** One private calendar subscription per musician; regenerating replaces the token (the old URL dies). */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    musicianId: uuid("musician_id")
      .primaryKey()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_key").on(t.token)],
);

/** Days the musician cannot play (organisers see them as busy, no reason shown). */
export const musicianUnavailableDates = pgTable(
  "musician_unavailable_dates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("musician_unavailable_dates_profile_date_key").on(t.profileId, t.date),
    index("musician_unavailable_dates_date_idx").on(t.date),
  ],
);

/** The last invoice number each musician issued; locked (FOR UPDATE) while the next one is taken. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    musicianId: uuid("musician_id")
      .primaryKey()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("invoice_counters_last_number_check", sql`${t.lastNumber} >= 0`)],
);

/** A booking's invoice number, issued once and never reused (a deleted booking keeps its gap). */
export const bookingInvoices = pgTable(
  "booking_invoices",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("booking_invoices_musician_number_key").on(t.musicianId, t.number)],
);

/** Who confirmed a booking and when (the contract's confirmation record). */
export const bookingConfirmations = pgTable("booking_confirmations", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
  confirmedBy: text("confirmed_by").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
});
