// npm run test:restore — the restore drill (.ci/run runs it; README "Backups and restore" asks for it
// monthly on the real backups). On a fresh data folder started as `npm start` starts it (archiving on
// by default): bookings paid through the real checkout, a base backup by the backup job, more payments
// after it, then `npm run db:restore -- --latest` into a new folder and `npm run ledger:check` on that
// folder. Fails unless every payment came back and every ledger rule holds; prints how long each step took.
// `--measure-rpo` also waits for archive_timeout to archive the last write by itself and reports that lag.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { archivingFor } from "../app/features/backups/archiving.server";
import { backupConfig, CLUSTER_ENV } from "../app/features/backups/backup-store.server";
import { prepareAppRole } from "../app/server/app-role.server";
import { acquireDataDirLock, startEmbeddedPostgres } from "../app/server/embedded-postgres.server";
import { parseEnv } from "../app/server/env.server";
import { runMigrations } from "../app/server/migrate.server";

const run = promisify(execFile);
const measureRpo = process.argv.includes("--measure-rpo");
const PAYMENTS_BEFORE = 3;
const PAYMENTS_AFTER = 3;

const began = Date.now();
const secs = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
const root = fs.mkdtempSync(path.resolve(".data-drill-"));
fs.chmodSync(root, 0o755);
const dataDir = path.join(root, "data");
const restoredDir = path.join(root, "restored");
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
process.env.ORIGIN ??= "http://localhost:3000";
for (const k of ["DATABASE_URL", "DATABASE_APP_URL", "BACKUP_DIR", "BACKUP_S3_BUCKET", "S3_BUCKET"])
  delete process.env[k];

async function sql<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function npmScript(script: string, args: string[], dir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.DATABASE_APP_URL;
  delete env[CLUSTER_ENV];
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      env,
      timeout: 90_000,
    });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${script} failed:\n${e.stdout ?? ""}${e.stderr ?? e.message}`);
  }
}

let code = 0;
const release = acquireDataDirLock(dataDir);
const source = await startEmbeddedPostgres(dataDir, {
  settings: archivingFor(backupConfig(parseEnv(process.env))),
});
try {
  const t0 = Date.now();
  await runMigrations(source.url);
  const appUrl = await prepareAppRole(source.url, dataDir);
  // What server.ts does on a first start: the session secret it generates is kept with the backups.
  fs.writeFileSync(path.join(dataDir, "auth-secret"), "drill-session-secret-of-at-least-32-characters", {
    mode: 0o600,
  });
  process.env.BETTER_AUTH_SECRET = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8");
  process.env.DATABASE_URL = source.url;
  if (appUrl) process.env.DATABASE_APP_URL = appUrl;
  process.env[CLUSTER_ENV] = source.dataDir;
  const { createMusician, testIp } = await import("../tests/support/accounts");
  const { payForNewBooking } = await import("../app/features/backups/backup-test-support");
  const { runBackupWatch, runBaseBackupJob } = await import("../app/features/backups/backups.server");
  const { stopJobs } = await import("../app/server/jobs/jobs.server");
  const { closeDb } = await import("../app/server/db.server");
  const musician = await createMusician();
  for (let i = 0; i < PAYMENTS_BEFORE; i++) await payForNewBooking(musician.profileId, testIp());
  console.log(`restore drill: fresh database, ${PAYMENTS_BEFORE} payments (${secs(t0)} s)`);

  const t1 = Date.now();
  await runBaseBackupJob();
  console.log(`restore drill: base backup by the backup job (${secs(t1)} s)`);

  for (let i = 0; i < PAYMENTS_AFTER; i++) await payForNewBooking(musician.profileId, testIp());
  const [{ wal, at }] = (await sql<{ wal: string; at: Date }>(
    source.url,
    "SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS wal, clock_timestamp() AS at",
  )) as [{ wal: string; at: Date }];
  const t2 = Date.now();
  if (!measureRpo) await sql(source.url, "SELECT pg_switch_wal()");
  await until(
    `WAL segment ${wal} archived`,
    async () => {
      const [s] = await sql<{ last: string | null }>(
        source.url,
        "SELECT last_archived_wal AS last FROM pg_stat_archiver",
      );
      return s?.last != null && s.last >= wal;
    },
    measureRpo ? 180_000 : 30_000,
  );
  const archivedAfter = (Date.now() - new Date(at).getTime()) / 1000;
  // The minute's watch job: copies a spool (S3, or a BACKUP_DIR the postgres OS user cannot reach) to
  // the store, and must find nothing failing.
  const watched = await runBackupWatch();
  if (watched?.lastError) throw new Error(`the backup watch reports: ${watched.lastError}`);
  console.log(
    measureRpo
      ? `restore drill: the last payment's WAL archived by archive_timeout ${archivedAfter.toFixed(1)} s after it committed (RPO)`
      : `restore drill: ${PAYMENTS_AFTER} more payments, WAL archived (${secs(t2)} s)`,
  );
  const [expected] = await sql<{ payments: string; bookings: string }>(
    source.url,
    "SELECT (SELECT count(*) FROM payments WHERE status = 'success') AS payments, (SELECT count(*) FROM bookings_by_musician) AS bookings",
  );
  await stopJobs();
  await closeDb();

  const t3 = Date.now();
  const restored = await npmScript("db-restore", ["--latest", "--into", restoredDir], dataDir);
  const restoreSecs = secs(t3);
  process.stdout.write(restored.replace(/^/gm, "  "));
  const t4 = Date.now();
  const checked = await npmScript("ledger-check", [], restoredDir);
  const checkSecs = secs(t4);
  process.stdout.write(checked.replace(/^/gm, "  "));
  const want = `bookings: ${expected?.bookings}; payments: ${expected?.payments} (${expected?.payments} succeeded)`;
  if (!restored.includes(want) || !checked.includes("ledger:check OK")) {
    code = 1;
    console.error(`restore drill FAILED: expected "${want}" and ledger:check OK`);
  } else
    console.log(
      `restore drill OK: every payment (${expected?.payments}) back; restore ${restoreSecs} s (RTO for this database), ledger:check ${checkSecs} s, whole drill ${secs(began)} s`,
    );
} catch (err) {
  code = 1;
  console.error(`restore drill FAILED: ${(err as Error).stack ?? err}`);
} finally {
  await source.stop();
  release();
  if (code === 0) fs.rmSync(root, { recursive: true, force: true });
  else console.error(`(left ${root} for a look)`);
}
process.exit(code);
