// The job queue: scheduled and background work on pg-boss, stored in PostgreSQL (schema "pgboss"), so
// a restart or a crash loses nothing and several app processes can share one database (each job is
// fetched by one worker with SKIP LOCKED). Never setTimeout for work that must happen.
//
// Features register handlers from one list (handlers.server.ts) and call scheduleJob(); the app process
// calls startJobs() after migrations and stopJobs() on shutdown.
import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import { isConnectionError } from "../database-health.server";
import { logger } from "../logger.server";
import { surviveLostJobCompletions } from "./lost-completions.server";
import { JOB_QUEUE_SCHEMA } from "./queue-schema.server";

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;
export type JobOptions = {
  /** Attempts after the first failure, with exponential backoff (default 5). */
  retryLimit?: number;
  /** Jobs of this name one process runs at once (default 1): for short jobs many people wait on. */
  concurrency?: number;
};
export type ScheduleOptions = {
  /** Run no earlier than this. */
  startAfter?: Date;
  /**
   * At most one job with this key per job name while it is queued, running or recently finished: a
   * second scheduleJob with the same key is a no-op and returns null.
   */
  singletonKey?: string;
  /** Insert the job on this connection (a transaction: db.server.ts currentTransactionSql) instead of the queue's. */
  db?: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
};

type Registered = { handler: JobHandler<never>; options: JobOptions };

const NAME = /^[a-z][a-z0-9-]*$/;
const JOBS_PER_FETCH = 10;

/** One connection to the queue. The module keeps one for the app; tests create more. */
export class JobQueue {
  readonly handlers = new Map<string, Registered>();
  private starting: Promise<PgBoss> | undefined;
  private readonly queues = new Set<string>();

  constructor(
    private readonly connectionString: () => string,
    private readonly settings: { pollingIntervalSeconds?: number } = {},
  ) {}

  register<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): void {
    if (!NAME.test(name)) throw new Error(`job names are kebab-case (got "${name}")`);
    if (this.handlers.has(name)) throw new Error(`job "${name}" is registered twice`);
    this.handlers.set(name, { handler: handler as JobHandler<never>, options });
  }

  /** Connects (creating pg-boss's schema on first use); does not take work. */
  private connect(): Promise<PgBoss> {
    if (this.starting) return this.starting;
    const starting = (async () => {
      const boss = new PgBoss({
        connectionString: this.connectionString(),
        schema: JOB_QUEUE_SCHEMA,
        max: 4,
        application_name: "stagebook-jobs",
      });
      surviveLostJobCompletions();
      boss.on("error", (err: Error & { code?: string }) => {
        // The database went away (a restart, a failover): pg-boss's pool connects again on its own,
        // through the balancer to the new primary, and its next poll goes on.
        if (isConnectionError(err)) logger.warn({ err }, "job queue connection lost; reconnecting");
        else logger.error({ err }, "job queue error");
      });
      await boss.start();
      return boss;
    })();
    this.starting = starting;
    // A start that failed (say, PostgreSQL still starting up) may be tried again.
    starting.catch(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    return starting;
  }

  private async ensureQueue(boss: PgBoss, name: string): Promise<void> {
    if (this.queues.has(name)) return;
    const options = this.handlers.get(name)?.options;
    await boss.createQueue(name, {
      name,
      retryLimit: options?.retryLimit ?? 5,
      retryDelay: 30,
      retryBackoff: true,
    });
    this.queues.add(name);
  }

  async schedule(name: string, data: object, options: ScheduleOptions = {}): Promise<string | null> {
    if (!NAME.test(name)) throw new Error(`job names are kebab-case (got "${name}")`);
    const boss = await this.connect();
    await this.ensureQueue(boss, name);
    return boss.send(name, data, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
      ...(options.db ? { db: options.db } : {}),
      // pg-boss only de-duplicates singleton keys under some queue policies; a job id derived from the
      // key makes the insert a no-op for any queue.
      id: options.singletonKey ? keyedId(name, options.singletonKey) : undefined,
    });
  }

  /**
   * Runs the job on a cron schedule (UTC), whichever app process's clock monitor fires first; calling
   * it again replaces the schedule, so every process may call it at start.
   */
  async every(name: string, cron: string, data: object = {}): Promise<void> {
    const boss = await this.connect();
    await this.ensureQueue(boss, name);
    await boss.schedule(name, cron, data, { tz: "UTC" });
  }

  /** Connects and starts a worker for every registered job. */
  async start(): Promise<void> {
    const boss = await this.connect();
    for (const [name, { handler, options }] of this.handlers) {
      await this.ensureQueue(boss, name);
      // A pg-boss worker waits out its polling interval after every fetch, even one that found work: with
      // one job a fetch, a worker ran one job per 2 s, and under load (a booking request queues e-mails
      // and texts) the queue grew faster than it drained. A fetch takes a batch, run one after the
      // other; a job that throws is failed alone (and retried), and the rest complete. Several workers
      // for a queue run that many jobs at once.
      for (let w = 0; w < (options.concurrency ?? 1); w++)
        await boss.work<object>(
          name,
          { batchSize: JOBS_PER_FETCH, pollingIntervalSeconds: this.settings.pollingIntervalSeconds ?? 2 },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await handler(job.data as never, { id: job.id, name: job.name });
              } catch (err) {
                logger.warn({ err, job: name, id: job.id }, "job failed; it will be retried");
                await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
              }
            }
          },
        );
    }
  }

  /** Stops taking work, lets running jobs finish (up to 8 s) and closes the connection. */
  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.queues.clear();
    if (!starting) return;
    const boss = await starting.catch(() => undefined);
    await boss?.stop({ graceful: true, wait: true, timeout: 8_000 });
  }
}

function keyedId(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const app = new JobQueue(() => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts");
  return url;
});

/** Registers the handler for a job name (called from handlers.server.ts only). */
export function registerJob<T>(name: string, handler: JobHandler<T>, options?: JobOptions): void {
  app.register(name, handler, options);
}

/** Queues a job; it runs once a worker in any app process picks it up, after startAfter if given. */
export function scheduleJob(name: string, data: object, options?: ScheduleOptions): Promise<string | null> {
  return app.schedule(name, data, options);
}

/** Runs the job on a cron schedule (registered with registerJob). */
export function scheduleEvery(name: string, cron: string, data?: object): Promise<void> {
  return app.every(name, cron, data);
}

export function startJobs(): Promise<void> {
  return app.start();
}

export function stopJobs(): Promise<void> {
  return app.stop();
}
