// Backups while the app runs (issue 37, ADR 0029): two jobs on the queue. backup-base takes a base
// backup when none is recent (BACKUP_BASE_EVERY_HOURS) and prunes by BACKUP_RETENTION_DAYS;
// backup-watch, every minute, ships spooled WAL to S3, reads PostgreSQL's archiver statistics and
// records what it saw for the admin page. While archiving fails it logs an error every minute and the
// admin page shows an alert. Neither touches a request: PostgreSQL archives in its own process, and a
// failing archive only keeps WAL in pg_wal until it recovers.
import pg from "pg";
import { postgresOsUser } from "~/server/embedded-postgres.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { type ArchivePlan, archivePlan, shipSpool } from "./archiving.server";
import {
  type BackupConfig,
  type BackupStore,
  backupConfig,
  CLUSTER_ENV,
  openBackupStore,
} from "./backup-store.server";
import { BackupBusyError, listBaseBackups, pruneBackups, takeBaseBackup } from "./base-backup.server";
import { type BackupStatusRow, readBackupStatus, writeBackupStatus } from "./queries.server";

export const BASE_BACKUP_JOB = "backup-base";
/** Hourly: a base backup is taken when the newest is older than BACKUP_BASE_EVERY_HOURS. */
export const BASE_BACKUP_CRON = "17 * * * *";
export const BACKUP_WATCH_JOB = "backup-watch";
export const BACKUP_WATCH_CRON = "* * * * *";

export interface BackupRuntime {
  config: BackupConfig;
  store: BackupStore;
  plan: ArchivePlan;
  pgDir: string;
  dataDir: string;
  /** The cluster owner's connection (DATABASE_URL): the backup API needs a superuser. */
  ownerUrl: string;
}

let cached: BackupRuntime | undefined;

/** The backups this process runs, or undefined (BACKUPS=off, or your own PostgreSQL via DATABASE_URL). */
export function backupRuntime(): BackupRuntime | undefined {
  const pgDir = process.env[CLUSTER_ENV];
  const ownerUrl = process.env.DATABASE_URL;
  const config = backupConfig(env());
  if (!config.enabled || !pgDir || !ownerUrl) return undefined;
  if (cached?.pgDir === pgDir && cached.ownerUrl === ownerUrl) return cached;
  cached = {
    config,
    store: openBackupStore(config.target),
    plan: archivePlan(config, pgDir, postgresOsUser()),
    pgDir,
    dataDir: env().DATA_DIR,
    ownerUrl,
  };
  return cached;
}

/** The backup-base job: a base backup if none is recent, then retention. */
export async function runBaseBackupJob(rt = backupRuntime(), now = new Date()): Promise<void> {
  if (!rt) return;
  const backups = await listBaseBackups(rt.store);
  const newest = backups[backups.length - 1];
  const due =
    !newest || now.getTime() - Date.parse(newest.finishedAt) >= rt.config.baseEveryHours * 3_600_000;
  if (due) {
    try {
      const b = await takeBaseBackup({
        ownerUrl: rt.ownerUrl,
        pgDir: rt.pgDir,
        dataDir: rt.dataDir,
        store: rt.store,
      });
      logger.info({ id: b.id, bytes: b.bytes, where: rt.store.where }, "base backup taken");
    } catch (err) {
      if (err instanceof BackupBusyError) return;
      throw err;
    }
  }
  const pruned = await pruneBackups(rt.store, rt.config.retentionDays, now);
  if (pruned.backups.length || pruned.walFiles)
    logger.info({ ...pruned, retentionDays: rt.config.retentionDays }, "old backups pruned");
  // The admin page shows the new backup now, not at the next minute's look.
  if (due) await runBackupWatch(rt);
}

type ArchiverStats = {
  last_archived_wal: string | null;
  last_archived_time: Date | null;
  last_failed_wal: string | null;
  last_failed_time: Date | null;
};

/** PostgreSQL's own record of its archiver (one short connection to the cluster that archives). */
async function archiverStats(url: string): Promise<ArchiverStats | undefined> {
  const client = new pg.Client({ connectionString: url, application_name: "stagebook-backup-watch" });
  await client.connect();
  try {
    const res = await client.query<ArchiverStats>(
      "SELECT last_archived_wal, last_archived_time, last_failed_wal, last_failed_time FROM pg_stat_archiver",
    );
    return res.rows[0];
  } finally {
    await client.end().catch(() => {});
  }
}

/** The backup-watch job: ship, look, record; an error logged every minute while anything fails. */
export async function runBackupWatch(rt = backupRuntime()): Promise<BackupStatusRow | undefined> {
  if (!rt) return undefined;
  const problems: string[] = [];
  let lastWalName: string | null = null;
  let lastWalAt: Date | null = null;
  if (rt.plan.spooled) {
    try {
      const shipped = await shipSpool(rt.plan, rt.store);
      if (shipped) {
        lastWalName = shipped;
        lastWalAt = new Date();
      }
    } catch (err) {
      problems.push(`archived WAL could not be copied to ${rt.store.where}: ${(err as Error).message}`);
    }
  }
  const stats = await archiverStats(rt.ownerUrl);
  if (stats?.last_failed_time) {
    const failedAt = new Date(stats.last_failed_time);
    const archivedAt = stats.last_archived_time ? new Date(stats.last_archived_time) : undefined;
    if (!archivedAt || failedAt > archivedAt)
      problems.push(
        `PostgreSQL cannot archive WAL segment ${stats.last_failed_wal} (last attempt ${failedAt.toISOString()}): is ${rt.plan.dir} full or unwritable?`,
      );
  }
  if (!rt.plan.spooled && stats?.last_archived_time) {
    lastWalName = stats.last_archived_wal;
    lastWalAt = new Date(stats.last_archived_time);
  }
  let lastBaseBackupAt: Date | null = null;
  try {
    const backups = await listBaseBackups(rt.store);
    const newest = backups[backups.length - 1];
    if (newest) {
      lastBaseBackupAt = new Date(newest.finishedAt);
      const ageHours = (Date.now() - lastBaseBackupAt.getTime()) / 3_600_000;
      if (ageHours > rt.config.baseEveryHours * 2)
        problems.push(`the newest base backup is ${Math.floor(ageHours)} hours old`);
    }
  } catch (err) {
    problems.push(`the backups in ${rt.store.where} could not be read: ${(err as Error).message}`);
  }
  const error = problems.length ? problems.join("; ") : null;
  const row = await writeBackupStatus({
    target: rt.store.where,
    lastWalName,
    lastWalAt,
    lastBaseBackupAt,
    error,
  });
  if (error)
    logger.error({ failingSince: row.failingSince, where: rt.store.where }, `backups are failing: ${error}`);
  return row;
}

export type BackupHealth =
  | { kind: "off"; reason: string }
  | {
      kind: "on";
      target: string;
      lastWalAt: string | null;
      lastWalName: string | null;
      lastBaseBackupAt: string | null;
      failingSince: string | null;
      lastError: string | null;
      checkedAt: string | null;
    };

/** What the admin page shows: the last archived WAL, the last base backup, and an alert while failing. */
export async function backupHealth(): Promise<BackupHealth> {
  const rt = backupRuntime();
  if (!rt)
    return {
      kind: "off",
      reason:
        env().BACKUPS === "off"
          ? "Backups are off (BACKUPS=off)."
          : 'This app uses your own PostgreSQL (DATABASE_URL): back it up with its own tools (README, "Backups and restore").',
    };
  const s = await readBackupStatus();
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    kind: "on",
    target: s?.target ?? rt.store.where,
    lastWalAt: iso(s?.lastWalAt),
    lastWalName: s?.lastWalName ?? null,
    lastBaseBackupAt: iso(s?.lastBaseBackupAt),
    failingSince: iso(s?.failingSince),
    lastError: s?.lastError ?? null,
    checkedAt: iso(s?.checkedAt),
  };
}
