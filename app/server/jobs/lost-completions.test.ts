import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

// What pg-boss 10 does after a job when the database has just gone away: a complete() nobody awaits.
function runWithStrayRejection(error: string) {
  const script = `
    const { surviveLostJobCompletions } = await import("./app/server/jobs/lost-completions.server.ts");
    surviveLostJobCompletions();
    Promise.reject(${error});
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log("still running");`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

it("a job outcome lost with the database (connection refused) does not end the process", () => {
  const run = runWithStrayRejection(
    `Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:36697"), { code: "ECONNREFUSED" })`,
  );
  expect(run.stdout).toContain("still running");
  expect(run.stdout).toContain("it will run again");
  expect(run.status).toBe(0);
});

it("any other unhandled rejection still ends the process with code 1", () => {
  const run = runWithStrayRejection(`new TypeError("a real bug")`);
  expect(run.stdout).not.toContain("still running");
  expect(run.stderr).toContain("a real bug");
  expect(run.status).toBe(1);
});
