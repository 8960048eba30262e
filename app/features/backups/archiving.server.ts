// Continuous archiving of the embedded PostgreSQL (ADR 0029). PostgreSQL's archiver runs an
// archive_command for every finished WAL segment, and archive_timeout finishes one at most 60 s after a
// write. The command gzips the segment into a folder: BACKUP_DIR/wal itself, or, when backups go to
// S3 (or the postgres OS user cannot reach BACKUP_DIR), a spool folder beside the cluster that the
// watch job ships to the store every minute. A segment PostgreSQL forces out after a quiet minute is
// still 16 MB of mostly zeros: gzip makes it about 100 KB, which basic_archive would not.
import fs from "node:fs";
import path from "node:path";
import { canTraverse, type OsUser } from "../../server/embedded-postgres.server";
import type { BackupConfig, BackupStore } from "./backup-store.server";

export const ARCHIVE_TIMEOUT_SECONDS = 60;

/** A WAL file name PostgreSQL archives: a segment, a timeline history, or a backup history file. */
export const WAL_NAME = /^([0-9A-F]{24}(\.partial|\.[0-9A-F]{8}\.backup)?|[0-9A-F]{8}\.history)$/;

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface ArchivePlan {
  /** Where PostgreSQL's archive_command writes: BACKUP_DIR/wal/<system id>, or the spool. */
  dir: string;
  /** Whether the watch job must ship `dir` to the store (S3, or a BACKUP_DIR postgres cannot reach). */
  spooled: boolean;
  /**
   * The store's folder for this cluster's WAL: `wal/<system identifier>/`. A cluster made anew in the
   * same DATA_DIR (`rm -rf .data`, every e2e run) names its segments as the old one did; its own folder
   * keeps the two apart, as PostgreSQL's docs ask of an archive shared by several clusters.
   */
  walPrefix: string;
}

/** The cluster's database system identifier: the first 8 bytes of global/pg_control. */
export function systemIdentifier(pgDir: string): string {
  const control = fs.readFileSync(path.join(pgDir, "global", "pg_control"));
  return control.readBigUInt64LE(0).toString();
}

/** Where the archive goes for a cluster folder; every app process agrees on it. */
export function archivePlan(config: BackupConfig, pgDir: string, user: OsUser | undefined): ArchivePlan {
  const walPrefix = `wal/${systemIdentifier(pgDir)}/`;
  const spool = { dir: path.join(path.dirname(pgDir), "wal-spool"), spooled: true, walPrefix };
  if (config.target.kind !== "dir") return spool;
  const dir = path.join(config.target.dir, ...walPrefix.split("/").filter(Boolean));
  if (user && !canTraverse(path.join(dir, "x"), user)) return spool;
  return { dir, spooled: false, walPrefix };
}

/** Makes the archive folder (the postgres OS user's, when running as root) and returns the -c settings. */
export function archiveSettings(plan: ArchivePlan, user: OsUser | undefined): string[] {
  if (!plan.spooled) {
    // BACKUP_DIR and BACKUP_DIR/wal: the postgres OS user walks through to its folder but cannot list
    // or read the base backups (they hold the secrets).
    const backupDir = path.dirname(path.dirname(plan.dir));
    for (const d of [backupDir, path.dirname(plan.dir)]) {
      fs.mkdirSync(d, { recursive: true, mode: user ? 0o711 : 0o700 });
      if (user) fs.chmodSync(d, 0o711);
    }
  }
  fs.mkdirSync(plan.dir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(plan.dir, user.uid, user.gid);
  return [
    "wal_level=replica",
    "archive_mode=on",
    `archive_command=${archiveCommand(plan.dir)}`,
    `archive_timeout=${ARCHIVE_TIMEOUT_SECONDS}`,
  ];
}

/**
 * The embedded PostgreSQL's settings for `npm start` (server.ts) and db:backup: archiving on unless
 * BACKUPS=off. Undefined when off.
 */
export function archivingFor(
  config: BackupConfig,
): ((pgDir: string, user: OsUser | undefined) => string[]) | undefined {
  if (!config.enabled) return undefined;
  return (pgDir, user) => archiveSettings(archivePlan(config, pgDir, user), user);
}

/**
 * gzip into dir/<name>.gz, flushed, then renamed: whole or absent. A segment archived already (the
 * archiver retries after a crash) succeeds only if the copy is the same; a different one fails, as
 * PostgreSQL asks, so an archive is never overwritten with other history.
 */
export function archiveCommand(dir: string): string {
  const out = shellQuote(`${dir}/`);
  return (
    `if [ -f ${out}%f.gz ]; then gzip -dc ${out}%f.gz | cmp -s - %p; ` +
    `else gzip -1 < %p > ${out}%f.gz.tmp && sync ${out}%f.gz.tmp && mv ${out}%f.gz.tmp ${out}%f.gz; fi`
  );
}

/** The restore_command that reads the same folder back. */
export function restoreCommand(dir: string): string {
  const from = shellQuote(`${dir}/`);
  return `test -f ${from}%f.gz && gzip -dc ${from}%f.gz > %p`;
}

/** Ships spooled segments to the store (oldest first) and removes each once stored; returns the last. */
export async function shipSpool(plan: ArchivePlan, store: BackupStore): Promise<string | undefined> {
  const { dir } = plan;
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".gz") && WAL_NAME.test(n.slice(0, -3)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  let last: string | undefined;
  for (const name of names.sort()) {
    try {
      await store.putFile(`${plan.walPrefix}${name}`, path.join(dir, name));
    } catch (err) {
      // Shipped and removed meanwhile by another process (db:backup beside a running server).
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    fs.rmSync(path.join(dir, name), { force: true });
    last = name.slice(0, -3);
  }
  return last;
}
