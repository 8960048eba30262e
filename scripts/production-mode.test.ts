// Starts the server the way the README does (`npm run serve`, NODE_ENV unset) and checks that every
// React, react-dom and react-router module it loads while rendering pages is a production build; and
// that the browser gets React's production build too, and no Preact (ADR 0012).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppServer, ensureBuild, ROOT } from "./bench/server-control";

const buildDir = process.env.BUILD_DIR ?? "build";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe("npm run serve", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-prod-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("loads only production builds of React, react-dom and react-router", async () => {
    ensureBuild(buildDir);
    const serve = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.serve;
    const [command, ...args] = String(serve).split(" ");
    expect(command).toBe("node");

    const trace = path.join(tmp, "modules.txt");
    const port = await freePort();
    // As the README runs it on a fresh clone: no NODE_ENV, and none of Vitest's test database settings
    // (DATABASE_URL, ORIGIN), which would make the server a deployment that refuses to start without
    // PAYSTACK_SECRET_KEY; it starts its own embedded PostgreSQL in DATA_DIR.
    const { NODE_ENV: _unset, DATABASE_URL: _db, ORIGIN: _origin, ...env } = process.env;
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...env,
        NODE_OPTIONS: `--import=${path.join(ROOT, "tests/support/module-trace.mjs")}`,
        MODULE_TRACE_FILE: trace,
        PORT: String(port),
        DATA_DIR: path.join(tmp, "data"),
        BUILD_DIR: buildDir,
        LOG_LEVEL: "warn",
        // One process: a worker stopped by the primary may end before writing its module list.
        WEB_CONCURRENCY: "1",
      },
      stdio: "ignore",
    });
    const server = new AppServer({ port, dataDir: "", buildDir, logFile: "" });
    server.child = child;
    try {
      await server.waitHealthy();
      for (const page of ["/", "/musicians", "/market?q=sax", "/terms"]) {
        expect((await fetch(`${server.url}${page}`)).status).toBe(200);
      }
    } finally {
      await server.stop();
    }

    const loaded = [...new Set(fs.readFileSync(trace, "utf8").split("\n").filter(Boolean))];
    const ours = loaded.filter((m) => /node_modules\/(react|react-dom|react-router|scheduler)\//.test(m));
    expect(ours.some((m) => m.includes("react-dom-server.node.production"))).toBe(true);
    expect(ours.some((m) => m.includes("react.production"))).toBe(true);
    expect(ours.filter((m) => /development/.test(m))).toEqual([]);
  }, 300_000);

  it("ships React's production build to the browser, and no Preact (ADR 0012)", () => {
    ensureBuild(buildDir);
    const assets = path.join(ROOT, buildDir, "client", "assets");
    const scripts = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => fs.readFileSync(path.join(assets, f), "utf8"));
    expect(scripts.length).toBeGreaterThan(0);
    const bundle = scripts.join("\n");
    // react-dom's production client writes its errors as codes pointing at react.dev.
    expect(bundle).toContain("Minified React error #");
    expect(bundle).not.toMatch(/preact/i);
    for (const notShipped of [
      "react-dom.development",
      "Download the React DevTools",
      "Each child in a list should have a unique", // React's development warnings
      "__k:null,__:null,__b:0,__e:null", // Preact's vnode
    ]) {
      expect(bundle, notShipped).not.toContain(notShipped);
    }
  }, 300_000);
});
