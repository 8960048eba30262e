import { isConnectionError } from "../database-health.server";
import { logger } from "../logger.server";

let installed = false;

/**
 * pg-boss 10 (the last release for Node 20) does not await the complete() or fail() it sends after a
 * job has run. When the database goes away at that moment the rejection has no handler, and Node ends
 * the process over it: a whole app server lost to one unrecorded job outcome. The job simply stays
 * active, and pg-boss runs it again when it expires (every handler is idempotent), so such a
 * rejection is logged and the process goes on. Any other unhandled rejection still ends the process.
 */
export function surviveLostJobCompletions(): void {
  if (installed) return;
  installed = true;
  process.on("unhandledRejection", (reason) => {
    if (!isConnectionError(reason)) throw reason;
    logger.warn(
      { err: reason },
      "a job's outcome was not recorded (database unreachable); it will run again",
    );
  });
}
