import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "./embedded-postgres.server";

it("refuses a second server on the same data directory while the first runs", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  const release = acquireDataDirLock(dir);
  // A live process other than us holds the lock: pid 1 always exists.
  fs.writeFileSync(path.join(dir, "server.pid"), "1");
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
  expect(() => acquireDataDirLock(dir)).toThrow(/already using the data directory/);
  release();
});

it("takes over a lock left by a process that has died", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  fs.writeFileSync(path.join(dir, "server.pid"), "999999999");
  const release = acquireDataDirLock(dir);
  expect(fs.readFileSync(path.join(dir, "server.pid"), "utf8")).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(false);
});
