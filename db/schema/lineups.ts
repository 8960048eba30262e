// Line-ups (issue 39): musicians a booking's musician (the leader) hires to play with them, each paid a
// fee out of the leader's share. The database keeps the rules that must hold under races: one live row
// per member, a member's accepted line-up never overlaps their other gigs (musician_busy), and nothing
// changes once the booking is paid (the freeze trigger). Hand-written SQL in db/migrations/0040_lineups.sql.
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

/**
 * invited: waiting for the member's answer; accepted: in the line-up (busy that time); declined: the
 * member said no; left: the member withdrew after accepting; removed: the leader took them off;
 * lapsed: the booking was paid before they answered (not in the line-up).
 */
export const lineUpStatuses = ["invited", "accepted", "declined", "left", "removed", "lapsed"] as const;
export type LineUpStatus = (typeof lineUpStatuses)[number];
/** The statuses that hold a place (and a fee) in the line-up. */
export const liveLineUpStatuses = ["invited", "accepted"] as const;

export const lineUpMembers = pgTable(
  "line_up_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    feeKobo: bigint("fee_kobo", { mode: "number" }).notNull(),
    status: text("status").notNull().default("invited"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live row per booking and member; a declined or removed member may be invited again.
    uniqueIndex("line_up_members_live_key")
      .on(t.bookingId, t.memberId)
      .where(sql`${t.status} IN ('invited', 'accepted')`),
    index("line_up_members_booking_idx").on(t.bookingId),
    index("line_up_members_member_idx").on(t.memberId, t.status),
    check("line_up_members_fee_check", sql`${t.feeKobo} > 0`),
    check("line_up_members_role_check", sql`char_length(${t.role}) BETWEEN 1 AND 60`),
    check(
      "line_up_members_status_check",
      sql`${t.status} IN ('invited', 'accepted', 'declined', 'left', 'removed', 'lapsed')`,
    ),
  ],
);

/**
 * When each musician is busy: one row per confirmed or completed booking (its musician) and per accepted
 * line-up place on a booking that is not cancelled (the member), kept by triggers from the two tables.
 * Its exclusion constraint is the one rule "a musician is never in two places at once" across both.
 * The busy_during range column and the EXCLUDE constraint are in the migration (drizzle cannot say them).
 */
export const musicianBusy = pgTable(
  "musician_busy",
  {
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    /** Null: the musician's own booking; else the line-up place that makes them busy. */
    lineUpMemberId: uuid("line_up_member_id").references(() => lineUpMembers.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("musician_busy_booking_musician_key").on(t.bookingId, t.musicianId),
    index("musician_busy_line_up_member_idx").on(t.lineUpMemberId),
  ],
);

/**
 * The thread between the leader and one member who agreed to play (issue 39 §3): two musicians working
 * together, so no contact masking (ADR 0034). Open once the place is accepted; kept after it ends.
 */
export const lineUpMessages = pgTable(
  "line_up_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    placeId: uuid("place_id")
      .notNull()
      .references(() => lineUpMembers.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("line_up_messages_place_idx").on(t.placeId, t.id),
    index("line_up_messages_sender_idx").on(t.senderId),
    check("line_up_messages_body_check", sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);
