// Page-weight budgets (issue 6): the gzip size of the JavaScript and CSS a public page loads before any
// interaction (gzip at the level the server compresses with), read from the production build's React Router manifest. Deterministic, so it runs in
// `npm test` after the build. Usage: `BUILD_DIR=build node --import tsx scripts/check-budgets.ts [--json]`
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

// Issue 24: 125 KB with React in the browser (ADR 0012; React + React Router are 110.8 KB of it).
// Measured 2026-11-25: / 122.3, /musicians/{slug} 124.7, /market 124.2, /booking/{slug} 124.6 KB (from
// 135.7, 145.8, 140.3, 145.9 KB on React before the pages deferred what is below their first screen).
// Issue 14's 100 KB was met on Preact (ADR 0011, superseded). Lower it whenever the pages get lighter.
export const BUDGET_JS_BYTES = 125 * 1024;
export const BUDGET_CSS_BYTES = 30 * 1024;

/** The public pages the issue budgets; the slugs only need to match the route pattern. */
export const BUDGETED_PAGES = ["/", "/musicians/demo-artist", "/market", "/booking/abcd1234"] as const;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}
export interface BrowserManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

export function readManifest(buildDir: string): BrowserManifest {
  const assets = path.join(buildDir, "client", "assets");
  if (!fs.existsSync(assets)) throw new Error(`no client build in ${buildDir}: run the build first`);
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, file), "utf8").trim();
  const json = text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;$/, "");
  return JSON.parse(json) as BrowserManifest;
}

function routeTree(manifest: BrowserManifest): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const r of Object.values(manifest.routes)) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: build(r.id) },
    );
  return build(undefined);
}

/** Route ids React Router renders for `pathname`, outermost first. */
export function matchedRouteIds(manifest: BrowserManifest, pathname: string): string[] {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  return matches.map((m) => m.route.id as string);
}

/**
 * Whether the browser fetches the whole route manifest file. With React Router's default lazy route
 * discovery it does not: the document inlines the routes it needs and asks /__manifest for more.
 */
export function loadsManifestFile(
  configFile = path.resolve(import.meta.dirname, "..", "react-router.config.ts"),
) {
  const config = fs.existsSync(configFile) ? fs.readFileSync(configFile, "utf8") : "";
  return /routeDiscovery[\s\S]*?mode:\s*["']initial["']/.test(config);
}

/**
 * Every JS and CSS asset the document loads for `pathname` before interaction (deduplicated): the
 * entry, and each matched route's module, its static imports and CSS; the same list as the page's
 * modulepreload links. Code behind dynamic import() loads on interaction and is not counted.
 */
export function initialAssets(
  manifest: BrowserManifest,
  pathname: string,
  withManifestFile = loadsManifestFile(),
): { js: string[]; css: string[] } {
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  if (withManifestFile) js.add(manifest.url);
  const css = new Set<string>(manifest.entry.css ?? []);
  for (const id of matchedRouteIds(manifest, pathname)) {
    const r = manifest.routes[id];
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}

const gzipCache = new Map<string, number>();
function gzipSize(buildDir: string, asset: string): number {
  const file = path.join(buildDir, "client", asset.replace(/^\//, ""));
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

export interface PageWeight {
  page: string;
  routes: string[];
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  jsOver: boolean;
  cssOver: boolean;
}

export function measurePages(buildDir: string, pages: readonly string[] = BUDGETED_PAGES): PageWeight[] {
  const manifest = readManifest(buildDir);
  return pages.map((page) => {
    const routes = matchedRouteIds(manifest, page);
    const { js, css } = initialAssets(manifest, page);
    const jsGzipBytes = js.reduce((sum, a) => sum + gzipSize(buildDir, a), 0);
    const cssGzipBytes = css.reduce((sum, a) => sum + gzipSize(buildDir, a), 0);
    return {
      page,
      routes,
      jsFiles: js.length,
      jsGzipBytes,
      cssFiles: css.length,
      cssGzipBytes,
      jsOver: jsGzipBytes > BUDGET_JS_BYTES,
      cssOver: cssGzipBytes > BUDGET_CSS_BYTES,
    };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const results = measurePages(buildDir);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    console.log(
      `Page budgets (gzip, before interaction): JavaScript ≤ ${kb(BUDGET_JS_BYTES)}, CSS ≤ ${kb(BUDGET_CSS_BYTES)}; build ${buildDir}`,
    );
    const rows = results.map((r) => [
      r.page,
      r.routes.at(-1) ?? "(no match)",
      `${kb(r.jsGzipBytes)} in ${r.jsFiles} files${r.jsOver ? "  OVER" : ""}`,
      `${kb(r.cssGzipBytes)} in ${r.cssFiles} files${r.cssOver ? "  OVER" : ""}`,
    ]);
    const head = ["page", "route", "JavaScript", "CSS"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const row of [head, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join("  "));
  }
  const missing = results.filter((r) => r.routes.length < 2 || r.routes.at(-1) === "routes/not-found");
  for (const r of missing) console.error(`${r.page} does not match a page route in the build`);
  const over = results.filter((r) => r.jsOver || r.cssOver);
  for (const r of over) console.error(`${r.page} is over its budget`);
  if (missing.length || over.length) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("check-budgets.ts")) main();
