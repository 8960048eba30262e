// npm run db:backup — takes a base backup of the embedded database now (the running server's, or
// DATA_DIR's with none running) into BACKUP_DIR or the S3 store. README, "Backups and restore".
import { takeBaseBackup } from "../app/features/backups/base-backup.server";
import { openClusterForBackup, storeFromEnv } from "./backup-cluster";

try {
  const store = storeFromEnv();
  const cluster = await openClusterForBackup();
  try {
    const started = Date.now();
    const b = await takeBaseBackup({
      ownerUrl: cluster.ownerUrl,
      pgDir: cluster.pgDir,
      dataDir: cluster.dataDir,
      store,
    });
    await cluster.ship();
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `db:backup: base backup ${b.id} (${formatBytes(b.bytes)}) stored in ${store.where} in ${secs} s; restorable from ${b.finishedAt}.`,
    );
  } finally {
    await cluster.close();
  }
} catch (err) {
  console.error(`db:backup: ${(err as Error).message}`);
  process.exit(1);
}
process.exit(0);

function formatBytes(n: number): string {
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}
