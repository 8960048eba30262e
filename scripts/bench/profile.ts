// node --import tsx scripts/bench/profile.ts [--requests 200] [--data .data-profile] [--musicians 2000]
//                                           [--signed-in] [--numbers]
// Where the server's time goes: starts the production server as `npm start` does (plus a probe, see
// probe.ts), then for each page makes N sequential gzip requests and reports CPU ms per request (all
// threads, from process.cpuUsage), database queries per request by kind, and a split of the main
// thread's sampled CPU time by module (middleware, session, database, routing, app code, React render).
// Gzip cost is measured apart (zlib runs off the main thread): gzip of the page's HTML at level 6.
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { AppServer, ensureBuild, nextIp, ROOT, takeOverBusiestMusician } from "./server-control";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "200" },
    data: { type: "string", default: ".data-profile" },
    musicians: { type: "string", default: "2000" },
    port: { type: "string", default: "3282" },
    "signed-in": { type: "boolean", default: false },
    // --numbers: signed in as the busiest musician (as `npm run bench:numbers` does), the Numbers page only.
    numbers: { type: "boolean", default: false },
  },
});
const N = Number(args.requests);
const buildDir = process.env.BUILD_DIR ?? "build-bench";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES: [string, RegExp][] = [
  ["React render (react-dom/server)", /node_modules\/react-dom\//],
  ["session (better-auth)", /node_modules\/(better-auth|@better-auth|better-call|jose|kysely|@noble)/],
  ["database (pg, drizzle)", /node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm|postgres-\w+)\//],
  [
    "middleware (express, helmet, pino, compression)",
    /node_modules\/(express|router|helmet|pino[\w-]*|compression|on-headers|on-finished|body-parser|send|serve-static|finalhandler|qs|debug|negotiator|accepts|mime[\w-]*|sonic-boom|fast-redact|thread-stream)\//,
  ],
  ["app code + components (server-build)", /server-build-[\w-]+\.js/],
  ["react-router + handler (express-app bundle)", /express-app\.server-[\w-]+\.js/],
  ["other node_modules", /node_modules\//],
  ["node internals (http, streams, timers)", /^node:|^$/],
];

// Sample counts, not time deltas: on a loaded machine a delta includes time the process was not
// running, so counts (one per sampling tick while running) track CPU more closely.
function sampleCounts(profile: Profile): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

function topFunctions(profile: Profile, n: number): [string, number][] {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const out = new Map<string, number>();
  for (const [id, c] of sampleCounts(profile)) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\//, "")}`;
    out.set(key, (out.get(key) ?? 0) + c);
  }
  return [...out].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function split(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = sampleCounts(profile);
  const out = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    const url = node.callFrame.url;
    let cat = "idle";
    if (name === "(garbage collector)") cat = "garbage collection";
    else if (name === "(idle)") cat = "idle";
    else if (name === "(program)") cat = "V8/native (program)";
    else cat = CATEGORIES.find(([, re]) => re.test(url))?.[0] ?? "other";
    out.set(cat, (out.get(cat) ?? 0) + us);
  }
  return out;
}

/** Inclusive main-thread time of the outermost calls to functions with these names. */
function inclusive(profile: Profile, names: RegExp): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = sampleCounts(profile);
  const total = (id: number): number =>
    (self.get(id) ?? 0) + (byId.get(id)?.children ?? []).reduce((s, c) => s + total(c), 0);
  let sum = 0;
  const walk = (id: number) => {
    const node = byId.get(id)!;
    if (names.test(node.callFrame.functionName)) sum += total(id);
    else for (const c of node.children ?? []) walk(c);
  };
  walk(profile.nodes[0]!.id);
  return sum;
}

async function main() {
  ensureBuild(buildDir);
  const dataDir = args.data!;
  if (!fs.existsSync(path.resolve(ROOT, dataDir))) {
    const seed = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/seed-demo.ts",
        "--musicians",
        args.musicians!,
        "--bookings",
        String(Number(args.musicians) * 5),
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "inherit" },
    );
    if (seed.status !== 0) throw new Error("the demo seed failed");
  }
  const port = Number(args.port);
  const server = new AppServer({ port, dataDir, buildDir, logFile: `${dataDir}.log` });
  const child = fork("server.ts", [], {
    cwd: ROOT,
    execArgv: ["--import", "tsx", "--import", "./scripts/bench/probe.ts"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      ORIGIN: server.url,
      LOG_LEVEL: "warn",
      // One process: the probe answers over the IPC channel of the process this script forks.
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  server.child = child;
  const ask = <T>(type: string, reply: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== reply) return;
        child.off("message", on);
        resolve(m as T);
      };
      child.on("message", on);
      child.send({ type });
    });
  try {
    await server.waitHealthy();
    const { musician, booking } = await server.withDb(async (c) => ({
      musician: (
        await c.query("SELECT slug FROM musician_profiles WHERE website_active ORDER BY created_at LIMIT 1")
      ).rows[0]?.slug,
      booking: (await c.query("SELECT slug FROM bookings_by_musician ORDER BY created_at LIMIT 1")).rows[0]
        ?.slug,
    }));
    const pages = [
      "/",
      `/musicians/${musician}`,
      "/market?q=ade&genre=Afrobeats&eventType=Wedding",
      `/booking/${booking}`,
    ];
    // --signed-in: a musician's session cookie, so every page is rendered (never from the cache).
    let cookie = "";
    const email = `profile-${Date.now()}@example.com`;
    if (args["signed-in"] || args.numbers) {
      const res = await fetch(`${server.url}/register`, {
        method: "POST",
        headers: {
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": nextIp(),
        },
        body: new URLSearchParams({
          firstName: "Profile",
          lastName: "Run",
          email,
          password: "afrobeats-2026",
          role: "musician",
          phoneNumber: "08031234567",
        }),
        redirect: "manual",
      });
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      if (!/session_token/.test(cookie)) throw new Error(`sign-up answered ${res.status} without a session`);
    }
    if (args.numbers) {
      const { slug } = await server.withDb((c) => takeOverBusiestMusician(c, email));
      // The Numbers page, and beside it the lightest dashboard page (the shell's own cost).
      pages.splice(0, pages.length, `/musician_numbers/${slug}?window=365`, `/musician_availability/${slug}`);
    }
    type Stats = { cpu: NodeJS.CpuUsage; queries: Record<string, number> };
    console.log(`${N} sequential requests per page, gzip${cookie ? ", signed in" : ", no cookie"}`);
    for (const page of pages) {
      const get = async () => {
        const res = await fetch(`${server.url}${page}`, {
          headers: {
            "accept-encoding": "gzip",
            "x-forwarded-for": nextIp(),
            ...(cookie ? { cookie } : {}),
          },
        });
        if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
        return res.text();
      };
      let html = "";
      for (let i = 0; i < 20; i++) html = await get();
      await ask("profile-start", "profile-started");
      const before = await ask<Stats>("stats", "stats");
      for (let i = 0; i < N; i++) await get();
      const after = await ask<Stats>("stats", "stats");
      const { profile } = await ask<{ profile: Profile }>("profile-stop", "profile");
      if (process.env.PROFILE_SAVE) fs.writeFileSync(process.env.PROFILE_SAVE, JSON.stringify(profile));
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / N;
      const queries = Object.entries(after.queries)
        .map(([k, v]) => [k, (v - (before.queries[k] ?? 0)) / N] as const)
        .filter(([, v]) => v > 0);
      const gzipStart = process.cpuUsage();
      for (let i = 0; i < 50; i++) gzipSync(html, { level: 6 });
      const gz = process.cpuUsage(gzipStart);
      console.log(
        `\n${page}  ${cpuMs.toFixed(2)} CPU ms/request (all threads)  HTML ${(html.length / 1024).toFixed(1)} KB  gzip ${((gz.user + gz.system) / 1000 / 50).toFixed(2)} ms`,
      );
      console.log(
        `  queries/request: ${queries.map(([k, v]) => `${k} ${v}`).join(", ") || "none"} (total ${queries.reduce((s, [, v]) => s + v, 0)})`,
      );
      // Main-thread samples share out the measured CPU time (other threads: zlib, GC helpers).
      const cats = [...split(profile)].filter(([k]) => k !== "idle").sort((a, b) => b[1] - a[1]);
      const busy = cats.reduce((s, [, c]) => s + c, 0);
      const ms = (count: number) => ((count / busy) * cpuMs).toFixed(2);
      // The main thread's own share, from its samples (each 200 µs): the rest of the CPU time is other
      // threads (zlib, libuv's pool, GC helpers).
      const idle = split(profile).get("idle") ?? 0;
      const wallMs = profile.timeDeltas.reduce((s, d) => s + d, 0) / 1000;
      console.log(
        `  main thread ${(((busy / (busy + idle)) * wallMs) / N).toFixed(2)} ms/request of ${(wallMs / N).toFixed(2)} ms wall`,
      );
      for (const [k, c] of cats) console.log(`  ${k.padEnd(48)} ${ms(c)} ms`);
      console.log(
        `  inclusive: route matching ${ms(inclusive(profile, /^matchRoutes/))} ms, getSession ${ms(inclusive(profile, /^getSession$/))} ms, renderToPipeableStream ${ms(inclusive(profile, /^renderToPipeableStream$/))} ms`,
      );
      if (process.env.PROFILE_TOP) {
        for (const [k, c] of topFunctions(profile, Number(process.env.PROFILE_TOP)))
          console.log(`    ${ms(c)} ms  ${k}`);
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
