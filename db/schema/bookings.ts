import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { musicianProfiles } from "./profiles";

export const bookingStatuses = ["pending", "confirmed", "completed", "cancelled"] as const;
export const bookingPaymentStatuses = [
  "unpaid",
  "paid",
  "released",
  "refunded",
  "partially_refunded",
] as const;
// "draft": an organiser saved the request without sending it; the musician never sees it.
export const bookingRequestStatuses = ["draft", "pending", "accepted", "declined"] as const;

export const bookingsByMusician = pgTable(
  "bookings_by_musician",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    clientName: text("client_name").notNull(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    serviceType: text("service_type").notNull(),
    serviceTypeOther: text("service_type_other"),
    priceKobo: bigint("price_kobo", { mode: "number" }),
    eventType: text("event_type").notNull(),
    eventTypeOther: text("event_type_other"),
    location: text("location"),
    eventDate: date("event_date"),
    eventStartTime: time("event_start_time"),
    eventEndTime: time("event_end_time"),
    additionalDetails: text("additional_details"),
    status: text("status").notNull().default("pending"),
    // Money state (payments feature): unpaid → paid (held in escrow) → released, or refunded.
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    // Set when the booking was made by accepting a visitor's request.
    requestId: uuid("request_id").references(() => bookingRequests.id, { onDelete: "set null" }),
    // The organiser account the booking belongs to (null: a link-only client).
    clientUserId: text("client_user_id").references(() => user.id, { onDelete: "set null" }),
    // Who cancelled and when: screens say "You cancelled", never a guess. "client": the client's own
    // account or the payer; "link": someone holding only the booking link (issue 35 §1); "musician".
    cancelledBy: text("cancelled_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The musician's reason for cancelling, as the client reads it (masked), at most 500 characters. */
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_by_musician_slug_key").on(t.slug),
    index("bookings_by_musician_musician_date_idx").on(t.musicianId, t.eventDate.desc()),
    index("bookings_by_musician_musician_status_idx").on(t.musicianId, t.status),
    index("bookings_by_musician_request_id_idx").on(t.requestId),
    index("bookings_by_musician_created_at_idx").on(t.createdAt),
    index("bookings_by_musician_client_user_idx").on(t.clientUserId, t.createdAt.desc()),
    check(
      "bookings_by_musician_status_check",
      sql`${t.status} IN ('pending', 'confirmed', 'completed', 'cancelled')`,
    ),
    check(
      "bookings_by_musician_cancelled_by_check",
      sql`${t.cancelledBy} IS NULL OR ${t.cancelledBy} IN ('client', 'link', 'musician')`,
    ),
    check(
      "bookings_by_musician_cancel_reason_check",
      sql`${t.cancelReason} IS NULL OR char_length(${t.cancelReason}) <= 500`,
    ),
    check(
      "bookings_by_musician_payment_status_check",
      sql`${t.paymentStatus} IN ('unpaid', 'paid', 'released', 'refunded', 'partially_refunded')`,
    ),
    check("bookings_by_musician_price_check", sql`${t.priceKobo} IS NULL OR ${t.priceKobo} >= 0`),
  ],
);

/**
 * An action taken with the booking link by someone who is not the client's own account (issue 35 §1):
 * told as "by someone with the booking link", and a cancellation can be undone for a day
 * (`previous_status` is what it goes back to).
 */
export const linkActions = pgTable(
  "link_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    previousStatus: text("previous_status"),
    actedAt: timestamp("acted_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    index("link_actions_booking_idx").on(t.bookingId, t.actedAt.desc()),
    check("link_actions_action_check", sql`${t.action} IN ('cancel', 'texts_off')`),
    check(
      "link_actions_previous_status_check",
      sql`${t.previousStatus} IS NULL OR ${t.previousStatus} IN ('pending', 'confirmed')`,
    ),
  ],
);

/**
 * The slug of a booking its musician deleted (issue 40): the link, still in the client's texts, then
 * says the musician removed it instead of "Booking not found".
 */
export const removedBookingLinks = pgTable(
  "removed_booking_links",
  {
    slug: text("slug").primaryKey(),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("removed_booking_links_musician_idx").on(t.musicianId)],
);

export const bookingRequests = pgTable(
  "booking_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    eventType: text("event_type").notNull(),
    eventTypeOther: text("event_type_other"),
    location: text("location"),
    eventDate: date("event_date"),
    eventDuration: text("event_duration").notNull(),
    /** When the music should start, if the organiser said (phone walk 2). */
    eventStartTime: time("event_start_time"),
    budgetEstimateKobo: bigint("budget_estimate_kobo", { mode: "number" }),
    additionalDetails: text("additional_details"),
    // The organiser said the date is not fixed yet (then event_date is null).
    dateNotFixed: boolean("date_not_fixed").notNull().default(false),
    status: text("status").notNull().default("pending"),
    // The private link the organiser follows the request by: /request/{status_token}.
    statusToken: text("status_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    declineReason: text("decline_reason"),
    // When the musician accepted or declined (a decline can be undone for a few seconds).
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    // The organiser account that sent it (null: an anonymous visitor).
    clientUserId: text("client_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_requests_musician_status_created_idx").on(t.musicianId, t.status, t.createdAt.desc()),
    index("booking_requests_client_user_idx").on(t.clientUserId, t.createdAt.desc()),
    uniqueIndex("booking_requests_status_token_key").on(t.statusToken),
    check("booking_requests_status_check", sql`${t.status} IN ('draft', 'pending', 'accepted', 'declined')`),
    check(
      "booking_requests_event_type_check",
      sql`${t.eventType} IN ('wedding', 'birthday', 'corporate', 'cocktail', 'concert', 'award', 'gala', 'other')`,
    ),
    check(
      "booking_requests_budget_check",
      sql`${t.budgetEstimateKobo} IS NULL OR ${t.budgetEstimateKobo} >= 0`,
    ),
  ],
);

export const clientDisputes = pgTable(
  "client_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    disputeReason: text("dispute_reason").notNull(),
    // A dispute on a paid booking freezes its escrow until an admin resolves it.
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_disputes_booking_id_idx").on(t.bookingId, t.createdAt)],
);

// Issue 22 §4: the musician's replies to a request whose sender has no account, and that sender's
// answers (an organiser with an account talks in Messages instead). Kept as typed; masked when read
// until the booking is paid.
export const bookingRequestReplies = pgTable(
  "booking_request_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => bookingRequests.id, { onDelete: "cascade" }),
    sender: text("sender").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_request_replies_request_created_idx").on(t.requestId, t.createdAt),
    check("booking_request_replies_sender_check", sql`${t.sender} IN ('musician', 'requester')`),
    check("booking_request_replies_body_length_check", sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
