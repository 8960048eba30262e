// npm run bench [-- --musicians 10000 --bookings 100000 --duration 20 --connections 50 --no-lighthouse
//                    --soak-minutes 10 --memory-only --market-only]
// Builds and starts the server exactly as `npm start` does (no NODE_ENV, default WEB_CONCURRENCY and
// LOG_LEVEL) on a
// fresh embedded database filled by the demo seed. For each public page, autocannon measures the page
// and its static twin (the page's final HTML as a file served by the same server); a bare node:http
// server is the machine's yardstick. First the server's memory (scripts/bench/memory.ts): RSS per
// process at idle, under 200 clients on /, and over --soak-minutes (default 10) of 200 clients on mixed
// pages (`--memory-only` stops there; `--market-only` measures only /market's searches, below). Then
// Lighthouse in two profiles (default mobile, and slow: 300 ms RTT, 400 kbps) with the LCP element and
// its phases. Then the ledger, messaging, automatic payouts (release → Paid out) and numbers (issue 38)
// targets. Writes
// bench/results/latest.json and latest.md.
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ledgerMarkdown, readLedgerResult } from "./ledger-result";
import { createShowcaseMusician, lighthouseAudits, type PageFigures } from "./lighthouse";
import { type MemoryFigures, measureMemory, memoryMarkdown } from "./memory";
import { AppServer, ensureBuild, nextIp, ROOT, sleep } from "./server-control";

const { values: args } = parseArgs({
  options: {
    musicians: { type: "string", default: "10000" },
    bookings: { type: "string", default: "100000" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3280" },
    "baseline-port": { type: "string", default: "3281" },
    "no-lighthouse": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "soak-minutes": { type: "string", default: "10" },
    "memory-only": { type: "boolean", default: false },
    "market-only": { type: "boolean", default: false },
  },
});

const buildDir = process.env.BUILD_DIR ?? "build-bench";
const dataDir = process.env.BENCH_DATA_DIR ?? ".data-bench";
const outDir = path.resolve(ROOT, "bench", "results");
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const SOAK_MINUTES = Number(args["soak-minutes"]);

interface LoadFigures {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  ratioToBaseline: number;
  /** req/s of the page over req/s of its static twin (the same HTML as a file, same server). */
  twinRatio?: number;
  /** Set when the row ran at other than the bench's connections (then it has no baseline ratio). */
  connections?: number;
  /** Responses served from the public page cache, for rows that must have none. */
  cacheHits?: number;
}

type Req = autocannon.Request;
const fromNewAddress = (req: Req): Req => ({
  ...req,
  headers: { ...req.headers, "x-forwarded-for": nextIp() },
});

async function measure(
  name: string,
  opts: autocannon.Options,
  connections = CONNECTIONS,
): Promise<Omit<LoadFigures, "ratioToBaseline">> {
  if (WARMUP > 0) await autocannon({ ...opts, connections: Math.min(10, connections), duration: WARMUP });
  const r = await autocannon({ ...opts, connections, duration: DURATION, timeout: 20 });
  // autocannon's histogram has no p95 key in its type, but reports it.
  const latency = r.latency as autocannon.Histogram & { p95?: number };
  const fig = {
    target: name,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: latency.p50,
    p95Ms: latency.p95 ?? latency.p97_5,
    p99Ms: latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(connections === CONNECTIONS ? {} : { connections }),
  };
  console.log(
    `  ${name.padEnd(34)} ${String(fig.requestsPerSecond).padStart(6)} req/s  p50 ${fig.p50Ms} ms  p95 ${fig.p95Ms} ms  p99 ${fig.p99Ms} ms  errors ${fig.errors}  non-2xx ${fig.non2xx}`,
  );
  return fig;
}

function markdown(report: {
  when: string;
  machine: string;
  seed: { musicians: number; bookings: number; seconds: number };
  load: LoadFigures[];
  pages: PageFigures[];
  settings: string;
  memory: MemoryFigures;
}): string {
  const lines = [
    `# Stagebook benchmark, ${report.when}`,
    "",
    `Machine: ${report.machine}. Data: ${report.seed.musicians.toLocaleString("en")} musicians, ${report.seed.bookings.toLocaleString("en")} bookings (seeded in ${report.seed.seconds} s). ${report.settings}`,
    "",
    "| target | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | vs baseline | twin req/s ÷ page req/s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...report.load.map(
      (l) =>
        `| ${l.target} | ${l.requestsPerSecond} | ${l.p50Ms} | ${l.p95Ms} | ${l.p99Ms} | ${l.errors} | ${l.non2xx} | ${l.connections ? "" : `${(l.ratioToBaseline * 100).toFixed(1)}%`} | ${l.twinRatio ? `${(1 / l.twinRatio).toFixed(2)}×` : ""} |`,
    ),
    "",
    memoryMarkdown(report.memory),
  ];
  if (report.pages.length) {
    lines.push(
      "",
      "Lighthouse (mobile: 150 ms RTT, 1.6 Mbps, 4x CPU; slow: 300 ms RTT, 400 kbps, 4x CPU; system Chromium)",
      "",
      "| page | profile | performance | LCP ms | TBT ms | CLS | total KB | JS KB | LCP element | LCP phases ms |",
      "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
      ...report.pages.map(
        (p) =>
          `| ${p.page} | ${p.profile} | ${p.performance} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ${p.totalKB} | ${p.jsKB} | \`${p.lcpElement.replace(/\|/g, "/")}\` | ${p.lcpPhases} |`,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Realistic /market searches, text + 2 filters: names and roles from the demo seed with each genre
 * and event type. The bench cycles through them, each request with its own `_` parameter (which the
 * search ignores), so none is answered by the public page cache whatever the cycle's length, the
 * number of server processes or the cache's size.
 */
function marketSearches(): string[] {
  const terms = [
    ...["ade", "chi", "emeka", "ngozi", "tunde", "aisha", "segun", "amaka", "tolu", "femi", "kunle"],
    ...["vocalist", "saxophonist", "guitarist", "drummer", "dj", "violinist", "keyboardist", "mc"],
  ];
  const genres = ["Afrobeats", "Highlife", "Jùjú", "Fuji", "Gospel", "Amapiano", "Afro-jazz", "Jazz"];
  const events = ["Wedding", "Birthday", "Corporate", "Concert", "Gala"];
  const out: string[] = [];
  for (const q of terms)
    for (const genre of genres)
      for (const eventType of events) out.push(`/market?${new URLSearchParams({ q, genre, eventType })}`);
  return out;
}

/**
 * Find collaborators (issue 39): a Role with a Date, as a band leader searches, over the seed's roles and
 * the next 60 days (where the seed's availability falls), so the date checks (booked, unavailable, in a
 * line-up) run on every candidate.
 */
function collaboratorSearches(): string[] {
  const roles = ["Drummer", "Bassist", "Guitarist", "Keyboardist", "Saxophonist", "Backing vocalist", "DJ"];
  const out: string[] = [];
  for (let d = 1; d <= 60; d += 1) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    for (const role of roles)
      out.push(`/market?${new URLSearchParams({ find: "collaborators", role, date })}`);
  }
  return out;
}

/** Uncached searches in turn (each its own `_`), counting any public page cache hit. */
function searchLoad(url: string, searches: string[], hits: { n: number }): autocannon.Options {
  let counter = 0;
  return {
    url,
    requests: [
      {
        method: "GET",
        path: searches[0]!,
        setupRequest: (req: Req) => {
          const n = counter++;
          return { ...fromNewAddress(req), path: `${searches[n % searches.length]}&_=${n}` };
        },
        onResponse: (_status, _body, _context, headers) => {
          if (headers?.["x-cache"] === "hit") hits.n += 1;
        },
      },
    ],
  };
}

/** `--market-only`: /market's searches saturated and one at a time; bench/results/market.{json,md}. */
async function marketOnly(
  url: string,
  seed: { musicians: number; bookings: number; seconds: number; bookingsWithLineUp: number },
) {
  const rows: (Omit<LoadFigures, "ratioToBaseline"> & { cacheHits: number })[] = [];
  const sets: [string, string[]][] = [
    ["text + 2 filters", marketSearches()],
    ["Role + Date (Find collaborators)", collaboratorSearches()],
  ];
  for (const [name, searches] of sets) {
    for (const connections of [CONNECTIONS, 1]) {
      const hits = { n: 0 };
      const fig = await measure(
        `/market ${name}, ${searches.length} searches${connections === 1 ? " (1 connection)" : ""}`,
        searchLoad(url, searches, hits),
        connections,
      );
      rows.push({ ...fig, cacheHits: hits.n });
      await sleep(500);
    }
  }
  const when = new Date().toISOString();
  const md = [
    `# /market searches, ${when}`,
    "",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " ",
      )}. Data: ${seed.musicians.toLocaleString("en")} musicians, ${seed.bookings.toLocaleString("en")} bookings, ${seed.bookingsWithLineUp.toLocaleString("en")} of them with a line-up (seeded in ${seed.seconds} s). autocannon ${DURATION} s per row after ${WARMUP} s warm-up, uncached (public page cache hits counted).`,
    "",
    "| searches | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | cache hits |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${r.cacheHits} |`,
    ),
    "",
  ].join("\n");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "market.json"), `${JSON.stringify({ when, seed, rows }, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, "market.md"), md);
  console.log(`\n${md}\nwritten to ${path.relative(ROOT, outDir)}/market.json and market.md`);
}

async function main() {
  const musicians = Number(args.musicians);
  const bookings = Number(args.bookings);
  if (!args["no-build"]) ensureBuild(buildDir, true);

  fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
  console.log(`seeding ${musicians} musicians and ${bookings} bookings into ${dataDir} ...`);
  const seedStarted = Date.now();
  const seed = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/seed-demo.ts",
      "--musicians",
      String(musicians),
      "--bookings",
      String(bookings),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  if (seed.status !== 0) throw new Error("the demo seed failed");
  const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);

  const server = new AppServer({
    port: Number(args.port),
    dataDir,
    buildDir,
    logFile: path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`),
    // As `npm start` runs it: LOG_LEVEL unset, so the logger's default (info, a line per request).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
  });
  const baselinePort = Number(args["baseline-port"]);
  const baseline = fork(path.join(ROOT, "scripts/bench/baseline-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PORT: String(baselinePort) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve) => baseline.once("message", () => resolve()));

  // The web figures; the ledger target's are added once the server has stopped.
  let web!: Parameters<typeof markdown>[0] & Record<string, unknown>;
  let memory: MemoryFigures | undefined;
  let memoryOnly = false;
  server.start();
  try {
    await server.waitHealthy();
    const { musicianSlug, bookingSlug } = await server.withDb(async (c) => {
      const m = await c.query<{ slug: string }>(
        `SELECT slug FROM musician_profiles WHERE website_active AND slug IS NOT NULL
         ORDER BY created_at LIMIT 1 OFFSET ${Math.floor(musicians / 2)}`,
      );
      const b = await c.query<{ slug: string }>(
        `SELECT slug FROM bookings_by_musician ORDER BY created_at LIMIT 1 OFFSET ${Math.floor(bookings / 2)}`,
      );
      return { musicianSlug: m.rows[0]?.slug, bookingSlug: b.rows[0]?.slug };
    });
    if (!musicianSlug || !bookingSlug) throw new Error("the seed made no musician website or booking");
    const marketPath = "/market?q=ade&genre=Afrobeats&eventType=Wedding";
    if (args["market-only"]) {
      const bookingsWithLineUp = await server
        .withDb(async (c) => {
          const r = await c.query<{ n: string }>(
            "SELECT count(DISTINCT booking_id) AS n FROM line_up_members",
          );
          return Number(r.rows[0]?.n ?? 0);
        })
        .catch(() => 0); // a tree from before line-ups
      await marketOnly(server.url, { musicians, bookings, seconds: seedSeconds, bookingsWithLineUp });
      memoryOnly = true;
      return;
    }

    console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up`);
    const base = await measure("baseline (node:http)", { url: `http://127.0.0.1:${baselinePort}/` });
    const page = (path: string): autocannon.Options => ({
      url: server.url,
      requests: [{ method: "GET", path, setupRequest: fromNewAddress }],
    });
    // The /market search itself, not the public page cache: realistic searches (text + 2 filters) in
    // turn, every request a distinct URL, so none is a hit (counted from X-Cache, reported if any).
    const searches = marketSearches();
    let searchCounter = 0;
    let marketHits = 0;
    const market: autocannon.Options = {
      url: server.url,
      requests: [
        {
          method: "GET",
          path: marketPath,
          setupRequest: (req: Req) => {
            const n = searchCounter++;
            return { ...fromNewAddress(req), path: `${searches[n % searches.length]}&_=${n}` };
          },
          onResponse: (_status, _body, _context, headers) => {
            if (headers?.["x-cache"] === "hit") marketHits += 1;
          },
        },
      ],
    };
    console.log(
      `\nmemory: RSS per process at idle, 200 clients on / for ${DURATION} s, then ${SOAK_MINUTES} min of 200 clients on mixed pages`,
    );
    // The soak: /, a profile, a booking and an uncached /market search in turn.
    const mixed = ["/", `/musicians/${musicianSlug}`, `/booking/${bookingSlug}`];
    let mixCounter = 0;
    memory = await measureMemory({
      pid: server.child?.pid,
      loadRequest: page("/"),
      soakRequest: {
        url: server.url,
        requests: [
          {
            method: "GET",
            path: "/",
            setupRequest: (req: Req) => {
              const n = mixCounter++;
              const path = n % 4 === 3 ? `${searches[n % searches.length]}&_=${n}` : mixed[n % 4]!;
              return { ...fromNewAddress(req), path };
            },
          },
        ],
      },
      seconds: DURATION,
      soakMinutes: SOAK_MINUTES,
    });
    if (args["memory-only"]) {
      const md = `# Stagebook server memory, ${new Date().toISOString()}\n\n${memoryMarkdown(memory)}\n`;
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, "memory.json"), `${JSON.stringify(memory, null, 2)}\n`);
      fs.writeFileSync(path.join(outDir, "memory.md"), md);
      console.log(`\n${md}\nwritten to ${path.relative(ROOT, outDir)}/memory.json and memory.md`);
      memoryOnly = true;
      return;
    }

    const pagePaths: [string, string, autocannon.Options?][] = [
      ["/", "/"],
      ["/musicians/{slug}", `/musicians/${musicianSlug}`],
      [`/market (text + 2 filters, ${searches.length} searches, uncached)`, marketPath, market],
      ["/booking/{slug}", `/booking/${bookingSlug}`],
    ];
    // Each page's static twin: its final HTML as a file, served by the same server (the same Express
    // stack: logging, headers, compression, static files) in the same run — the limit for that page.
    const twinDir = path.join(ROOT, buildDir, "client", "bench-twin");
    fs.mkdirSync(twinDir, { recursive: true });
    const twins = new Map<string, string>();
    for (const [i, [name, p]] of pagePaths.entries()) {
      const html = await (await fetch(`${server.url}${p}`)).text();
      fs.writeFileSync(path.join(twinDir, `${i}.html`), html);
      twins.set(name, `/bench-twin/${i}.html`);
    }
    const load: LoadFigures[] = [{ ...base, ratioToBaseline: 1 }];
    const run = async (name: string, opts: autocannon.Options, connections?: number) => {
      const fig = await measure(name, opts, connections);
      const row = {
        ...fig,
        ratioToBaseline: base.requestsPerSecond ? fig.requestsPerSecond / base.requestsPerSecond : 0,
      };
      load.push(row);
      await sleep(500);
      return row;
    };
    await run("/healthz", { url: `${server.url}/healthz` });
    for (const [name, p, opts] of pagePaths) {
      marketHits = 0;
      const row = await run(name, opts ?? page(p));
      if (opts === market) row.cacheHits = marketHits;
      const twin = await run(`  static twin of ${name}`, page(twins.get(name)!));
      row.twinRatio = twin.requestsPerSecond ? row.requestsPerSecond / twin.requestsPerSecond : 0;
      if (opts !== market) continue;
      // The search's own latency (issue 14: p95 <= 50 ms), not a queue's: the same uncached searches
      // one at a time, so each request's time is its own parse, SQL, render and compression. The
      // server runs a process per core and PostgreSQL shares those cores, so from 2-3 connections up
      // on this 2-core machine a request would also wait for others, as in the saturated row above.
      marketHits = 0;
      const latency = await run("/market search latency (uncached, 1 connection)", market, 1);
      latency.cacheHits = marketHits;
    }
    const hits = load.filter((l) => l.cacheHits).map((l) => `${l.target}: ${l.cacheHits}`);
    if (hits.length) console.warn(`  warning: public page cache hits in uncached rows (${hits.join("; ")})`);
    await run("POST booking request (form)", {
      url: server.url,
      requests: [
        {
          method: "POST",
          path: `/musicians/${musicianSlug}/request`,
          setupRequest: (req: Req) => ({
            ...req,
            headers: {
              ...req.headers,
              origin: server.url,
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": nextIp(),
            },
            body: new URLSearchParams({
              clientName: "Bench Client",
              email: "bench@example.com",
              eventType: "wedding",
              eventDuration: "4",
              dateNotFixed: "on",
              location: "Lekki, Lagos",
              budgetEstimate: "250000",
            }).toString(),
          }),
        },
      ],
    });

    let pages: PageFigures[] = [];
    if (!args["no-lighthouse"]) {
      console.log("\nLighthouse (mobile defaults)");
      // The profile audited is one with a profile photo and 6 portfolio images (issue 14).
      const showcaseSlug = await createShowcaseMusician(server);
      const audited = [
        { name: "/", path: "/" },
        { name: "/musicians/{slug}", path: `/musicians/${showcaseSlug}` },
        { name: "/market", path: marketPath },
        { name: "/booking/{slug}", path: `/booking/${bookingSlug}` },
      ];
      pages = await lighthouseAudits(server.url, audited, "mobile");
      console.log("\nLighthouse (slow: 300 ms RTT, 400 kbps)");
      pages.push(...(await lighthouseAudits(server.url, audited, "slow")));
    }

    const report = {
      when: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
      seed: { musicians, bookings, seconds: seedSeconds },
      settings: `autocannon ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s warm-up; each request from its own client address.`,
      targets: { musicianSlug, bookingSlug, marketPath },
      load,
      memory: memory!,
      pages,
    };
    web = report;
  } finally {
    await server.stop();
    baseline.kill();
  }
  if (memoryOnly) return;
  // Ledger target: postings per second and ledger:check on the bench data (scripts/bench/ledger.ts),
  // once the server has stopped (the embedded database under dataDir has one owner at a time).
  console.log("\nledger: postings per second, then ledger:check on the bench data");
  const ledgerRun = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/ledger.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  process.stdout.write(ledgerRun.stdout ?? "");
  const ledger = readLedgerResult(ledgerRun.stdout ?? "", ledgerRun.status);
  // Messaging target: 200 open streams, messages per second and send → display latency
  // (scripts/bench/messaging.ts starts its own production server on its own data directory).
  console.log("\nmessaging: 200 open streams, delivered messages per second and p95 send → display");
  const messagingRun = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/bench/messaging.ts",
      "--build-dir",
      buildDir,
      "--port",
      String(Number(args.port) + 2),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "inherit", "inherit"] },
  );
  const messagingFile = path.join(outDir, "messaging.json");
  const messaging =
    messagingRun.status === 0 && fs.existsSync(messagingFile)
      ? JSON.parse(fs.readFileSync(messagingFile, "utf8"))
      : { failed: `scripts/bench/messaging.ts exited with ${messagingRun.status}` };
  // Automatic payouts target: release → "Paid out" on the test provider, then ledger:check
  // (scripts/bench/payouts.ts starts its own production server on its own data directory).
  console.log('\npayouts: release → "Paid out" p50/p95 on the test provider, then ledger:check');
  const payoutsRun = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/bench/payouts.ts",
      "--build-dir",
      buildDir,
      "--port",
      String(Number(args.port) + 4),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "inherit", "inherit"] },
  );
  const payoutsFile = path.join(outDir, "payouts.json");
  const payouts =
    payoutsRun.status === 0 && fs.existsSync(payoutsFile)
      ? JSON.parse(fs.readFileSync(payoutsFile, "utf8"))
      : { failed: `scripts/bench/payouts.ts exited with ${payoutsRun.status}` };
  // Numbers target (issue 38): the Numbers page of the busiest musician and the summaries' refresh, on
  // the bench's data (scripts/bench/numbers.ts starts its own production server on dataDir).
  console.log("\nnumbers: the Numbers page p95 and the public records' and price bands' refresh");
  fs.rmSync(path.join(outDir, "numbers.json"), { force: true });
  fs.rmSync(path.join(outDir, "numbers.md"), { force: true });
  const numbersRun = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/bench/numbers.ts",
      "--build-dir",
      buildDir,
      "--data-dir",
      dataDir,
      "--port",
      String(Number(args.port) + 6),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "inherit", "inherit"] },
  );
  const numbersFile = path.join(outDir, "numbers.json");
  const numbers =
    fs.existsSync(numbersFile) && numbersRun.status !== null
      ? JSON.parse(fs.readFileSync(numbersFile, "utf8"))
      : { failed: `scripts/bench/numbers.ts exited with ${numbersRun.status}` };
  const report = {
    ...web,
    numbers,
    ledger: { ...ledger.figures, check: ledger.check, ...(ledger.ok ? {} : { reason: ledger.reason }) },
    messaging,
    payouts,
  };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const messagingMd =
    messagingRun.status === 0 && fs.existsSync(path.join(outDir, "messaging.md"))
      ? fs.readFileSync(path.join(outDir, "messaging.md"), "utf8")
      : `## Messaging (issue 11)\n\n${messaging.failed}\n`;
  const payoutsMd =
    payoutsRun.status === 0 && fs.existsSync(path.join(outDir, "payouts.md"))
      ? fs.readFileSync(path.join(outDir, "payouts.md"), "utf8")
      : `## Automatic payouts (issue 29)\n\n${payouts.failed}\n`;
  const numbersMd =
    fs.existsSync(path.join(outDir, "numbers.md")) && numbersRun.status !== null
      ? fs.readFileSync(path.join(outDir, "numbers.md"), "utf8")
      : `## Numbers (issue 38)\n\n${numbers.failed}\n`;
  const md = `${markdown(web).trimEnd()}\n${ledgerMarkdown(ledger)}\n${messagingMd}\n${payoutsMd}\n${numbersMd}`;
  fs.writeFileSync(path.join(outDir, "latest.md"), md);
  console.log(`\n${md}`);
  console.log(`written to ${path.relative(ROOT, outDir)}/latest.json and latest.md`);
  if (!ledger.ok) throw new Error(ledger.reason);
  if (payoutsRun.status !== 0) throw new Error("the payouts bench failed (see above)");
  if (numbersRun.status !== 0) throw new Error("the numbers bench failed (see above)");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
