import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, time, timestamp, uuid } from "drizzle-orm/pg-core";
import { musicianProfiles } from "./profiles";

// Spec §3 keeps availability in the browser only; we persist it (ARCHITECTURE §9).
export const musicianAvailability = pgTable(
  "musician_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    isAllDay: boolean("is_all_day").notNull().default(true),
    startTime: time("start_time"),
    endTime: time("end_time"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("musician_availability_profile_date_idx").on(t.profileId, t.date),
    index("musician_availability_date_idx").on(t.date),
    check(
      "musician_availability_times_check",
      sql`${t.isAllDay} OR (${t.startTime} IS NOT NULL AND ${t.endTime} IS NOT NULL AND ${t.endTime} > ${t.startTime})`,
    ),
  ],
);
