// Base backups with PostgreSQL's backup API: pg_backup_start, a copy of the cluster folder while the
// server runs, pg_backup_stop (which waits until the WAL the copy needs is archived) and its
// backup_label. The copy plus the archived WAL from its start is a consistent database at any later
// moment. The secrets `npm start` generated are kept beside each one, so a restored folder serves as
// the old one did (README: guard the backup folder like the data folder).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { BackupStore } from "./backup-store.server";

const exec = promisify(execFile);

/** Files `npm start` makes in DATA_DIR that a restored folder needs (database passwords, session secret). */
export const SECRET_FILES = ["postgres-password", "app-role-password", "auth-secret"] as const;

export interface BaseBackup {
  id: string;
  /** When pg_backup_start returned: the copy reflects the database from here on. */
  startedAt: string;
  /** When pg_backup_stop returned: the earliest moment this backup can be restored to. */
  finishedAt: string;
  startWal: string;
  /** The cluster's system identifier: its WAL is under wal/<systemId>/. */
  systemId: string;
  timeline: number;
  bytes: number;
  backupLabel: string;
  pgVersion: string;
}

/** Folders whose contents PostgreSQL rebuilds at start (its docs: omit them from a base backup). */
const EXCLUDED = [
  "./postmaster.pid",
  "./postmaster.opts",
  "./pg_wal/*",
  "./pg_replslot/*",
  "./pg_dynshmem/*",
  "./pg_notify/*",
  "./pg_serial/*",
  "./pg_snapshots/*",
  "./pg_stat_tmp/*",
  "./pg_subtrans/*",
  "./pgsql_tmp*",
  "./base/pgsql_tmp*",
];

export class BackupBusyError extends Error {}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Takes a base backup of the running cluster in `pgDir` through `ownerUrl` (a superuser) into the store.
 * One at a time per cluster (an advisory lock): a second caller gets BackupBusyError.
 */
export async function takeBaseBackup(opts: {
  ownerUrl: string;
  pgDir: string;
  dataDir: string;
  store: BackupStore;
  now?: () => Date;
}): Promise<BaseBackup> {
  const now = opts.now ?? (() => new Date());
  const client = new pg.Client({ connectionString: opts.ownerUrl, application_name: "stagebook-backup" });
  await client.connect();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-base-"));
  try {
    const lock = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(7355608, 37) AS ok");
    if (!lock.rows[0]?.ok) throw new BackupBusyError("a base backup is already being taken");
    const started = now();
    const id = stamp(started);
    // Fast: a checkpoint now rather than spread over minutes; the backup is small and the job waits on it.
    await client.query("SELECT pg_backup_start($1, true)", [`stagebook ${id}`]);
    const tarFile = path.join(work, "data.tar.gz");
    let stop: { labelfile: string };
    try {
      await tarCluster(opts.pgDir, tarFile);
    } finally {
      // Waits until the last WAL segment the copy needs has been archived.
      stop = (await client.query<{ labelfile: string }>("SELECT labelfile FROM pg_backup_stop(true)"))
        .rows[0]!;
    }
    const finished = now();
    const version = await client.query<{ server_version: string; system_id: string }>(
      "SELECT current_setting('server_version') AS server_version, (SELECT system_identifier::text FROM pg_control_system()) AS system_id",
    );
    const label = stop.labelfile;
    const startWal = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
    const timeline = Number(/START TIMELINE: (\d+)/.exec(label)?.[1] ?? 1);
    if (!startWal) throw new Error(`unexpected backup label: ${label}`);
    const backup: BaseBackup = {
      id,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      startWal,
      systemId: version.rows[0]?.system_id ?? "",
      timeline,
      bytes: fs.statSync(tarFile).size,
      backupLabel: label,
      pgVersion: version.rows[0]?.server_version ?? "",
    };
    const secrets: Record<string, string> = {};
    for (const name of SECRET_FILES) {
      const file = path.join(opts.dataDir, name);
      if (fs.existsSync(file)) secrets[name] = fs.readFileSync(file, "utf8").trim();
    }
    await opts.store.putFile(`base/${id}/data.tar.gz`, tarFile);
    await opts.store.putText(`base/${id}/secrets.json`, `${JSON.stringify(secrets)}\n`);
    // Last: a base backup is listed (and restorable) only once all of it is stored.
    await opts.store.putText(`base/${id}/backup.json`, `${JSON.stringify(backup, null, 2)}\n`);
    return backup;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await client.end().catch(() => {});
  }
}

/** tar + gzip of the live cluster. Files changing or vanishing under it are expected (WAL replay fixes them). */
async function tarCluster(pgDir: string, out: string): Promise<void> {
  const args = [
    "-czf",
    out,
    "--warning=no-file-changed",
    "--warning=no-file-removed",
    "--warning=no-file-shrank",
    "--ignore-failed-read",
    ...EXCLUDED.map((e) => `--exclude=${e}`),
    "-C",
    pgDir,
    ".",
  ];
  try {
    await exec("tar", args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    // Exit 1: "some files differ" (changed while read), which the WAL replay repairs. 2 is fatal.
    if ((err as { code?: number }).code !== 1) throw err;
  }
}

/** Every finished base backup in the store, oldest first. */
export async function listBaseBackups(store: BackupStore): Promise<BaseBackup[]> {
  const manifests = (await store.list("base/")).filter((o) => o.key.endsWith("/backup.json"));
  const backups = await Promise.all(
    manifests.map(async (m) => JSON.parse(await store.getText(m.key)) as BaseBackup),
  );
  return backups.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

/**
 * Deletes base backups that finished more than `retentionDays` ago, always keeping the newest, and the
 * archived WAL no kept backup needs: for each cluster (system identifier), what is older than its
 * oldest kept backup's start; for a cluster with no kept backup (one made anew in the same DATA_DIR
 * long ago), what is past retention by age. History files stay: they are tiny and every timeline needs
 * them. Returns what it deleted.
 */
export async function pruneBackups(
  store: BackupStore,
  retentionDays: number,
  now: Date,
): Promise<{ backups: string[]; walFiles: number }> {
  const backups = await listBaseBackups(store);
  if (backups.length === 0) return { backups: [], walFiles: 0 };
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const newest = backups[backups.length - 1]!;
  const old = backups.filter((b) => b !== newest && Date.parse(b.finishedAt) < cutoff);
  const kept = backups.filter((b) => !old.includes(b));
  const all = await store.list("base/");
  for (const b of old) {
    // The manifest first: a half-deleted backup is no longer listed as restorable.
    await store.delete([`base/${b.id}/backup.json`]);
    await store.delete(all.filter((o) => o.key.startsWith(`base/${b.id}/`)).map((o) => o.key));
  }
  const oldestStart = new Map<string, string>();
  for (const b of kept) {
    const start = oldestStart.get(b.systemId);
    if (!start || b.startWal < start) oldestStart.set(b.systemId, b.startWal);
  }
  const wal = (await store.list("wal/")).filter((o) => {
    const [, systemId = "", file = ""] = o.key.split("/");
    const name = file.replace(/\.gz$/, "");
    if (name.endsWith(".history")) return false;
    const start = oldestStart.get(systemId);
    return start ? name.slice(0, 24) < start : o.modified.getTime() < cutoff;
  });
  await store.delete(wal.map((o) => o.key));
  return { backups: old.map((b) => b.id), walFiles: wal.length };
}
