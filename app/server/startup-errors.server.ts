import path from "node:path";
import { DataDirInUseError, PostgresError } from "./embedded-postgres.server";

/**
 * One plain sentence saying what to do (printed after "Stagebook cannot start: "), for a server that cannot start (never a stack trace): the
 * person running `npm start` may never have seen Node or PostgreSQL before.
 */
export function startupProblem(err: unknown, where: { dataDir: string; port: number }): string {
  const dir = path.resolve(where.dataDir);
  if (err instanceof DataDirInUseError) return err.message;
  const e = err as NodeJS.ErrnoException;
  const output = err instanceof PostgresError ? err.output : String(e?.message ?? err);
  if (e?.code === "EADDRINUSE") {
    return `port ${where.port} is already in use: stop the program using it, or choose another port, e.g. PORT=${where.port + 1} npm start.`;
  }
  if (e?.code === "ENOSPC" || /No space left on device|could not extend file/i.test(output)) {
    return `the disk holding ${dir} is full: free some space on it, then start Stagebook again.`;
  }
  if (
    e?.code === "EACCES" ||
    e?.code === "EPERM" ||
    /Permission denied|wrong ownership|must be owned by|not owned by/i.test(output)
  ) {
    return `the data folder ${dir} belongs to another user: run Stagebook as that user, or set DATA_DIR to a folder you own.`;
  }
  if (/lock file .* already exists|another server might be running/i.test(output)) {
    return `another PostgreSQL is already using the data folder ${dir}: stop it (or the Stagebook server using it), or set DATA_DIR to another folder.`;
  }
  const reason = output.trim().split("\n").filter(Boolean).pop() ?? "unknown reason";
  return `the embedded PostgreSQL did not start (${reason.slice(0, 200)}): check the data folder ${dir}, or set DATABASE_URL to a PostgreSQL server you run.`;
}
