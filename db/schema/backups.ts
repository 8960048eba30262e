import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row (id 1): what the backup watch job saw last minute, for the admin page and its alert. Kept in
 * the database so every app process shows the same.
 */
export const backupStatus = pgTable(
  "backup_status",
  {
    id: integer("id").primaryKey().default(1),
    /** Where backups go, in words (a folder or s3://bucket/prefix). */
    target: text("target").notNull(),
    lastWalName: text("last_wal_name"),
    lastWalAt: timestamp("last_wal_at", { withTimezone: true }),
    lastBaseBackupAt: timestamp("last_base_backup_at", { withTimezone: true }),
    /** Set while archiving or shipping fails: the admin page raises an alert. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastError: text("last_error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("backup_status_one_row", sql`id = 1`)],
);
