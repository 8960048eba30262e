// The database side of `npm run test:failover`, each piece as it would run on its own machine: etcd (the
// store Patroni keeps its leader lock in), PostgreSQL nodes each run by Patroni with deploy/patroni.yml
// and Debian's PostgreSQL 15, and the haproxy in front of them (deploy/haproxy-postgres.cfg). Patroni and
// PostgreSQL run as the `postgres` OS user (PostgreSQL refuses root). Patroni starts PostgreSQL in its own
// session, so ending a Patroni does not end its PostgreSQL: stopNode() ends both.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sleep } from "../bench/server-control";
import { type BalancerSetup, freePort, track } from "./cluster";

export const PG_BIN_DIR = process.env.FAILOVER_PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
const PATRONI = "/usr/bin/patroni";
const ETCD = "/usr/bin/etcd";

function postgresUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("no postgres OS user: apt-get install postgresql-15 makes it");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** A folder the postgres OS user owns. */
export function postgresFolder(dir: string): string {
  const { uid, gid } = postgresUser();
  fs.mkdirSync(dir, { recursive: true });
  fs.chownSync(dir, uid, gid);
  return dir;
}

export function checkInstalled(): void {
  const missing = [PATRONI, ETCD, path.join(PG_BIN_DIR, "pg_rewind")].filter((f) => !fs.existsSync(f));
  if (missing.length)
    throw new Error(
      `${missing.join(", ")} missing: apt-get install patroni etcd-server postgresql-15 haproxy`,
    );
}

/** One etcd member, the whole store (three on three machines in production). */
export async function startEtcd(dir: string): Promise<{ endpoint: string }> {
  const client = await freePort();
  const peer = await freePort();
  const log = fs.openSync(`${dir}.log`, "a");
  const url = (port: number) => `http://127.0.0.1:${port}`;
  track(
    spawn(
      ETCD,
      [
        `--name=etcd1`,
        `--data-dir=${dir}`,
        `--listen-client-urls=${url(client)}`,
        `--advertise-client-urls=${url(client)}`,
        `--listen-peer-urls=${url(peer)}`,
        `--initial-advertise-peer-urls=${url(peer)}`,
        `--initial-cluster=etcd1=${url(peer)}`,
      ],
      { stdio: ["ignore", log, log], detached: true },
    ),
  );
  fs.closeSync(log);
  for (let i = 0; i < 300; i++) {
    const health = await fetch(`${url(client)}/health`, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.json() as Promise<{ health?: string }>)
      .catch(() => null);
    if (health?.health === "true") return { endpoint: `127.0.0.1:${client}` };
    await sleep(100);
  }
  throw new Error(`etcd did not start; see ${dir}.log`);
}

export interface Credentials {
  superuser: string;
  replication: string;
  rewind: string;
}

/** One PostgreSQL node and its Patroni. */
export class PatroniNode {
  patroni: ReturnType<typeof spawn> | null = null;
  readonly dataDir: string;
  readonly logFile: string;
  constructor(
    readonly name: string,
    readonly dir: string,
    readonly pgPort: number,
    readonly apiPort: number,
    private readonly etcd: string,
    private readonly credentials: Credentials,
  ) {
    this.dataDir = path.join(dir, "pgdata");
    this.logFile = `${dir}.log`;
  }

  get api(): string {
    return `http://127.0.0.1:${this.apiPort}`;
  }

  /** Starts Patroni (which starts, makes or rejoins its PostgreSQL). */
  start(): void {
    postgresFolder(this.dir);
    const { uid, gid } = postgresUser();
    const log = fs.openSync(this.logFile, "a");
    fs.chownSync(this.logFile, uid, gid);
    this.patroni = track(
      spawn(PATRONI, [path.resolve(import.meta.dirname, "../../deploy/patroni.yml")], {
        cwd: this.dir,
        uid,
        gid,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: this.dir,
          PATRONI_NAME: this.name,
          PATRONI_RESTAPI_LISTEN: `127.0.0.1:${this.apiPort}`,
          PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${this.apiPort}`,
          PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${this.pgPort}`,
          PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${this.pgPort}`,
          PATRONI_POSTGRESQL_DATA_DIR: this.dataDir,
          PATRONI_POSTGRESQL_BIN_DIR: PG_BIN_DIR,
          PATRONI_POSTGRESQL_PGPASS: path.join(this.dir, "pgpass"),
          PATRONI_ETCD3_HOSTS: this.etcd,
          PATRONI_SUPERUSER_PASSWORD: this.credentials.superuser,
          PATRONI_REPLICATION_PASSWORD: this.credentials.replication,
          PATRONI_REWIND_PASSWORD: this.credentials.rewind,
        },
        stdio: ["ignore", log, log],
        detached: true,
      }),
    );
    fs.closeSync(log);
  }

  /** Whether Patroni's REST API answers 200 to GET /primary, /replica or /sync (the synchronous standby). */
  async is(role: "primary" | "replica" | "sync"): Promise<boolean> {
    const res = await fetch(`${this.api}/${role}`, { signal: AbortSignal.timeout(1_000) }).catch(() => null);
    await res?.body?.cancel();
    return res?.status === 200;
  }

  /** Waits until the node answers 200 for that role; resolves with the time it did. */
  async waitFor(role: "primary" | "replica" | "sync", timeoutMs = 120_000): Promise<number> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (await this.is(role)) return Date.now();
      if (this.patroni && this.patroni.exitCode !== null)
        throw new Error(`${this.name}'s Patroni exited; see ${this.logFile}`);
      await sleep(100);
    }
    throw new Error(`${this.name} was not ${role} within ${timeoutMs} ms; see ${this.logFile}`);
  }

  /** The postmaster's pid, from postmaster.pid. */
  postmasterPid(): number | null {
    try {
      const pid = Number(fs.readFileSync(path.join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      return pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  /** SIGKILL to the postmaster and every process it started at once, as when its machine dies. */
  killPostgres(): number[] {
    const pid = this.postmasterPid();
    if (!pid) return [];
    const victims = [pid, ...childrenOf(pid)];
    for (const p of victims) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    return victims;
  }

  /** SIGKILL to Patroni; resolves once it is gone. */
  killPatroni(): Promise<void> {
    const child = this.patroni;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }

  /** Ends Patroni and its PostgreSQL (the test is over: nothing to keep). */
  async stop(): Promise<void> {
    await this.killPatroni();
    this.killPostgres();
  }

  /** Local PostgreSQL, not through haproxy: to read what a standby holds. */
  url(database: string): string {
    return `postgres://postgres:${encodeURIComponent(this.credentials.superuser)}@127.0.0.1:${this.pgPort}/${database}`;
  }
}

/** Every process whose parent is `pid` (the postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** deploy/haproxy-postgres.cfg in front of the nodes: connections go to whichever one is the primary. */
export function databaseBalancer(port: number, nodes: PatroniNode[]): BalancerSetup {
  return {
    name: "haproxy-postgres",
    config: "deploy/haproxy-postgres.cfg",
    backend: "postgres_primary",
    env: {
      STAGEBOOK_DB_BIND: `127.0.0.1:${port}`,
      ...Object.fromEntries(
        nodes.flatMap((n, i) => [
          [`STAGEBOOK_DB${i + 1}`, `127.0.0.1:${n.pgPort}`],
          [`STAGEBOOK_DB${i + 1}_API`, String(n.apiPort)],
        ]),
      ),
    },
  };
}
