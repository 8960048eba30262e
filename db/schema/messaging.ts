// Messaging (issue 11): one conversation per organiser and musician; the messages table is the truth,
// real-time delivery (NOTIFY + Server-Sent Events) only announces what is stored here.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { bookingRequests, bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organiserUserId: text("organiser_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    // The booking or request it is about, when it started from one (or a booking was made in it).
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "set null" }),
    requestId: uuid("request_id").references(() => bookingRequests.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    // Read positions: the id of the newest message each side has seen (unread = newer ones).
    organiserReadId: bigint("organiser_read_id", { mode: "number" }).notNull().default(0),
    musicianReadId: bigint("musician_read_id", { mode: "number" }).notNull().default(0),
    // When each side last had the thread open, and was last e-mailed about it (at most 1 per 15 min).
    organiserSeenAt: timestamp("organiser_seen_at", { withTimezone: true }),
    musicianSeenAt: timestamp("musician_seen_at", { withTimezone: true }),
    organiserEmailedAt: timestamp("organiser_emailed_at", { withTimezone: true }),
    musicianEmailedAt: timestamp("musician_emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_organiser_musician_key").on(t.organiserUserId, t.musicianId),
    index("conversations_musician_last_idx").on(t.musicianId, t.lastMessageAt.desc()),
    index("conversations_organiser_last_idx").on(t.organiserUserId, t.lastMessageAt.desc()),
    index("conversations_booking_id_idx").on(t.bookingId),
    index("conversations_request_id_idx").on(t.requestId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    // An increasing number, so a reconnecting stream can ask for everything after the last one it saw.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // What both sides see (contact details masked until the booking is paid).
    body: text("body").notNull(),
    // The text as typed, kept for admins when it was masked; null when nothing was hidden.
    originalBody: text("original_body"),
    masked: boolean("masked").notNull().default(false),
    // The later message whose arrival masked this one again (a number split over both, issue 36); the
    // stream sends this message's new text with that one. References messages(id) (migration 0044).
    revisedBy: bigint("revised_by", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_id_idx").on(t.conversationId, t.id),
    index("messages_sender_created_idx").on(t.senderUserId, t.createdAt),
    check("messages_body_length_check", sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);
