import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";

export const phoneChannels = ["sms", "whatsapp"] as const;
export const phoneMessageStatuses = ["queued", "sent", "delivered", "failed", "skipped"] as const;

/**
 * One row per message (issue 30 §5): message_key = event key + side + channel, unique, so an event
 * queued twice, by two hosts or a retried job, is one message. The job sends it and records what the
 * provider answered; delivery reports move it to delivered or failed.
 */
export const phoneMessages = pgTable(
  "phone_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageKey: text("message_key").notNull(),
    event: text("event").notNull(),
    side: text("side").notNull(),
    channel: text("channel").notNull(),
    toPhone: text("to_phone").notNull(),
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "set null" }),
    requestId: uuid("request_id"),
    text: text("text").notNull(),
    template: text("template"),
    variables: jsonb("variables").$type<string[]>(),
    /** What the message says (PhoneVars), to write it again for another channel before it is sent. */
    vars: jsonb("vars").$type<Record<string, unknown>>(),
    status: text("status").notNull().default("queued"),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("phone_messages_message_key_key").on(t.messageKey),
    index("phone_messages_booking_idx").on(t.bookingId, t.createdAt),
    index("phone_messages_provider_id_idx").on(t.providerMessageId),
    index("phone_messages_queued_idx").on(t.sendAfter).where(sql`${t.status} = 'queued'`),
    check("phone_messages_channel_check", sql`${t.channel} IN ('sms', 'whatsapp')`),
    check("phone_messages_side_check", sql`${t.side} IN ('musician', 'client')`),
    check(
      "phone_messages_status_check",
      sql`${t.status} IN ('queued', 'sent', 'delivered', 'failed', 'skipped')`,
    ),
  ],
);

/**
 * A number's consent and channel (issue 30 §4). No row: on, by SMS. Keyed by the number in +234 form,
 * so a STOP from the phone, the musician's Account tab and the organiser's account all meet here.
 */
export const phoneConsents = pgTable(
  "phone_consents",
  {
    phone: text("phone").primaryKey(),
    enabled: boolean("enabled").notNull().default(true),
    channel: text("channel").notNull().default("sms"),
    /** "account", "booking", "stop" (an SMS STOP). */
    changedBy: text("changed_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("phone_consents_channel_check", sql`${t.channel} IN ('sms', 'whatsapp')`)],
);

/** An organiser turned updates off for one booking, from its page. */
export const phoneBookingMutes = pgTable("phone_booking_mutes", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
