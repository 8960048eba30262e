// Lighthouse on the four budgeted pages without the load test: a quick LCP check of a build.
// BUILD_DIR=build-x node --import tsx scripts/bench/lcp.ts [--port 3290] [--profile mobile|slow|both]
// Seeds a small demo database, starts the server as `npm start` does, adds a musician with a profile
// photo and 6 portfolio images, and prints each page's LCP, its element and its phases.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createShowcaseMusician, lighthouseAudits, type PageFigures } from "./lighthouse";
import { AppServer, ROOT } from "./server-control";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "3290" },
    profile: { type: "string", default: "both" },
  },
});
const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = process.env.BENCH_DATA_DIR ?? ".data-lcp";

async function main() {
  fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
  const seed = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed-demo.ts", "--musicians", "200", "--bookings", "1000"],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "inherit" },
  );
  if (seed.status !== 0) throw new Error("the demo seed failed");
  const server = new AppServer({
    port: Number(args.port),
    dataDir,
    buildDir,
    logFile: `${dataDir}.log`,
    env: { LOG_LEVEL: "info" },
  });
  server.start();
  try {
    await server.waitHealthy();
    const musicianSlug = await createShowcaseMusician(server);
    const bookingSlug = await server.withDb(async (c) => {
      const b = await c.query<{ slug: string }>(
        "SELECT slug FROM bookings_by_musician WHERE status = 'pending' ORDER BY created_at LIMIT 1",
      );
      return b.rows[0]?.slug;
    });
    if (!bookingSlug) throw new Error("the seed made no pending booking");
    const pages = [
      { name: "/", path: "/" },
      { name: "/musicians/{slug}", path: `/musicians/${musicianSlug}` },
      { name: "/market", path: "/market?q=ade&genre=Afrobeats&eventType=Wedding" },
      { name: "/booking/{slug}", path: `/booking/${bookingSlug}` },
    ];
    const profiles = args.profile === "both" ? (["mobile", "slow"] as const) : [args.profile as "mobile"];
    const all: PageFigures[] = [];
    for (const profile of profiles) {
      console.log(`\nLighthouse (${profile})`);
      all.push(...(await lighthouseAudits(server.url, pages, profile)));
    }
    console.log("\n| page | profile | LCP ms | FCP ms | TBT ms | JS KB | LCP element | phases |");
    console.log("|---|---|---:|---:|---:|---:|---|---|");
    for (const f of all) {
      console.log(
        `| ${f.page} | ${f.profile} | ${f.lcpMs} | ${f.fcpMs} | ${f.tbtMs} | ${f.jsKB} | \`${f.lcpElement.replace(/\|/g, "/")}\` | ${f.lcpPhases} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
