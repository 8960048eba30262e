// Page-weight budgets (issues 6, 24 and 31) as the browser counts them: the production build is started
// on a small demo database, and Chromium at 390 px (a phone) opens each public page and waits until the
// network is idle, with no scroll and no tap. Every script and stylesheet it loaded in that time is
// counted at its gzip size (level 9, as the build precompresses them). Runs in `npm test` after the build.
// Usage: `BUILD_DIR=build node --import tsx scripts/check-budgets.ts [--json] [--port 3295]`
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { createShowcaseMusician } from "./bench/lighthouse";
import { AppServer, ROOT } from "./bench/server-control";
import { isMainModule } from "./is-main-module";

// Issue 24: 125 KB with React in the browser (ADR 0012; React + React Router are 110.8 KB of it).
// Issue 31: counted in the browser, so a part's code the page fetches at once counts whatever the
// route's imports say. Lower it whenever the pages get lighter.
export const BUDGET_JS_BYTES = 125 * 1024;
export const BUDGET_CSS_BYTES = 30 * 1024;
export const VIEWPORT = { width: 390, height: 844 };
/** The network is idle after this long without a request. */
const QUIET_MS = 1_000;

export interface LoadedFile {
  url: string;
  type: "script" | "stylesheet";
  gzipBytes: number;
}

export interface PageWeight {
  page: string;
  status: number;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  jsOver: boolean;
  cssOver: boolean;
  files: LoadedFile[];
}

export const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Sums what one page loaded, each file once (a script fetched twice is in the browser's cache). */
export function pageWeight(page: string, status: number, loaded: LoadedFile[]): PageWeight {
  const files = [...new Map(loaded.map((f) => [f.url, f])).values()];
  const sum = (type: LoadedFile["type"]) =>
    files.filter((f) => f.type === type).reduce((total, f) => total + f.gzipBytes, 0);
  const jsGzipBytes = sum("script");
  const cssGzipBytes = sum("stylesheet");
  return {
    page,
    status,
    jsFiles: files.filter((f) => f.type === "script").length,
    jsGzipBytes,
    cssFiles: files.filter((f) => f.type === "stylesheet").length,
    cssGzipBytes,
    jsOver: jsGzipBytes > BUDGET_JS_BYTES,
    cssOver: cssGzipBytes > BUDGET_CSS_BYTES,
    files,
  };
}

/** Opens each page in a fresh phone-sized browser context and weighs what it loaded. */
export async function measureInBrowser(
  baseUrl: string,
  pages: { name: string; path: string }[],
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const out: PageWeight[] = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      const loaded: Promise<LoadedFile | null>[] = [];
      tab.on("response", (response) => {
        const kind = response.request().resourceType();
        if (kind !== "script" && kind !== "stylesheet") return;
        const type: LoadedFile["type"] = kind;
        loaded.push(
          response
            .body()
            .then((body) => ({ url: response.url(), type, gzipBytes: gzipBytes(body) }))
            .catch(() => null),
        );
      });
      let inFlight = 0;
      let lastActivity = Date.now();
      const settle = () => {
        inFlight -= 1;
        lastActivity = Date.now();
      };
      tab.on("request", () => {
        inFlight += 1;
        lastActivity = Date.now();
      });
      tab.on("requestfinished", settle);
      tab.on("requestfailed", settle);
      const response = await tab.goto(`${baseUrl}${p.path}`, { waitUntil: "load" });
      // The page starts its scripts after its first paint and its parts' code after hydrating: the
      // network can be quiet for a moment in between, so idle is counted once the page has hydrated,
      // as a second without a request.
      await tab.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await tab.waitForTimeout(100);
      const files = (await Promise.all(loaded)).filter((f): f is LoadedFile => f !== null);
      out.push(pageWeight(p.name, response?.status() ?? 0, files));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const { values: args } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      files: { type: "boolean", default: false },
      port: { type: "string", default: "3295" },
    },
  });
  const buildDir = process.env.BUILD_DIR ?? "build";
  const dataDir = process.env.BUDGETS_DATA_DIR ?? ".data-budgets";
  if (!fs.existsSync(path.resolve(ROOT, buildDir, "server", "index.js"))) {
    console.error(`no production build in ${buildDir}: run \`npm run build\` first`);
    process.exit(1);
  }
  fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
  fs.rmSync(path.resolve(ROOT, `${dataDir}-backups`), { recursive: true, force: true });
  const seed = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed-demo.ts", "--musicians", "30", "--bookings", "60"],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "ignore" },
  );
  if (seed.status !== 0) throw new Error("the demo seed failed");
  const server = new AppServer({ port: Number(args.port), dataDir, buildDir, logFile: `${dataDir}.log` });
  server.start();
  let results: PageWeight[];
  try {
    await server.waitHealthy();
    // The profile with a photo and six portfolio images, and a booking waiting for its client.
    const musicianSlug = await createShowcaseMusician(server);
    const bookingSlug = await server.withDb(async (c) => {
      const b = await c.query<{ slug: string }>(
        "SELECT slug FROM bookings_by_musician WHERE status = 'pending' ORDER BY created_at LIMIT 1",
      );
      return b.rows[0]?.slug;
    });
    if (!bookingSlug) throw new Error("the seed made no pending booking");
    results = await measureInBrowser(server.url, [
      { name: "/", path: "/" },
      { name: "/musicians/{slug}", path: `/musicians/${musicianSlug}` },
      { name: "/market", path: "/market" },
      { name: "/booking/{slug}", path: `/booking/${bookingSlug}` },
    ]);
  } finally {
    await server.stop();
    fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
    fs.rmSync(path.resolve(ROOT, `${dataDir}-backups`), { recursive: true, force: true });
  }

  if (args.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    console.log(
      `Page budgets (gzip, loaded by Chromium at ${VIEWPORT.width} px until the network is idle, no scroll, no tap): JavaScript ≤ ${kb(BUDGET_JS_BYTES)}, CSS ≤ ${kb(BUDGET_CSS_BYTES)}; build ${buildDir}`,
    );
    const rows = results.map((r) => [
      r.page,
      String(r.status),
      `${kb(r.jsGzipBytes)} in ${r.jsFiles} files${r.jsOver ? "  OVER" : ""}`,
      `${kb(r.cssGzipBytes)} in ${r.cssFiles} files${r.cssOver ? "  OVER" : ""}`,
    ]);
    const head = ["page", "status", "JavaScript", "CSS"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const row of [head, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join("  "));
    if (args.files) {
      for (const r of results) {
        console.log(`\n${r.page}`);
        for (const f of r.files) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${new URL(f.url).pathname}`);
      }
    }
  }
  const failed = results.filter((r) => r.status !== 200);
  for (const r of failed) console.error(`${r.page} answered ${r.status}`);
  const over = results.filter((r) => r.jsOver || r.cssOver);
  for (const r of over) console.error(`${r.page} is over its budget`);
  if (failed.length || over.length) process.exit(1);
}

if (isMainModule(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
