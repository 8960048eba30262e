// npm run db:backups — lists the base backups (when each finished, its size) and the archived WAL.
import { listBaseBackups } from "../app/features/backups/base-backup.server";
import { storeFromEnv } from "./backup-cluster";

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
try {
  const store = storeFromEnv();
  const backups = await listBaseBackups(store);
  const wal = (await store.list("wal/")).filter((o) => o.key.endsWith(".gz"));
  console.log(`Backups in ${store.where}`);
  if (backups.length === 0) console.log("  no base backups yet (npm run db:backup takes one now)");
  for (const b of backups)
    console.log(`  ${b.id}  finished ${b.finishedAt}  ${mb(b.bytes).padStart(9)}  PostgreSQL ${b.pgVersion}`);
  const walBytes = wal.reduce((sum, o) => sum + o.size, 0);
  const last = wal.filter((o) => !o.key.endsWith(".history.gz")).at(-1);
  const newest = last ? `, newest ${last.key.slice(4, -3)} archived ${last.modified.toISOString()}` : "";
  console.log(`  archived WAL: ${wal.length} files, ${mb(walBytes)}${newest}`);
  if (backups[0]) console.log(`  restorable from ${backups[0].finishedAt} to the newest archived WAL`);
} catch (err) {
  console.error(`db:backups: ${(err as Error).message}`);
  process.exit(1);
}
