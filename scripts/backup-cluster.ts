// Shared by db:backup and db:backups: the backup store from the environment (README, "Backups and
// restore") and, for db:backup, the embedded cluster to copy: the running server's (found through its
// postmaster.pid and the password in DATA_DIR) or, with no server running, one started here with
// archiving on, as `npm start` would.
import fs from "node:fs";
import path from "node:path";
import { archivePlan, archivingFor, shipSpool } from "../app/features/backups/archiving.server";
import {
  type BackupConfig,
  backupConfig,
  openBackupStore,
} from "../app/features/backups/backup-store.server";
import {
  acquireDataDirLock,
  clusterDir,
  DataDirInUseError,
  postgresOsUser,
  startEmbeddedPostgres,
} from "../app/server/embedded-postgres.server";
import { parseEnv } from "../app/server/env.server";

export function backupSettings(): { config: BackupConfig; dataDir: string } {
  const e = parseEnv(process.env);
  return { config: backupConfig(e), dataDir: e.DATA_DIR };
}

export function storeFromEnv() {
  return openBackupStore(backupSettings().config.target);
}

export interface OpenCluster {
  ownerUrl: string;
  pgDir: string;
  dataDir: string;
  /** Copies what the archiver spooled to the store (S3), so the new backup's WAL is there too. */
  ship(): Promise<void>;
  close(): Promise<void>;
}

export async function openClusterForBackup(): Promise<OpenCluster> {
  if (process.env.DATABASE_URL)
    throw new Error(
      'db:backup backs up the embedded database; with your own PostgreSQL (DATABASE_URL) use its own backups (README, "Backups and restore").',
    );
  const { config, dataDir } = backupSettings();
  const store = openBackupStore(config.target);
  const user = postgresOsUser();
  let release: (() => void) | undefined;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
  }
  if (!release) {
    // The server is running: its PostgreSQL's port is line 4 of postmaster.pid.
    const pgDir = clusterDir(dataDir, user);
    const pid = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
    const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
    const plan = archivePlan(config, pgDir, user);
    return {
      ownerUrl: `postgres://postgres:${password}@127.0.0.1:${pid[3]?.trim()}/stagebook`,
      pgDir,
      dataDir,
      ship: async () => {
        if (plan.spooled) await shipSpool(plan, store);
      },
      close: async () => {},
    };
  }
  const embedded = await startEmbeddedPostgres(dataDir, { settings: archivingFor(config) });
  const plan = archivePlan(config, embedded.dataDir, user);
  return {
    ownerUrl: embedded.url,
    pgDir: embedded.dataDir,
    dataDir,
    ship: async () => {
      if (plan.spooled) await shipSpool(plan, store);
    },
    close: async () => {
      await embedded.stop();
      release?.();
    },
  };
}
