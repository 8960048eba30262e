// The pieces `npm run test:scale` runs, each as it would run on its own machine: one PostgreSQL that no
// app host owns, an S3-compatible store (s3rver), app hosts (`npm run serve`'s command, WEB_CONCURRENCY=1,
// their own DATA_DIR, only the README's variables) and Debian's haproxy with deploy/haproxy.cfg.
// Every child runs in its own process group and is killed when the test ends, however it ends.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { startEmbeddedPostgres } from "../../app/server/embedded-postgres.server";
import { ROOT, sleep } from "../bench/server-control";

const children = new Set<ChildProcess>();

/** Kills every child still running (its whole process group), e.g. on exit or a failure. */
export function killAllChildren(signal: NodeJS.Signals = "SIGKILL"): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    }
  }
}
process.on("exit", () => killAllChildren());

/** Remembers a child started in its own process group, so killAllChildren ends it. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Database {
  ownerUrl: string;
  appUrl: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>>;
  maxConnections: number;
  stop(): Promise<void>;
}

/**
 * The shared PostgreSQL: the embedded-postgres binaries started as a standalone server (the test
 * process holds it; no app host does), prepared as prepareDatabase says.
 */
export async function startDatabase(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dataDir);
  const database = await prepareDatabase(embedded.url);
  return {
    ...database,
    async stop() {
      await database.stop();
      await embedded.stop();
    },
  };
}

/**
 * A PostgreSQL no app host owns, made ready as the README says: migrated once with `npm run db:migrate`
 * (as the owner, `ownerUrl`), and the app role given a login ("Database roles"). `stop` closes the
 * test's own connections.
 */
export async function prepareDatabase(ownerUrl: string): Promise<Database> {
  const migrate = spawnSync("npm", ["run", "db:migrate"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: ownerUrl, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (migrate.status !== 0)
    throw new Error(`npm run db:migrate failed:\n${migrate.stdout}\n${migrate.stderr}`);
  const password = randomBytes(12).toString("hex");
  const admin = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  // A connection the test holds may be cut (the failover test kills the primary under it).
  admin.on("error", () => {});
  await admin.query(`ALTER ROLE stagebook_app LOGIN PASSWORD '${password}'`);
  const url = new URL(ownerUrl);
  url.username = "stagebook_app";
  url.password = password;
  const max = await admin.query<{ max_connections: string }>("SHOW max_connections");
  return {
    ownerUrl,
    appUrl: url.toString(),
    query: (text, values) => admin.query(text, values),
    maxConnections: Number(max.rows[0]!.max_connections),
    stop: () => admin.end().catch(() => {}),
  };
}

export interface Store {
  bucket: string;
  endpoint: string;
  directory: string;
  stop(): Promise<void>;
}

/** An S3-compatible server (s3rver) with one bucket, reached by the app's own @aws-sdk S3 client. */
export async function startStore(directory: string): Promise<Store> {
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const bucket = "stagebook-uploads";
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    stop: () => server.close(),
  };
}

export interface HostOptions {
  name: string;
  port: number;
  dataDir: string;
  buildDir: string;
  env: Record<string, string>;
}

/** One app host: `node --import tsx server.ts` (what `npm run serve` runs) in its own process group. */
export class Host {
  child: ChildProcess | null = null;
  readonly logFile: string;
  constructor(readonly opts: HostOptions) {
    this.logFile = `${opts.dataDir}.log`;
  }

  get name(): string {
    return this.opts.name;
  }

  get url(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  start(): void {
    fs.mkdirSync(this.opts.dataDir, { recursive: true });
    const log = fs.openSync(this.logFile, "a");
    // Only the README's variables: nothing of this test's own environment leaks into a host.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/root",
      NODE_ENV: "production",
      PORT: String(this.opts.port),
      DATA_DIR: this.opts.dataDir,
      BUILD_DIR: this.opts.buildDir,
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      ...this.opts.env,
    };
    this.child = track(
      spawn(process.execPath, ["--import", "tsx", "server.ts"], {
        cwd: ROOT,
        env,
        stdio: ["ignore", log, log],
        detached: true,
      }),
    );
    fs.closeSync(log);
  }

  alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async waitHealthy(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.alive()) throw new Error(`${this.name} exited while starting; see ${this.logFile}`);
      try {
        const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return Date.now() - started;
      } catch {
        /* not up yet */
      }
      await sleep(100);
    }
    throw new Error(`${this.name} was not healthy within ${timeoutMs} ms; see ${this.logFile}`);
  }

  /** Sends the signal; resolves with how long the process took to exit. */
  signal(signal: NodeJS.Signals): Promise<number> {
    const child = this.child;
    if (!child || !this.alive()) return Promise.resolve(0);
    const at = Date.now();
    return new Promise((resolve) => {
      child.once("exit", () => resolve(Date.now() - at));
      child.kill(signal);
    });
  }
}

/** What one haproxy runs: the repository's configuration, the environment it reads, the backend it balances. */
export interface BalancerSetup {
  /** Names its stats page, log and PID-less files in the work folder. */
  name: string;
  config: string;
  env: Record<string, string>;
  backend: string;
}

/** deploy/haproxy.cfg in front of the app hosts. */
export function appBalancer(port: number, hosts: Host[]): BalancerSetup {
  return {
    name: "haproxy",
    config: "deploy/haproxy.cfg",
    backend: "stagebook",
    env: {
      STAGEBOOK_BIND: `127.0.0.1:${port}`,
      ...Object.fromEntries(hosts.map((h, i) => [`STAGEBOOK_APP${i + 1}`, `127.0.0.1:${h.opts.port}`])),
    },
  };
}

/** haproxy in the foreground with the repository's configuration, plus a stats page for the test. */
export class Balancer {
  child: ChildProcess | null = null;
  readonly port: number;
  readonly statsPort: number;
  constructor(
    port: number,
    statsPort: number,
    private readonly setup: BalancerSetup,
    private readonly workDir: string,
  ) {
    this.port = port;
    this.statsPort = statsPort;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    const haproxy = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
    if (!fs.existsSync(haproxy)) throw new Error(`${haproxy} is missing: apt-get install haproxy`);
    // The test's own addition: a stats page it reads to know when haproxy has marked a server down or up.
    const stats = path.join(this.workDir, `${this.setup.name}-stats.cfg`);
    fs.writeFileSync(
      stats,
      `frontend test_stats\n    mode http\n    bind 127.0.0.1:${this.statsPort}\n    stats enable\n    stats uri /\n`,
    );
    const log = fs.openSync(path.join(this.workDir, `${this.setup.name}.log`), "a");
    this.child = track(
      spawn(haproxy, ["-db", "-f", path.join(ROOT, this.setup.config), "-f", stats], {
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...this.setup.env },
        stdio: ["ignore", log, log],
        detached: true,
      }),
    );
    fs.closeSync(log);
  }

  /** The backend's servers as haproxy sees them: status (UP, DOWN, …) and its retry counters. */
  async stats(): Promise<{ servers: Map<string, string>; retries: number; redispatches: number }> {
    const res = await fetch(`http://127.0.0.1:${this.statsPort}/;csv`, {
      signal: AbortSignal.timeout(2_000),
    });
    const lines = (await res.text()).trim().split("\n");
    const head = lines[0]!.replace(/^# /, "").split(",");
    const col = (name: string) => head.indexOf(name);
    const servers = new Map<string, string>();
    let retries = 0;
    let redispatches = 0;
    for (const line of lines.slice(1)) {
      const f = line.split(",");
      if (f[0] !== this.setup.backend) continue;
      if (f[1] === "BACKEND") {
        retries = Number(f[col("wretr")] || 0);
        redispatches = Number(f[col("wredis")] || 0);
      } else servers.set(f[1]!, f[col("status")]!);
    }
    return { servers, retries, redispatches };
  }

  /** Waits until haproxy reports the server (app1, db1, …) in that state; resolves with the time it did. */
  async waitFor(server: string, state: "UP" | "DOWN", timeoutMs = 60_000): Promise<number> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const { servers } = await this.stats().catch(() => ({ servers: new Map<string, string>() }));
      const status = servers.get(server) ?? "";
      if (state === "UP" ? status === "UP" : status.startsWith("DOWN") || status === "MAINT")
        return Date.now();
      await sleep(50);
    }
    throw new Error(`haproxy did not report ${server} ${state} within ${timeoutMs} ms`);
  }
}
