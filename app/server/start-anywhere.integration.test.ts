// Starts anywhere (issue 15): as root in a clone under a 0700 home, under a path with spaces, and as
// a normal user; when it cannot start, one plain sentence saying what to do.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { isMainModule } from "../../scripts/is-main-module";
import { canTraverse, startEmbeddedPostgres } from "./embedded-postgres.server";
import { startupProblem } from "./startup-errors.server";

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(mode: number) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "start-anywhere-"));
  fs.chmodSync(d, mode);
  made.push(d);
  return d;
}

it.each([
  ["a 0700 folder", 0o700],
  ["an open folder", 0o755],
])(
  "keeps data across restarts with DATA_DIR under %s and a path with spaces",
  async (_label, mode) => {
    const home = tempDir(mode);
    const dataDir = path.join(home, "my projects", "stage book", ".data");
    fs.mkdirSync(dataDir, { recursive: true });
    const systemDir = path.join(tempDir(0o755), "system");
    const first = await startEmbeddedPostgres(dataDir, { systemDir });
    try {
      const c = new pg.Client({ connectionString: first.url });
      await c.connect();
      await c.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('acknowledged')");
      await c.end();
    } finally {
      await first.stop();
    }
    // As root, PostgreSQL runs as the postgres OS user, which cannot enter a 0700 folder of root's.
    const relocated = process.getuid?.() === 0 && mode === 0o700;
    expect(first.dataDir.startsWith(systemDir)).toBe(relocated);
    expect(fs.existsSync(path.join(dataDir, "postgres-location"))).toBe(relocated);

    const again = await startEmbeddedPostgres(dataDir, { systemDir });
    try {
      expect(again.dataDir).toBe(first.dataDir);
      const c = new pg.Client({ connectionString: again.url });
      await c.connect();
      const { rows } = await c.query("SELECT v FROM kept");
      await c.end();
      expect(rows).toEqual([{ v: "acknowledged" }]);
    } finally {
      await again.stop();
    }
  },
  120_000,
);

it("builds in a clone whose path has a space, as root in a 0700 home (npm run build's own scripts)", () => {
  // `npm install && npm start` in "~/my projects/stage book": the build's last steps decide whether they
  // were run as a command; a path with a space is `%20` in import.meta.url (issue 40).
  const clone = path.join(tempDir(0o700), "my projects", "stage book");
  fs.mkdirSync(clone, { recursive: true });
  for (const entry of ["app", "scripts", "server.ts", "node_modules", "package.json", "tsconfig.json"]) {
    fs.symlinkSync(path.resolve(entry), path.join(clone, entry));
  }
  const assets = path.join(clone, "build", "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, "entry.js"), "console.log('stage book');\n".repeat(50));
  const run = (script: string) =>
    spawnSync(process.execPath, ["--import", "tsx", path.join(clone, "scripts", script)], {
      cwd: clone,
      env: { ...process.env, BUILD_DIR: "build" },
      encoding: "utf8",
      timeout: 90_000,
    });

  const precompressed = run("precompress-assets.ts");
  expect(precompressed.status, precompressed.stderr).toBe(0);
  expect(precompressed.stdout).toContain("precompressed 1 scripts and stylesheets");
  expect(fs.existsSync(path.join(assets, "entry.js.br"))).toBe(true);

  const compiled = run("build-server.ts");
  expect(compiled.status, compiled.stderr).toBe(0);
  expect(compiled.stdout).toContain("compiled server.ts to build/server.js");
  expect(fs.existsSync(path.join(clone, "build", "server-main.js"))).toBe(true);
  expect(fs.readFileSync(path.join(clone, "build", "server.js"), "utf8")).toContain(
    'import("./server-main.js")',
  );
}, 120_000);

it("knows it was run as a command from a path with a space or through a symlink, and not when imported", () => {
  const dir = path.join(tempDir(0o755), "stage book");
  fs.mkdirSync(dir);
  const file = path.join(dir, "script.ts");
  fs.writeFileSync(file, "");
  const link = path.join(dir, "link.ts");
  fs.symlinkSync(file, link);
  const url = pathToFileURL(file).href;
  expect(url).toContain("stage%20book");
  expect(isMainModule(url, file)).toBe(true);
  expect(isMainModule(url, link)).toBe(true);
  expect(isMainModule(url, path.join(dir, "other.ts"))).toBe(false);
  expect(isMainModule(url, undefined)).toBe(false);
});

it("starts afresh when the data folder is deleted and made again at the same path", async () => {
  const home = tempDir(0o700);
  const dataDir = path.join(home, "stage book", ".data");
  fs.mkdirSync(dataDir, { recursive: true });
  const systemDir = path.join(tempDir(0o755), "system");
  const first = await startEmbeddedPostgres(dataDir, { systemDir });
  try {
    const c = new pg.Client({ connectionString: first.url });
    await c.connect();
    await c.query("CREATE TABLE before_the_reclone (v text)");
    await c.end();
  } finally {
    await first.stop();
  }
  // A re-clone, `rm -rf .data`, or the end-to-end web server's `rm -rf .data-e2e`.
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const again = await startEmbeddedPostgres(dataDir, { systemDir });
  try {
    expect(again.dataDir).toBe(first.dataDir);
    const c = new pg.Client({ connectionString: again.url });
    await c.connect();
    const { rows } = await c.query("SELECT to_regclass('before_the_reclone') AS t");
    await c.end();
    expect(rows).toEqual([{ t: null }]);
  } finally {
    await again.stop();
  }
  if (first.dataDir.startsWith(systemDir)) {
    // The old cluster is moved aside, not deleted.
    const kept = fs.readdirSync(path.dirname(first.dataDir)).filter((n) => n.startsWith("postgres.stale-"));
    expect(kept).toHaveLength(1);
  }
}, 120_000);

it("a start that fails after PostgreSQL came up stops the PostgreSQL it started", async () => {
  const dataDir = path.join(tempDir(0o755), ".data");
  fs.mkdirSync(dataDir, { recursive: true });
  const systemDir = path.join(tempDir(0o755), "system");
  const first = await startEmbeddedPostgres(dataDir, { systemDir });
  await first.stop();
  expect(first.dataDir).toBe(path.resolve(dataDir, "postgres"));
  fs.writeFileSync(path.join(dataDir, "postgres-password"), "not-the-password");

  await expect(startEmbeddedPostgres(dataDir, { systemDir })).rejects.toThrow(
    /password authentication failed/,
  );
  // A clean shutdown removes postmaster.pid; a PostgreSQL left running keeps it.
  expect(fs.existsSync(path.join(first.dataDir, "postmaster.pid"))).toBe(false);
}, 120_000);

it("knows which folders another OS user can walk into", () => {
  const closed = tempDir(0o700);
  const open = tempDir(0o755);
  const stranger = { uid: 54321, gid: 54321 };
  expect(canTraverse(path.join(closed, "data"), stranger)).toBe(false);
  expect(canTraverse(path.join(open, "data"), stranger)).toBe(true);
});

it("says in one sentence what to do when the port is taken, the folder is someone else's, or the disk is full", async () => {
  const where = { dataDir: "/srv/stagebook data", port: 3000 };
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
  const port = (blocker.address() as net.AddressInfo).port;
  const inUse = await new Promise<Error>((resolve) => {
    const second = net.createServer();
    second.on("error", resolve);
    second.listen(port, "127.0.0.1");
  });
  blocker.close();
  const messages = [
    startupProblem(inUse, { ...where, port }),
    startupProblem(Object.assign(new Error("EACCES: permission denied, mkdir"), { code: "EACCES" }), where),
    startupProblem(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }), where),
  ];
  expect(messages[0]).toBe(
    `port ${port} is already in use: stop the program using it, or choose another port, e.g. PORT=${port + 1} npm start.`,
  );
  expect(messages[1]).toMatch(
    /^the data folder .* belongs to another user: run Stagebook as that user, or set DATA_DIR/,
  );
  expect(messages[2]).toMatch(/^the disk holding \/srv\/stagebook data is full: free some space/);
  for (const m of messages) expect(m).not.toMatch(/\n|\bat .*:\d+:\d+/);
});

it("a normal user whose DATA_DIR belongs to someone else gets one plain sentence, no stack trace", () => {
  if (process.getuid?.() !== 0) return expect(process.getuid?.()).not.toBe(0);
  const owned = tempDir(0o700);
  const cwd = path.resolve(".");
  const res = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd,
    uid: 65534, // nobody
    gid: 65534,
    env: {
      ...process.env,
      DATA_DIR: path.join(owned, "data"),
      DATABASE_URL: "",
      PORT: "3999",
      NODE_ENV: "production",
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(res.status).toBe(1);
  const lines = res.stderr.split("\n").filter((l) => l.trim() && !l.includes("ExperimentalWarning"));
  expect(lines).toEqual([
    expect.stringMatching(
      /^Stagebook cannot start: the data folder .* belongs to another user: run Stagebook as that user/,
    ),
  ]);
});
