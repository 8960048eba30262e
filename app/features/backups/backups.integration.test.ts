// Backups and point-in-time restore (issue 37) on a real embedded PostgreSQL started the way
// `npm start` starts it: archiving on by default, db:backup / db:backups / db:restore run as the
// commands people type, retention, a refused restore, and an archive failure (a full or unwritable
// disk, S3 down) that alerts without failing requests.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { grantAdminByEmail } from "~/features/admin/queries.server";
import { loader as adminLoader } from "~/routes/admin";
import { prepareAppRole } from "~/server/app-role.server";
import {
  acquireDataDirLock,
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from "~/server/embedded-postgres.server";
import { parseEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { runMigrations } from "~/server/migrate.server";
import { createMusician, loadContext, requestAs, testIp } from "../../../tests/support/accounts";
import { archivePlan, archivingFor, shipSpool, systemIdentifier } from "./archiving.server";
import { backupConfig, CLUSTER_ENV, DirStore, S3Store } from "./backup-store.server";
import { payForNewBooking } from "./backup-test-support";
import { type BackupRuntime, backupHealth, runBackupWatch } from "./backups.server";
import { BackupAlert, BackupCard } from "./components/backup-health";

type AdminArgs = Parameters<typeof adminLoader>[0];
async function adminPage(who: { cookie: string }, tab: string) {
  const page = await adminLoader({
    request: requestAs(who, `/admin?tab=${tab}`),
    params: {},
    context: loadContext(),
  } as AdminArgs);
  return {
    health: page.backups,
    alert: renderToString(createElement(BackupAlert, { health: page.backups })),
    card: renderToString(createElement(BackupCard, { health: page.backups })),
  };
}

import { type BaseBackup, listBaseBackups, pruneBackups, takeBaseBackup } from "./base-backup.server";

const run = promisify(execFile);
const ROOT = fs.mkdtempSync(path.resolve(".data-test-backups-"));
// A project folder as cloned (0755), so the postgres OS user reaches DATA_DIR and BACKUP_DIR when run as root.
fs.chmodSync(ROOT, 0o755);
const DATA_DIR = path.join(ROOT, "data");
const BACKUP_DIR = `${DATA_DIR}-backups`;

/** Runs one of the npm scripts as a person would, in DATA_DIR's environment; never throws. */
async function npmScript(
  script: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, LOG_LEVEL: "silent", ...extraEnv };
  delete env.DATABASE_URL;
  delete env.DATABASE_APP_URL;
  delete env.BACKUP_DIR;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      {
        env,
        timeout: 120_000,
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Closes the current WAL segment and waits until PostgreSQL reports it archived. */
async function switchAndWaitArchived(url: string): Promise<string> {
  const [row] = await query<{ wal: string }>(url, "SELECT pg_walfile_name(pg_switch_wal()) AS wal");
  const wal = row!.wal;
  await waitFor(`segment ${wal} archived`, async () => {
    const [s] = await query<{ last: string | null }>(
      url,
      "SELECT last_archived_wal AS last FROM pg_stat_archiver",
    );
    return s?.last != null && s.last >= wal;
  });
  return wal;
}

let db: EmbeddedDatabase;
let releaseLock: () => void;

beforeAll(async () => {
  // The server's start: DATA_DIR only, nothing about backups set.
  const config = backupConfig(parseEnv({ DATA_DIR }));
  releaseLock = acquireDataDirLock(DATA_DIR);
  db = await startEmbeddedPostgres(DATA_DIR, { settings: archivingFor(config) });
  await runMigrations(db.url);
  const appUrl = await prepareAppRole(db.url, DATA_DIR);
  const { closeDb } = await import("~/server/db.server");
  await closeDb();
  process.env.DATABASE_URL = db.url;
  if (appUrl) process.env.DATABASE_APP_URL = appUrl;
  process.env[CLUSTER_ENV] = db.dataDir;
}, 120_000);

afterAll(async () => {
  const { closeDb } = await import("~/server/db.server");
  await closeDb();
  await db?.stop();
  releaseLock?.();
  fs.rmSync(ROOT, { recursive: true, force: true });
});

describe("backups of the embedded database", () => {
  it("archives every WAL segment by default, into a folder beside DATA_DIR, within 60 s", {
    timeout: 120_000,
  }, async () => {
    const config = backupConfig(parseEnv({ DATA_DIR }));
    expect(config).toMatchObject({
      enabled: true,
      target: { kind: "dir", dir: BACKUP_DIR },
      retentionDays: 14,
    });
    const [settings] = await query<{ mode: string; timeout: string }>(
      db.url,
      "SELECT current_setting('archive_mode') AS mode, current_setting('archive_timeout') AS timeout",
    );
    expect(settings).toEqual({ mode: "on", timeout: "1min" });
    // Each cluster's WAL in a folder named by its system identifier (a cluster made anew never collides).
    const [control] = await query<{ id: string }>(
      db.url,
      "SELECT system_identifier::text AS id FROM pg_control_system()",
    );
    expect(systemIdentifier(db.dataDir)).toBe(control?.id);
    const walDir = path.join(BACKUP_DIR, "wal", control!.id);
    const wal = await switchAndWaitArchived(db.url);
    expect(fs.existsSync(path.join(walDir, `${wal}.gz`))).toBe(true);
    // Compressed: a segment is 16 MB in pg_wal; one forced out after a quiet minute is mostly zeros.
    expect(fs.statSync(path.join(walDir, `${wal}.gz`)).size).toBeLessThan(16 * 1024 * 1024);
    await query(db.url, "CREATE TEMP TABLE quiet AS SELECT 1");
    const quiet = await switchAndWaitArchived(db.url);
    expect(fs.statSync(path.join(walDir, `${quiet}.gz`)).size).toBeLessThan(256 * 1024);
  });

  let musician: Awaited<ReturnType<typeof createMusician>>;
  let first: { bookingId: string; reference: string };
  let second: { bookingId: string; reference: string };
  let between: string;

  it("db:backup takes a base backup of the running server's database; db:backups lists it with time and size", {
    timeout: 120_000,
  }, async () => {
    const taken = await npmScript("db-backup");
    expect(taken.out).toMatch(/db:backup: base backup \d{8}T\d{6}Z \(\d+(\.\d)? (KB|MB)\) stored in /);
    expect(taken.code).toBe(0);
    const [backup] = await listBaseBackups(new DirStore(BACKUP_DIR));
    expect(backup).toBeDefined();
    const secrets = JSON.parse(
      fs.readFileSync(path.join(BACKUP_DIR, "base", backup!.id, "secrets.json"), "utf8"),
    );
    expect(secrets["postgres-password"]).toBe(
      fs.readFileSync(path.join(DATA_DIR, "postgres-password"), "utf8").trim(),
    );

    const listed = await npmScript("db-backups");
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`Backups in ${BACKUP_DIR}`);
    expect(listed.out).toMatch(new RegExp(`${backup!.id} {2}finished ${backup!.finishedAt} +\\d+\\.\\d MB`));
    expect(listed.out).toMatch(/archived WAL: \d+ files/);
  });

  it("db:restore --to a moment between two payments brings back the earlier and not the later", {
    timeout: 120_000,
  }, async () => {
    musician = await createMusician();
    first = await payForNewBooking(musician.profileId, testIp());
    [{ between }] = (await query<{ between: Date }>(db.url, "SELECT clock_timestamp() AS between")).map(
      (r) => ({
        between: new Date(r.between).toISOString(),
      }),
    ) as [{ between: string }];
    second = await payForNewBooking(musician.profileId, testIp());
    await switchAndWaitArchived(db.url);

    const into = path.join(ROOT, "restored-between");
    const restored = await npmScript("db-restore", ["--to", between, "--into", into]);
    expect(restored.out).toContain(`stopped at: ${between}`);
    expect(restored.out).toMatch(/last transaction: \d{4}-\d\d-\d\dT/);
    expect(restored.out).toMatch(/bookings: 1; payments: 1 \(1 succeeded\)/);
    expect(restored.out).toContain("ledger:check OK");
    expect(restored.code).toBe(0);
    const lastXact = /last transaction: (\S+)/.exec(restored.out)![1]!;
    expect(Date.parse(lastXact)).toBeLessThanOrEqual(Date.parse(between));

    // The folder serves as the old one did: the kept passwords open it, the payments are as at `between`.
    const copy = await startEmbeddedPostgres(into);
    try {
      const refs = (await query<{ reference: string }>(copy.url, "SELECT reference FROM payments")).map(
        (r) => r.reference,
      );
      expect(refs).toEqual([first.reference]);
      expect(refs).not.toContain(second.reference);
      const appPassword = fs.readFileSync(path.join(into, "app-role-password"), "utf8").trim();
      expect(appPassword).toBe(fs.readFileSync(path.join(DATA_DIR, "app-role-password"), "utf8").trim());
      expect(fs.readFileSync(path.join(into, "postgres-password"), "utf8")).toBe(
        fs.readFileSync(path.join(DATA_DIR, "postgres-password"), "utf8"),
      );
    } finally {
      await copy.stop();
    }
  });

  it("db:restore --latest brings back everything archived", { timeout: 120_000 }, async () => {
    const into = path.join(ROOT, "restored-latest");
    const restored = await npmScript("db-restore", ["--latest", "--into", into]);
    expect(restored.out).toMatch(/bookings: 2; payments: 2 \(2 succeeded\)/);
    expect(restored.out).toContain("ledger:check OK");
    expect(restored.code).toBe(0);
    const copy = await startEmbeddedPostgres(into);
    try {
      const refs = (
        await query<{ reference: string }>(copy.url, "SELECT reference FROM payments ORDER BY created_at")
      ).map((r) => r.reference);
      expect(refs).toEqual([first.reference, second.reference]);
    } finally {
      await copy.stop();
    }
  });

  it("refuses to restore into a folder that holds a database, and leaves it as it was", {
    timeout: 120_000,
  }, async () => {
    const into = path.join(ROOT, "restored-latest");
    const before = fs.readdirSync(path.join(into, "postgres")).sort();
    const refused = await npmScript("db-restore", ["--latest", "--into", into]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Refusing to restore into ${into}: it holds a database.`);
    expect(fs.readdirSync(path.join(into, "postgres")).sort()).toEqual(before);

    const bad = await npmScript("db-restore", [
      "--to",
      "yesterday afternoon",
      "--into",
      path.join(ROOT, "x"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('"yesterday afternoon" is not a moment');
  });

  it("an archive that fails (the disk refuses) raises the admin alert and logs every minute, while requests still succeed", {
    timeout: 120_000,
  }, async () => {
    const rt = runtime();
    expect((await runBackupWatch(rt))?.failingSince).toBeNull();
    const walDir = path.join(BACKUP_DIR, "wal", systemIdentifier(db.dataDir));
    const errors = vi.spyOn(logger, "error");
    fs.chmodSync(walDir, 0o000);
    try {
      await query(db.url, "SELECT pg_switch_wal()");
      // Writes keep working while the archiver fails: a booking is paid through the app's own pool.
      const during = await payForNewBooking(musician.profileId, testIp());
      await query(db.url, "SELECT pg_switch_wal()");
      await waitFor("the archiver to report a failure", async () => {
        const [s] = await query<{ failed: Date | null; archived: Date | null }>(
          db.url,
          "SELECT last_failed_time AS failed, last_archived_time AS archived FROM pg_stat_archiver",
        );
        return s?.failed != null && (s.archived == null || s.failed > s.archived);
      });
      const seen = await runBackupWatch(rt);
      expect(seen?.failingSince).toBeInstanceOf(Date);
      expect(seen?.lastError).toMatch(/PostgreSQL cannot archive WAL segment [0-9A-F]{24}/);
      const again = await runBackupWatch(rt);
      expect(again?.failingSince).toEqual(seen?.failingSince);
      const alerts = errors.mock.calls
        .map((c) => String(c[1]))
        .filter((m) => m.startsWith("backups are failing"));
      expect(alerts).toHaveLength(2);
      expect(alerts[0]).toMatch(/^backups are failing: PostgreSQL cannot archive/);
      const health = await backupHealth();
      expect(health).toMatchObject({
        kind: "on",
        target: BACKUP_DIR,
        failingSince: seen?.failingSince?.toISOString(),
        lastError: expect.stringMatching(/^PostgreSQL cannot archive WAL segment/),
      });
      const [paid] = await query<{ status: string }>(
        db.url,
        "SELECT status FROM payments WHERE reference = $1",
        [during.reference],
      );
      expect(paid?.status).toBe("success");
    } finally {
      fs.chmodSync(walDir, 0o700);
      errors.mockRestore();
    }
    await query(db.url, "CREATE TEMP TABLE nudge AS SELECT 1");
    await switchAndWaitArchived(db.url);
    const recovered = await runBackupWatch(rt);
    expect(recovered?.failingSince).toBeNull();
    expect(recovered?.lastError).toBeNull();
    expect(recovered?.lastWalAt).toBeInstanceOf(Date);
    expect(recovered?.lastBaseBackupAt).toBeInstanceOf(Date);
    const admin = await createMusician();
    expect(await grantAdminByEmail(admin.email)).toBe(true);
    const overview = await adminPage(admin, "overview");
    expect(overview.alert).toBe("");
    expect(overview.health).toMatchObject({
      kind: "on",
      failingSince: null,
      lastWalAt: recovered?.lastWalAt?.toISOString(),
      lastBaseBackupAt: recovered?.lastBaseBackupAt?.toISOString(),
    });
    expect(overview.card).toContain("Last archived WAL");
    expect(overview.card).toContain(`dateTime="${recovered?.lastWalAt?.toISOString()}"`);
    expect(overview.card).toContain(`dateTime="${recovered?.lastBaseBackupAt?.toISOString()}"`);
  });
});

function runtime(): BackupRuntime {
  const config = backupConfig(parseEnv({ DATA_DIR }));
  return {
    config,
    store: new DirStore(BACKUP_DIR),
    plan: archivePlan(config, db.dataDir, undefined),
    pgDir: db.dataDir,
    dataDir: DATA_DIR,
    ownerUrl: db.url,
  };
}

describe("retention", () => {
  const manifest = (id: string, finishedAt: string, startWal: string): BaseBackup => ({
    id,
    startedAt: finishedAt,
    finishedAt,
    startWal,
    systemId: "7001",
    timeline: 1,
    bytes: 1,
    backupLabel: "",
    pgVersion: "18",
  });

  async function storeWith(backups: BaseBackup[], wal: string[]): Promise<DirStore> {
    const store = new DirStore(fs.mkdtempSync(path.join(ROOT, "retention-")));
    for (const b of backups) {
      await store.putText(`base/${b.id}/data.tar.gz`, "x");
      await store.putText(`base/${b.id}/backup.json`, JSON.stringify(b));
    }
    for (const w of wal) await store.putText(w.includes("/") ? `wal/${w}.gz` : `wal/7001/${w}.gz`, "x");
    return store;
  }

  it("prunes base backups older than the retention and the WAL only they needed, keeping the history files", async () => {
    const now = new Date("2026-12-17T12:00:00Z");
    const store = await storeWith(
      [
        manifest("20261201T000000Z", "2026-12-01T00:05:00Z", "000000010000000000000002"),
        manifest("20261205T000000Z", "2026-12-05T00:05:00Z", "000000010000000000000005"),
        manifest("20261215T000000Z", "2026-12-15T00:05:00Z", "000000010000000000000009"),
      ],
      [
        "000000010000000000000002",
        "000000010000000000000005",
        "000000010000000000000008",
        "000000010000000000000009",
        "00000002.history",
        "00000002000000000000000A",
        // A cluster made anew in the same folder long ago, none of its base backups kept.
        "7000/000000010000000000000001",
      ],
    );
    const pruned = await pruneBackups(store, 14, now);
    expect(pruned).toEqual({ backups: ["20261201T000000Z"], walFiles: 2 });
    expect((await listBaseBackups(store)).map((b) => b.id)).toEqual(["20261205T000000Z", "20261215T000000Z"]);
    expect((await store.list("wal/")).map((o) => o.key)).toEqual([
      "wal/7001/000000010000000000000005.gz",
      "wal/7001/000000010000000000000008.gz",
      "wal/7001/000000010000000000000009.gz",
      "wal/7001/00000002.history.gz",
      "wal/7001/00000002000000000000000A.gz",
    ]);
    expect(fs.existsSync(path.join(store.root, "base", "20261201T000000Z"))).toBe(false);
  });

  it("never prunes the only base backup left, however old", async () => {
    const store = await storeWith(
      [manifest("20250101T000000Z", "2025-01-01T00:05:00Z", "000000010000000000000003")],
      ["000000010000000000000003"],
    );
    expect(await pruneBackups(store, 14, new Date("2026-12-20T12:00:00Z"))).toEqual({
      backups: [],
      walFiles: 0,
    });
    expect(await listBaseBackups(store)).toHaveLength(1);
  });
});

describe("backups to an S3-compatible store", () => {
  it("archives through the spool to S3, restores from it, and alerts while S3 is down", {
    timeout: 180_000,
  }, async () => {
    const s3dir = path.join(ROOT, "s3");
    fs.mkdirSync(s3dir);
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const s3 = new S3rver({
      port,
      address: "127.0.0.1",
      directory: s3dir,
      silent: true,
      configureBuckets: [{ name: "stagebook-uploads", configs: [] }],
    });
    await s3.run();
    const s3Env = {
      S3_BUCKET: "stagebook-uploads",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    const dataDir = path.join(ROOT, "s3-data");
    fs.mkdirSync(dataDir);
    const config = backupConfig(parseEnv({ DATA_DIR: dataDir, ...s3Env }));
    expect(config.target).toMatchObject({ kind: "s3", bucket: "stagebook-uploads", prefix: "backups/" });
    const store = new S3Store(config.target as Extract<typeof config.target, { kind: "s3" }>);
    const cluster = await startEmbeddedPostgres(dataDir, { settings: archivingFor(config) });
    let s3Up = true;
    try {
      await runMigrations(cluster.url);
      const plan = archivePlan(config, cluster.dataDir, undefined);
      expect(plan).toEqual({
        dir: path.join(path.dirname(cluster.dataDir), "wal-spool"),
        spooled: true,
        walPrefix: `wal/${systemIdentifier(cluster.dataDir)}/`,
      });
      await takeBaseBackup({ ownerUrl: cluster.url, pgDir: cluster.dataDir, dataDir, store });
      await query(cluster.url, "CREATE TABLE drill (n int); INSERT INTO drill VALUES (42)");
      await switchAndWaitArchived(cluster.url);
      await shipSpool(plan, store);
      expect((await store.list(plan.walPrefix)).length).toBeGreaterThan(0);
      expect(fs.readdirSync(plan.dir).filter((n) => n.endsWith(".gz"))).toEqual([]);

      const into = path.join(ROOT, "restored-from-s3");
      const restored = await npmScript("db-restore", ["--latest", "--into", into], s3Env);
      expect(restored.out).toContain("ledger:check OK");
      expect(restored.code).toBe(0);
      const copy = await startEmbeddedPostgres(into);
      try {
        expect(await query(copy.url, "SELECT n FROM drill")).toEqual([{ n: 42 }]);
      } finally {
        await copy.stop();
      }

      await s3.close();
      s3Up = false;
      await query(cluster.url, "INSERT INTO drill VALUES (43)");
      await switchAndWaitArchived(cluster.url);
      const rt: BackupRuntime = {
        config,
        store,
        plan,
        pgDir: cluster.dataDir,
        dataDir,
        ownerUrl: cluster.url,
      };
      const errors = vi.spyOn(logger, "error");
      try {
        const seen = await runBackupWatch(rt);
        expect(seen?.lastError).toContain(
          "archived WAL could not be copied to s3://stagebook-uploads/backups/",
        );
        expect(seen?.failingSince).toBeInstanceOf(Date);
        const alerts = errors.mock.calls
          .map((c) => String(c[1]))
          .filter((m) => m.startsWith("backups are failing"));
        expect(alerts).toHaveLength(1);
      } finally {
        errors.mockRestore();
      }
      // Nothing is lost meanwhile: the segment waits in the spool for the store to come back.
      expect(fs.readdirSync(plan.dir).filter((n) => n.endsWith(".gz")).length).toBeGreaterThan(0);
    } finally {
      await cluster.stop();
      if (s3Up) await s3.close();
    }
  });
});
