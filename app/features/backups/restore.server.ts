// Point-in-time restore into a new data folder (ADR 0029): the newest base backup that finished before
// the moment, the archived WAL after it (restore_command), and recovery_target_time so PostgreSQL stops
// replaying exactly there; then it promotes the copy to a database of its own on a new timeline.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  clusterDir,
  type EmbeddedDatabase,
  PostgresError,
  postgresOsUser,
  startEmbeddedPostgres,
} from "~/server/embedded-postgres.server";
import { restoreCommand, WAL_NAME } from "./archiving.server";
import type { BackupStore } from "./backup-store.server";
import { type BaseBackup, listBaseBackups, SECRET_FILES } from "./base-backup.server";

const exec = promisify(execFile);

export class RestoreError extends Error {}

/** The moment to stop at, or everything archived. */
export type RestoreTarget = { to: Date } | { latest: true };

/** Whether `dir` is a folder a restore must not write into (it holds a database, or anything at all). */
export function occupiedReason(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  if (!fs.statSync(dir).isDirectory()) return "it is a file, not a folder";
  const entries = fs.readdirSync(dir);
  if (entries.includes("postgres") || entries.includes("postgres-location") || entries.includes("PG_VERSION"))
    return "it holds a database";
  if (entries.length > 0) return "it is not empty";
  return undefined;
}

/** The base backup to start from: the newest that finished at or before the moment. */
export function chooseBaseBackup(backups: BaseBackup[], target: RestoreTarget): BaseBackup {
  if (backups.length === 0)
    throw new RestoreError("There are no base backups yet: run `npm run db:backup` first.");
  if ("latest" in target) return backups[backups.length - 1]!;
  const before = backups.filter((b) => Date.parse(b.finishedAt) <= target.to.getTime());
  const chosen = before[before.length - 1];
  if (!chosen)
    throw new RestoreError(
      `No base backup had finished by ${target.to.toISOString()}: the oldest kept finished at ${backups[0]!.finishedAt}.`,
    );
  return chosen;
}

/** 2026-12-01 13:05:00.123+00: the form recovery_target_time takes (it refuses ISO's T and Z). */
export function pgTimestamp(d: Date): string {
  return `${d.toISOString().replace("T", " ").replace("Z", "")}+00`;
}

export interface Restored {
  backup: BaseBackup;
  database: EmbeddedDatabase;
  /** Stops the restored PostgreSQL and removes the staged WAL. */
  close(): Promise<void>;
}

/**
 * Rebuilds a database in `into` (a new or empty folder) and leaves it running for the caller to check;
 * close() stops it. `npm start` with DATA_DIR=into then serves it.
 */
export async function restoreInto(
  into: string,
  target: RestoreTarget,
  store: BackupStore,
): Promise<Restored> {
  const occupied = occupiedReason(into);
  if (occupied)
    throw new RestoreError(
      `Refusing to restore into ${path.resolve(into)}: ${occupied}. A restore only writes into a new, empty folder.`,
    );
  const backup = chooseBaseBackup(await listBaseBackups(store), target);
  const user = postgresOsUser();
  fs.mkdirSync(into, { recursive: true });
  const pgDir = clusterDir(into, user);
  if (fs.existsSync(path.join(pgDir, "PG_VERSION")))
    throw new RestoreError(`Refusing to restore into ${pgDir}: it holds a database.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-restore-wal-"));
  const cleanup = () => fs.rmSync(staging, { recursive: true, force: true });
  try {
    const secrets = JSON.parse(await store.getText(`base/${backup.id}/secrets.json`)) as Record<
      string,
      string
    >;
    for (const name of SECRET_FILES)
      if (secrets[name]) fs.writeFileSync(path.join(into, name), secrets[name], { mode: 0o600 });

    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    const tarFile = path.join(staging, "data.tar.gz");
    await store.getFile(`base/${backup.id}/data.tar.gz`, tarFile);
    await exec("tar", ["-xzf", tarFile, "-C", pgDir, "--no-same-owner"]);
    fs.rmSync(tarFile);
    fs.writeFileSync(path.join(pgDir, "backup_label"), backup.backupLabel, { mode: 0o600 });
    fs.writeFileSync(path.join(pgDir, "recovery.signal"), "", { mode: 0o600 });
    fs.rmSync(path.join(pgDir, "backup_label.old"), { force: true });

    // The WAL from the backup's start on (and every timeline's history), uncompressed by restore_command.
    const walPrefix = `wal/${backup.systemId}/`;
    for (const o of await store.list(walPrefix)) {
      const name = o.key.slice(walPrefix.length).replace(/\.gz$/, "");
      if (!WAL_NAME.test(name)) continue;
      if (name.endsWith(".history") || name.slice(0, 24) >= backup.startWal)
        await store.getFile(o.key, path.join(staging, `${name}.gz`));
    }
    if (user) {
      await exec("chown", ["-R", `${user.uid}:${user.gid}`, pgDir, staging]);
      for (const name of SECRET_FILES) {
        const f = path.join(into, name);
        if (fs.existsSync(f)) fs.chownSync(f, 0, 0);
      }
    }
    const stopAt =
      "to" in target
        ? [`recovery_target_time=${pgTimestamp(target.to)}`, "recovery_target_inclusive=true"]
        : [];
    let database: EmbeddedDatabase;
    try {
      database = await startEmbeddedPostgres(into, {
        settings: () => [
          "archive_mode=off",
          `restore_command=${restoreCommand(staging)}`,
          ...stopAt,
          "recovery_target_action=promote",
        ],
      });
    } catch (err) {
      if (err instanceof PostgresError && /before configured recovery target was reached/.test(err.output))
        throw new RestoreError(
          `The archive ends before ${"to" in target ? target.to.toISOString() : "the target"}: nothing archived reaches that moment yet. Restore with --latest, or wait a minute for the archive to catch up.`,
        );
      throw err;
    }
    return {
      backup,
      database,
      close: async () => {
        await database.stop();
        cleanup();
      },
    };
  } catch (err) {
    cleanup();
    // The folder was new or empty: what this restore wrote goes, so the next attempt may use it.
    fs.rmSync(pgDir, { recursive: true, force: true });
    for (const name of [...SECRET_FILES, "postgres-location"])
      fs.rmSync(path.join(into, name), { force: true });
    throw err;
  }
}
