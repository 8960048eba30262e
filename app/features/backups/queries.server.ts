import { sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { backupStatus } from "~db/schema/backups";

export type BackupStatusRow = typeof backupStatus.$inferSelect;

export async function readBackupStatus(): Promise<BackupStatusRow | undefined> {
  const [row] = await db
    .select({
      id: backupStatus.id,
      target: backupStatus.target,
      lastWalName: backupStatus.lastWalName,
      lastWalAt: backupStatus.lastWalAt,
      lastBaseBackupAt: backupStatus.lastBaseBackupAt,
      failingSince: backupStatus.failingSince,
      lastError: backupStatus.lastError,
      checkedAt: backupStatus.checkedAt,
    })
    .from(backupStatus)
    .limit(1);
  return row;
}

/** Records one look; failingSince keeps the first failure's time until a look finds it recovered. */
export async function writeBackupStatus(s: {
  target: string;
  lastWalName: string | null;
  lastWalAt: Date | null;
  lastBaseBackupAt: Date | null;
  error: string | null;
}): Promise<BackupStatusRow> {
  const failing = s.error ? sql`coalesce(${backupStatus.failingSince}, now())` : sql`NULL`;
  const [row] = await db
    .insert(backupStatus)
    .values({
      id: 1,
      target: s.target,
      lastWalName: s.lastWalName,
      lastWalAt: s.lastWalAt,
      lastBaseBackupAt: s.lastBaseBackupAt,
      failingSince: s.error ? new Date() : null,
      lastError: s.error,
    })
    .onConflictDoUpdate({
      target: backupStatus.id,
      set: {
        target: s.target,
        // A look that could not reach the store keeps what the last good look saw.
        lastWalName: sql`coalesce(${s.lastWalName}, ${backupStatus.lastWalName})`,
        lastWalAt: sql`coalesce(${s.lastWalAt}, ${backupStatus.lastWalAt})`,
        lastBaseBackupAt: sql`coalesce(${s.lastBaseBackupAt}, ${backupStatus.lastBaseBackupAt})`,
        failingSince: failing,
        lastError: s.error,
        checkedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}
