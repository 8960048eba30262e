import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as auth from "~db/schema/auth";
import * as availability from "~db/schema/availability";
import * as bookings from "~db/schema/bookings";
import * as idempotency from "~db/schema/idempotency";
import * as ledger from "~db/schema/ledger";
import * as lineups from "~db/schema/lineups";
import * as marketplace from "~db/schema/marketplace";
import * as messaging from "~db/schema/messaging";
import * as payments from "~db/schema/payments";
import * as profiles from "~db/schema/profiles";
import * as reviews from "~db/schema/reviews";
import { appDatabaseUrl } from "./app-role.server";
import { isConnectionError, noteDatabaseError } from "./database-health.server";
import { logger } from "./logger.server";

export const schema = {
  ...auth,
  ...profiles,
  ...bookings,
  ...availability,
  ...marketplace,
  ...ledger,
  ...payments,
  ...reviews,
  ...idempotency,
  ...messaging,
  ...lineups,
};

/** Any query or checkout that fails because the database is gone tells the outage guard (503, not 500). */
function noteFailures(pool: pg.Pool, method: "query" | "connect") {
  const original = (pool[method] as (...args: unknown[]) => unknown).bind(pool);
  (pool as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const result = original(...args);
    if (result instanceof Promise) result.catch(noteDatabaseError);
    return result;
  };
}

/** Clients that met the database unavailable (cut, restarting, read-only) while checked out. */
const unusable = new WeakSet<pg.PoolClient>();

/**
 * A client that met the database unavailable is closed when it is given back, not kept: one still
 * open to a server that is no longer the primary (a failover under way) would answer every later
 * transaction "read-only". The pool's next connection goes through the balancer to the new primary.
 * (pool.query gives its client back with the error, which closes it already; a transaction's
 * checkout gives it back plainly, hence this.)
 */
function closeUnusableClients(pool: pg.Pool) {
  pool.on("connect", (client) => {
    // The prototype's query is looked up at each call, not bound once, so whatever wraps it later
    // (the tests' SQL spy) still sees every statement.
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const result = proto.query.apply(client, args);
      if (result instanceof Promise)
        result.catch((err: unknown) => {
          if (isConnectionError(err)) unusable.add(client);
        });
      return result;
    };
  });
  // Checkouts (transactions): the client given back is closed if it met the database unavailable.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (...args) => {
    if (args.length) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      client.release = (err?: Error | boolean) => release(err || unusable.has(client));
      return client;
    });
  };
}

function createDb(url: string) {
  // A burst queues for a connection rather than failing after a few seconds: the wait for a free
  // connection is short next to an error page. An unreachable database fails fast (refused) anyway.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 30_000 });
  // An idle client whose server went away must not crash the process; the pool opens a new one.
  pool.on("error", (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (or restarting after a crash); the pool reconnects.
    noteDatabaseError(err);
    const level = err.code === "57P01" ? "debug" : "warn";
    logger[level]({ err }, "idle database client lost");
  });
  // A client checked out between two queries (inside a transaction) that loses its server emits
  // 'error' with no listener, which would end the process; its next query fails instead.
  pool.on("connect", (client) => {
    client.on("error", (err: Error) => {
      noteDatabaseError(err);
      logger.warn({ err }, "database connection lost mid-transaction");
    });
  });
  noteFailures(pool, "query");
  noteFailures(pool, "connect");
  closeUnusableClients(pool);
  return { pool, db: drizzle(pool, { schema }) };
}

let instance: ReturnType<typeof createDb> | undefined;

function current() {
  // The app's own queries run as the app role when there is one (DATABASE_APP_URL); migrations and
  // the job queue's schema keep the owner's DATABASE_URL.
  const url = appDatabaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts");
  instance ??= createDb(url);
  return instance;
}

export type Db = ReturnType<typeof createDb>["db"];

const transactionScope = new AsyncLocalStorage<Db>();

/**
 * The Drizzle client. Created on first use so that server.ts can start the embedded database first.
 * Inside inTransaction() it is that transaction, so feature code joins it without passing `tx` around.
 */
export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(transactionScope.getStore() ?? current().db, prop),
});

/**
 * Runs `work` in one transaction that every `db` call made inside it (in any module) takes part in;
 * nested calls become savepoints. Used where a record about the work must commit with the work itself
 * (app/server/idempotency.server.ts).
 */
export function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  const outer = transactionScope.getStore() ?? current().db;
  return outer.transaction((tx) => transactionScope.run(tx as unknown as Db, work));
}

/**
 * The current inTransaction() as a plain "text with $1, $2 … and values" executor (what pg-boss takes
 * as `db`), so a job queued inside it commits or rolls back with the work; undefined outside one.
 */
export function currentTransactionSql():
  | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }
  | undefined {
  const tx = transactionScope.getStore();
  return tx ? transactionSql(tx) : undefined;
}

/** A transaction (or the client) as a plain "text with $1, $2 … and values" executor, for pg-boss `send`. */
export function transactionSql(tx: Db | DbTx): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    executeSql: (text, values = []) => {
      // Splitting on the placeholders keeps every value a bound parameter (never spliced into the text).
      const chunks: SQL[] = text
        .split(/(\$\d+)/)
        .map((part) =>
          /^\$\d+$/.test(part) ? sql`${values[Number(part.slice(1)) - 1] ?? null}` : sql.raw(part),
        );
      return tx.execute(sql.join(chunks));
    },
  };
}

export function pool(): pg.Pool {
  return current().pool;
}

const dialect = new PgDialect();
const namedTexts = new Map<string, string>();

/**
 * Runs a statement whose text never changes (values are parameters; no list of varying length) as a
 * named, prepared statement: each connection has PostgreSQL parse it once, and after five runs plan it
 * once (a generic plan) instead of on every request. The Numbers page's statements took 2–3 ms each
 * to plan on every page view (measured with pg_stat_statements). Inside a transaction, or given one, it
 * runs in that transaction like `ex.execute`. Values come back as node-postgres parses them (a
 * timestamp is a Date, not Drizzle's string): the callers read both.
 */
export async function executeNamed<T extends Record<string, unknown>>(
  ex: DbExecutor,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  if (ex !== db || transactionScope.getStore()) return (await ex.execute<T>(query)) as { rows: T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const known = namedTexts.get(name);
  // One name, one text: PostgreSQL would refuse the second text on a connection that prepared the first.
  if (known !== undefined && known !== text)
    throw new Error(`the statement "${name}" was given a different text`);
  namedTexts.set(name, text);
  return pool().query<T & pg.QueryResultRow>({ name, text, values: params as unknown[] });
}

export async function closeDb(): Promise<void> {
  if (instance) await instance.pool.end();
  instance = undefined;
}

/** A Drizzle transaction, as handed to the callback of db.transaction(). */
export type DbTx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The client or a transaction: functions that write in the caller's transaction take this. */
export type DbExecutor = Db | DbTx;
