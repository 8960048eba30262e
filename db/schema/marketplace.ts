import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const marketWaitlist = pgTable(
  "market_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per e-mail, whatever its case: joining twice is a success, not a duplicate.
  (t) => [uniqueIndex("market_waitlist_email_key").on(sql`lower(${t.email})`)],
);
