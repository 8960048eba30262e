// Starting, killing and inspecting a production Stagebook server for the benchmark and the crash test.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerOptions {
  port: number;
  dataDir: string;
  buildDir: string;
  logFile: string;
  env?: Record<string, string>;
}

export function ensureBuild(buildDir: string, force = false): void {
  if (!force && fs.existsSync(path.join(ROOT, buildDir, "server.js"))) return;
  console.log(`building into ${buildDir} ...`);
  const r = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    // Always a production build: under Vitest NODE_ENV is "test", and Vite would then bundle
    // development React into the browser's scripts.
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error("the build failed");
}

export class AppServer {
  child: ChildProcess | null = null;
  constructor(readonly opts: ServerOptions) {}

  get url(): string {
    return `http://localhost:${this.opts.port}`;
  }

  start(): ChildProcess {
    const log = fs.openSync(path.resolve(ROOT, this.opts.logFile), "a");
    // As `npm start` runs it: the compiled server (scripts/build-server.ts), no TypeScript loader.
    const child = spawn(process.execPath, [path.join(this.opts.buildDir, "server.js")], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.opts.port),
        DATA_DIR: this.opts.dataDir,
        BUILD_DIR: this.opts.buildDir,
        ORIGIN: this.url,
        LOG_LEVEL: "warn",
        ...this.opts.env,
      },
      stdio: ["ignore", log, log],
    });
    fs.closeSync(log);
    this.child = child;
    return child;
  }

  /** Polls /healthz until it answers 200; returns how long that took. */
  async waitHealthy(timeoutMs = 300_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      try {
        const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return Date.now() - started;
      } catch {
        /* not up yet */
      }
      if (this.child && this.child.exitCode !== null) {
        throw new Error(
          `the server exited with code ${this.child.exitCode}; the end of ${this.opts.logFile}:\n${this.logTail()}`,
        );
      }
      await sleep(100);
    }
    throw new Error(`the server was not healthy within ${timeoutMs} ms; see ${this.opts.logFile}`);
  }

  /** The last lines the server wrote (CI keeps only what the script prints). */
  logTail(chars = 4_000): string {
    try {
      const text = fs.readFileSync(path.resolve(ROOT, this.opts.logFile), "utf8");
      return text.slice(-chars);
    } catch {
      return "(no log)";
    }
  }

  kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** The embedded PostgreSQL's postmaster pid (first line of postmaster.pid), or null. */
  postgresPid(): number | null {
    const file = path.resolve(ROOT, this.opts.dataDir, "postgres", "postmaster.pid");
    if (!fs.existsSync(file)) return null;
    const pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
    return pid > 0 ? pid : null;
  }

  databaseUrl(): string {
    const dir = path.resolve(ROOT, this.opts.dataDir);
    const password = fs.readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
    const port = fs
      .readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8")
      .split("\n")[3]!
      .trim();
    return `postgres://postgres:${password}@127.0.0.1:${port}/stagebook`;
  }

  async withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.databaseUrl() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

let ipCounter = 0;
/** A distinct client address per call: the server trusts X-Forwarded-For from loopback. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Registers a musician over HTTP and gives them an active website; returns the public slug. */
export async function createMusicianOverHttp(server: AppServer, stageName: string): Promise<string> {
  const email = `bench-${randomBytes(5).toString("hex")}@example.com`;
  const res = await fetch(`${server.url}/register`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextIp(),
    },
    body: new URLSearchParams({
      firstName: "Bench",
      lastName: "Artist",
      email,
      password: "afrobeats-2026",
      role: "musician",
      phoneNumber: "08031234567",
    }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`register answered ${res.status}`);
  const slug = `bench-${randomBytes(4).toString("hex")}`;
  await server.withDb((c) =>
    c.query(
      `UPDATE musician_profiles SET slug = $1, stage_name = $2, phone_number = '08030000000', website_active = true,
         performance_roles = ARRAY['Saxophonist'], genres = ARRAY['Afrobeats'], location = 'Lagos', bio = 'Live sax for weddings.'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $3)`,
      [slug, stageName, email],
    ),
  );
  return slug;
}

/**
 * Gives the seeded musician with the most bookings to the account registered with `email` (its own
 * empty profile goes): the Numbers bench and profile.ts --numbers look at the busiest musician's page.
 */
export async function takeOverBusiestMusician(
  c: pg.Client,
  email: string,
): Promise<{ id: string; slug: string; bookings: number }> {
  const busiest = await c.query<{ id: string; slug: string; n: string }>(`
    SELECT p.id, p.slug, count(*) AS n FROM bookings_by_musician b JOIN musician_profiles p ON p.id = b.musician_id
    WHERE p.slug IS NOT NULL GROUP BY p.id ORDER BY count(*) DESC LIMIT 1`);
  const b = busiest.rows[0]!;
  await c.query(`DELETE FROM musician_profiles WHERE user_id = (SELECT id FROM "user" WHERE email = $1)`, [
    email,
  ]);
  await c.query(
    `UPDATE musician_profiles SET user_id = (SELECT id FROM "user" WHERE email = $1) WHERE id = $2`,
    [email, b.id],
  );
  return { id: b.id, slug: b.slug, bookings: Number(b.n) };
}
