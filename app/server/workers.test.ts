import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

// A primary with one worker, as `npm start` runs them: the worker reports its heap ceiling and malloc
// setting, then ends the primary (its worker goes with it).
it("workers run with the memory flags (small young generation, old space ceiling, two malloc arenas)", () => {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "workers-")), "primary.mjs");
  fs.writeFileSync(
    script,
    `import cluster from "node:cluster";
import http from "node:http";
import v8 from "node:v8";
const { superviseWorkers } = await import(${JSON.stringify(path.resolve("app/server/workers.ts"))});
if (cluster.isWorker) {
  http.createServer().listen(0, () => {
    const limitMB = Math.round(v8.getHeapStatistics().heap_size_limit / 1048576);
    console.log(JSON.stringify({ limitMB, arenas: process.env.MALLOC_ARENA_MAX }));
    process.kill(process.ppid, "SIGTERM");
  });
} else await superviseWorkers(1, {}, async () => {});
`,
  );
  const run = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: process.cwd(),
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, MALLOC_ARENA_MAX: "" },
  });
  const report = JSON.parse(
    run.stdout
      .trim()
      .split("\n")
      .find((l) => l.startsWith("{")) ?? "{}",
  );
  // Node's default ceiling on this machine is several GB.
  expect(report.limitMB).toBeGreaterThan(150);
  expect(report.limitMB).toBeLessThan(250);
  expect(report.arenas).toBe("2");
});
