// WEB_CONCURRENCY: the primary process owns the embedded PostgreSQL, the data-folder lock and the
// migrations; it forks that many workers, which share the HTTP port (node:cluster) and serve requests.
// A worker that dies is replaced; SIGINT/SIGTERM stops the workers (each drains its requests), then
// the database. Not bundled: server.ts imports it.
import cluster, { type Worker } from "node:cluster";
import { logger } from "./logger.server";

export function isWorkerProcess(): boolean {
  return cluster.isWorker;
}

/**
 * Memory per worker (issue 31, measured with `npm run bench`): V8's default young generation (16 MB
 * semi-spaces) and lazily grown old space let a worker's heap swell to ~330 MB under 200 clients while
 * its live data after a collection stays near 100 MB. Small semi-spaces and a ceiling on old space
 * keep a worker near 125 MB idle and under 250 MB under load, at the same requests per second; glibc's
 * per-thread malloc arenas (zlib and brotli run on libuv's threads) are held to two.
 */
export const WORKER_V8_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=192"];
const WORKER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || "2" };

/** Runs the primary: never returns; exits the process after a signal once every worker has stopped. */
export async function superviseWorkers(
  count: number,
  env: Record<string, string>,
  stop: () => Promise<void>,
): Promise<never> {
  let stopping = false;
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_V8_FLAGS] });
  /** Forks a worker; resolves when it listens, rejects if it exits first (it says why on stderr). */
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ ...WORKER_ENV, ...env });
      const early = () => reject(new Error(`worker ${worker.process.pid} exited while starting`));
      worker.once("exit", early);
      worker.once("listening", () => {
        worker.off("exit", early);
        worker.once("exit", (code, signal) => {
          if (stopping) return;
          logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped; starting another");
          start().catch((err) => logger.error({ err }, "the replacement worker did not start"));
        });
        resolve();
      });
    });
  try {
    // The first worker alone: it creates the job queue's schema, which is not safe to do concurrently.
    await start();
    await Promise.all(Array.from({ length: count - 1 }, start));
  } catch {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    await stop().catch(() => {});
    process.exit(1);
  }
  logger.info({ workers: count }, "Stagebook workers started");

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down workers");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once("exit", () => resolve());
            w.process.kill("SIGTERM");
          }),
      ),
    );
    await stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return new Promise<never>(() => {});
}
