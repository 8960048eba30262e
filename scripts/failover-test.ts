// The database's primary dies and its synchronous standby takes over (issue 37): two PostgreSQL 15 nodes
// run by Patroni (deploy/patroni.yml) with one etcd, haproxy sending the app's database connections to
// whichever node Patroni's REST API calls the primary (deploy/haproxy-postgres.cfg), and two app hosts
// behind deploy/haproxy.cfg, as `npm run test:scale` runs them. Through the app: booking requests, messages
// and payments (Paystack's charge.success webhook, signed); clients send a write again with its key after
// a 503, as a person pressing Send again and Paystack redelivering do. Under that load the primary's
// PostgreSQL is SIGKILLed, then its Patroni; the standby is promoted once the leader's lock expires; the
// old primary's Patroni is started again and it must come back as the synchronous standby. Rules (exit 1
// when one breaks):
//   - every acknowledged write is found after the failover, once (lost 0, doubled 0), on the new primary
//     and on the old one once it is a standby again;
//   - no answer of 500, and every 503 carries Retry-After;
//   - the app's pool, the job queue and the LISTEN connections reconnect by themselves: writes succeed
//     again, messages reach the open stream, the job queue drains;
//   - `npm run ledger:check` passes.
//
//   npm run test:failover [-- --rate 20]
//   Needs: apt-get install patroni etcd-server haproxy postgresql-15 (run as root).

import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { TestRecord } from "~/features/payments/paystack/queries.server";
import { paystackSignature, testProviderSecret } from "~/features/payments/paystack/signature.server";
import { chargeSuccessPayload } from "~/features/payments/paystack/test-provider.server";
import { ensureBuild, ROOT, sleep } from "./bench/server-control";
import { checkOnce, checkWrites, failures, organisersWriting, publicMusician, rule } from "./scale/checks";
import {
  answerOf,
  type Outcome,
  postForm,
  registerAndSignIn,
  StreamReader,
  sendRecorded,
  startLoad,
  startWriters,
} from "./scale/clients";
import {
  appBalancer,
  Balancer,
  type Database,
  freePort,
  Host,
  killAllChildren,
  prepareDatabase,
} from "./scale/cluster";
import { checkInstalled, databaseBalancer, PatroniNode, postgresFolder, startEtcd } from "./scale/patroni";

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "20" },
    port: { type: "string", default: process.env.FAILOVER_PORT ?? "3330" },
    bookings: { type: "string", default: "40" },
  },
});
const RATE = Number(args.rate);
const buildDir = process.env.BUILD_DIR ?? "build";
const workDir = path.resolve(ROOT, process.env.FAILOVER_DATA_DIR ?? ".data-failover");
/** How long a client keeps sending a write again after "not now" (Paystack goes on for 72 h). */
const RETRY_FOR_MS = 120_000;
const WEBHOOK_EVERY_MS = 700;

const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);

const cleanup: (() => Promise<unknown>)[] = [];
async function runCleanup() {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  cleanup.length = 0;
  killAllChildren();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void runCleanup().finally(() => process.exit(130));
  });
}

interface Cluster {
  nodes: [PatroniNode, PatroniNode];
  dbBalancer: Balancer;
  db: Database;
  hosts: Host[];
  balancer: Balancer;
  secret: string;
}

async function startCluster(): Promise<Cluster> {
  checkInstalled();
  fs.rmSync(workDir, { recursive: true, force: true });
  postgresFolder(workDir);
  log("etcd, then two PostgreSQL 15 nodes under Patroni ...");
  const etcd = await startEtcd(path.join(workDir, "etcd"));
  const credentials = {
    superuser: randomBytes(12).toString("hex"),
    replication: randomBytes(12).toString("hex"),
    rewind: randomBytes(12).toString("hex"),
  };
  const nodes = [] as unknown as [PatroniNode, PatroniNode];
  for (const name of ["db1", "db2"]) {
    const node = new PatroniNode(
      name,
      path.join(workDir, name),
      await freePort(),
      await freePort(),
      etcd.endpoint,
      credentials,
    );
    nodes.push(node);
    cleanup.push(() => node.stop());
  }
  const [db1, db2] = nodes;
  db1.start();
  await db1.waitFor("primary");
  log("db1 is the primary");
  db2.start();
  await db2.waitFor("sync");
  log("db2 is its synchronous standby");

  const dbPort = await freePort();
  const dbBalancer = new Balancer(dbPort, await freePort(), databaseBalancer(dbPort, nodes), workDir);
  dbBalancer.start();
  await dbBalancer.waitFor("db1", "UP", 30_000);
  const admin = new pg.Client({
    connectionString: `postgres://postgres:${credentials.superuser}@127.0.0.1:${dbPort}/postgres`,
  });
  await admin.connect();
  await admin.query("CREATE DATABASE stagebook");
  await admin.end();
  log(
    `haproxy on 127.0.0.1:${dbPort} sends connections to db1; npm run db:migrate, the stagebook_app login ...`,
  );
  const db = await prepareDatabase(
    `postgres://postgres:${credentials.superuser}@127.0.0.1:${dbPort}/stagebook`,
  );
  cleanup.push(() => db.stop());

  const port = Number(args.port);
  const balancerUrl = `http://127.0.0.1:${port}`;
  const secret = randomUUID() + randomUUID();
  const hosts = [1, 2].map(
    (i) =>
      new Host({
        name: `app${i}`,
        port: port + i,
        dataDir: path.join(workDir, `host${i}`),
        buildDir,
        env: {
          DATABASE_URL: db.ownerUrl,
          DATABASE_APP_URL: db.appUrl,
          BETTER_AUTH_SECRET: secret,
          ORIGIN: balancerUrl,
          // A deployment with no Paystack key: test mode asked for on purpose (ADR 0027).
          PAYSTACK_MODE: "test",
        },
      }),
  );
  for (const h of hosts) {
    h.start();
    const ms = await h.waitHealthy();
    log(`${h.name} healthy on ${h.url} after ${ms} ms`);
  }
  const balancer = new Balancer(port, await freePort(), appBalancer(port, hosts), workDir);
  balancer.start();
  for (const h of hosts) await balancer.waitFor(h.name, "UP", 30_000);
  log(`haproxy on ${balancer.url}: ${hosts.map((h) => h.name).join(", ")} UP`);
  return { nodes, dbBalancer, db, hosts, balancer, secret };
}

const lagosDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

interface Payable {
  slug: string;
  reference: string;
  /** The charge.success Paystack would post, signed. */
  body: string;
  signature: string;
}

/**
 * Bookings ready to be paid, made through the app: the musician creates each (Create Booking), the
 * organiser confirms it and presses Pay (the built-in test provider opens a checkout). What Paystack
 * would then post is built from the checkout's record and signed with the test provider's key.
 */
async function payableBookings(c: Cluster, musicianCookie: string, count: number): Promise<Payable[]> {
  const bal = c.balancer.url;
  process.env.BETTER_AUTH_SECRET = c.secret;
  const key = testProviderSecret();
  const out: Payable[] = [];
  for (let i = 0; i < count; i++) {
    const created = await postForm(
      bal,
      "/api/bookings",
      {
        clientName: `Failover Payer ${i}`,
        serviceType: "Background Music",
        eventType: "Wedding",
        price: String(50_000 + i * 1_000),
        eventDate: lagosDay(20 + i),
        idempotencyKey: randomUUID(),
      },
      { cookie: musicianCookie },
    );
    const slug = (JSON.parse(created.text) as { slug?: string }).slug;
    if (!slug) throw new Error(`Create Booking answered ${created.status}: ${created.text.slice(0, 200)}`);
    const confirmed = await postForm(bal, `/booking/${slug}.data`, {});
    if (confirmed.status !== 200) throw new Error(`Confirm answered ${confirmed.status}`);
    const paid = await postForm(bal, `/booking/${slug}.data`, {
      intent: "pay",
      email: `payer-${slug}@example.com`,
      idempotencyKey: randomUUID(),
    });
    if (paid.status >= 400) throw new Error(`Pay answered ${paid.status}: ${paid.text.slice(0, 200)}`);
    const record = await c.db.query<{
      reference: string;
      amount_kobo: string;
      created_at: Date;
      data: Record<string, unknown>;
    }>(
      `SELECT r.reference, r.amount_kobo, r.created_at, r.data FROM paystack_test_records r
         JOIN payments p ON p.reference = r.reference JOIN bookings_by_musician b ON b.id = p.booking_id
        WHERE b.slug = $1 AND r.kind = 'transaction'`,
      [slug],
    );
    const r = record.rows[0];
    if (!r) throw new Error(`no checkout was opened for ${slug}`);
    const checkout: TestRecord = {
      kind: "transaction",
      status: "success",
      reference: r.reference,
      amountKobo: Number(r.amount_kobo),
      createdAt: r.created_at,
      updatedAt: new Date(),
      data: { ...r.data, paid_at: new Date().toISOString() },
    };
    const payload = chargeSuccessPayload(checkout);
    const body = JSON.stringify(payload);
    out.push({ slug, reference: r.reference, body, signature: paystackSignature(body, key) });
  }
  return out;
}

interface PaymentRun {
  outcomes: Outcome[];
  acknowledged: Set<string>;
  unacknowledged: Set<string>;
  stop(): Promise<void>;
}

/** Paystack posting charge.success for each booking in turn, and again after anything but 2xx. */
function startPayments(base: string, payables: Payable[], everyMs: number): PaymentRun {
  const run: PaymentRun = {
    outcomes: [],
    acknowledged: new Set(),
    unacknowledged: new Set(),
    stop: async () => {},
  };
  let stopping = false;
  const loop = (async () => {
    for (const p of payables) {
      if (stopping) break;
      const sentAt = Date.now();
      const outcome = await sendRecorded(
        "payment webhook",
        async () =>
          answerOf(
            await fetch(`${base}/webhooks/paystack`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-paystack-signature": p.signature },
              body: p.body,
              signal: AbortSignal.timeout(60_000),
            }),
          ),
        run.outcomes,
        { retryForMs: RETRY_FOR_MS, ok: (a) => a.status === 200 && a.text === "OK" },
      );
      (outcome.ok ? run.acknowledged : run.unacknowledged).add(p.reference);
      const wait = sentAt + everyMs - Date.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  run.stop = async () => {
    stopping = true;
    await loop;
  };
  return run;
}

/** Each payment acknowledged is credited once: the payment succeeded, one ledger credit under its reference. */
async function checkPayments(db: Pick<Database, "query">, payments: PaymentRun) {
  const refs = [...payments.acknowledged, ...payments.unacknowledged];
  const rows = await db.query<{ reference: string; status: string; credits: string }>(
    `SELECT p.reference, p.status,
            (SELECT count(*) FROM ledger_transactions t WHERE t.idempotency_key = p.reference) AS credits
       FROM payments p WHERE p.reference = ANY($1)`,
    [refs],
  );
  const byRef = new Map(rows.rows.map((r) => [r.reference, r]));
  let lost = 0;
  let doubled = 0;
  for (const ref of payments.acknowledged) {
    const r = byRef.get(ref);
    if (r?.status !== "success" || Number(r.credits) < 1) lost += 1;
  }
  for (const r of rows.rows) if (Number(r.credits) > 1) doubled += Number(r.credits) - 1;
  return { acknowledged: payments.acknowledged.size, lost, doubled };
}

async function main() {
  ensureBuild(buildDir);
  const c = await startCluster();
  const [db1, db2] = c.nodes;
  const bal = c.balancer.url;
  const figures: Record<string, unknown> = {};

  log("a musician, three organisers writing to them, bookings ready to be paid ...");
  const musician = await publicMusician(bal, c.db, "Failover Sax");
  const writers = await organisersWriting(bal, musician.slug, ["Ngozi", "Ada", "Bola"]);
  const payables = await payableBookings(c, musician.cookie, Number(args.bookings));
  // An organiser account that is still signed in after the failover (sessions live in PostgreSQL).
  const organiser = await registerAndSignIn(bal, "client", "Kemi");

  log(
    `load: ${RATE} requests/s (pages and booking requests), 3 message writers, a webhook every ${WEBHOOK_EVERY_MS} ms ...`,
  );
  const reader = new StreamReader(bal, musician.cookie);
  await reader.start();
  const load = startLoad(bal, musician.slug, RATE, "failover", 6, RETRY_FOR_MS);
  const writing = startWriters(bal, writers, 2_500, "failover", RETRY_FOR_MS);
  const paying = startPayments(bal, payables, WEBHOOK_EVERY_MS);
  await sleep(8_000);

  // The primary's PostgreSQL dies as with its machine, then its Patroni, so nothing restarts it there.
  const killedAt = Date.now();
  const victims = db1.killPostgres();
  await db1.killPatroni();
  log(`SIGKILL to db1's PostgreSQL (${victims.length} processes) and then its Patroni`);
  const promotedAt = await db2.waitFor("primary", 120_000);
  log(`db2 promoted ${promotedAt - killedAt} ms after the kill`);
  const routedAt = await c.dbBalancer.waitFor("db2", "UP", 60_000);
  log(`haproxy sends database connections to db2 ${routedAt - killedAt} ms after the kill`);
  const writes = (): Outcome[] =>
    [...load.outcomes, ...writing.outcomes, ...paying.outcomes].filter(
      (o) => o.kind !== "public page" && o.kind !== "market",
    );
  let firstWrite: Outcome | undefined;
  for (let i = 0; i < 1200 && !firstWrite; i++) {
    firstWrite = writes()
      .filter((o) => o.ok && o.sentAt > killedAt)
      .sort((a, b) => a.doneAt - b.doneAt)[0];
    if (!firstWrite) await sleep(50);
  }
  const outageMs = firstWrite ? firstWrite.doneAt - killedAt : Number.POSITIVE_INFINITY;
  log(
    `first write acknowledged after the kill: ${firstWrite ? `${firstWrite.kind}, ${outageMs} ms after it` : "none"}`,
  );
  await sleep(6_000);

  // The old primary comes back: its Patroni finds db2 holding the lock and makes it a standby again.
  const restartedAt = Date.now();
  db1.start();
  const rejoinedAt = await db1.waitFor("sync", 180_000).catch(() => null);
  // Patroni logs "pg_rewind exit code=0" when it took back what the old primary wrote past the fork.
  const rewindExit = /pg_rewind exit code=(\d+)/.exec(fs.readFileSync(db1.logFile, "utf8"))?.[1];
  const rewound =
    rewindExit === undefined ? "no pg_rewind needed" : `after pg_rewind (exit code ${rewindExit})`;
  log(
    rejoinedAt
      ? `db1 rejoined as the synchronous standby ${rejoinedAt - restartedAt} ms after its Patroni started, ${rewound}`
      : "db1 did not come back as the synchronous standby",
  );
  await sleep(4_000);
  await Promise.all([load.stop(), writing.stop(), paying.stop()]);
  log("load stopped; counting ...");

  // What was written: on the new primary (through haproxy), then on the old primary, now a standby.
  const requestsAndMessages = await checkWrites(c.db, load, writing, reader, "failover");
  reader.stop();
  const money = await checkPayments(c.db, paying);
  const all = [...load.outcomes, ...writing.outcomes, ...paying.outcomes];
  const acknowledged = requestsAndMessages.acknowledgedWrites + money.acknowledged;
  const lost = requestsAndMessages.lost + money.lost;
  const doubled = requestsAndMessages.doubled + money.doubled;
  const answers500 = all.filter((o) => o.status === 500).length;
  const unavailable = all.filter((o) => o.status === 503);
  const withoutRetryAfter = unavailable.filter((o) => !o.retryAfter).length;
  const otherFailures = all.filter((o) => !o.ok && o.status !== 503);
  const unacknowledged = load.unacknowledged.size + paying.unacknowledged.size + writing.failed.length;

  let onStandby: { lost: number; doubled: number } | null = null;
  if (rejoinedAt) {
    // A standby applies what the primary commits; wait until it has replayed up to the primary's WAL.
    const lsn = (await c.db.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn;
    const standby = new pg.Pool({ connectionString: db1.url("stagebook"), max: 1 });
    for (let i = 0; i < 100; i++) {
      const r = await standby.query<{ caught: boolean }>(
        "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught",
        [lsn],
      );
      if (r.rows[0]!.caught) break;
      await sleep(100);
    }
    const standbyDb = { query: standby.query.bind(standby) } as unknown as Database;
    const there = await checkWrites(standbyDb, load, writing, reader, "failover");
    const thereMoney = await checkPayments(standbyDb, paying);
    onStandby = { lost: there.lost + thereMoney.lost, doubled: there.doubled + thereMoney.doubled };
    await standby.end();
  }
  const replication = await c.db.query<{ application_name: string; state: string; sync_state: string }>(
    "SELECT application_name, state, sync_state FROM pg_stat_replication",
  );
  const signedIn = await fetch(`${bal}/bookings`, {
    headers: { cookie: organiser.cookie },
    redirect: "manual",
  });

  console.log("\nDatabase failover under load:");
  console.log(
    `  acknowledged writes ${acknowledged} (booking requests ${load.acknowledged.size}, messages ${requestsAndMessages.messagesAcknowledged}, payments ${money.acknowledged})`,
  );
  console.log(`  found after failover ${acknowledged - lost}, lost ${lost}, doubled ${doubled}`);
  console.log(
    `  on the old primary once a standby again: ${onStandby ? `found ${acknowledged - onStandby.lost}, lost ${onStandby.lost}, doubled ${onStandby.doubled}` : "not back"}`,
  );
  console.log(
    `  requests ${all.length} (every attempt, retries included), answers of 500 ${answers500}, 503 ${unavailable.length} (${withoutRetryAfter} without Retry-After), other failures ${otherFailures.length}${otherFailures.length ? ` (${[...new Set(otherFailures.map((o) => String(o.status)))].join(", ")})` : ""}, writes never acknowledged ${unacknowledged}`,
  );
  console.log(
    `  write outage ${(outageMs / 1000).toFixed(1)} s (SIGKILL to the first write acknowledged); db2 promoted after ${((promotedAt - killedAt) / 1000).toFixed(1)} s, reached through haproxy after ${((routedAt - killedAt) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  old primary rejoined as ${rejoinedAt ? `the synchronous standby ${((rejoinedAt - restartedAt) / 1000).toFixed(1)} s after its Patroni started, ${rewound}` : "nothing"}; pg_stat_replication on db2: ${replication.rows.map((r) => `${r.application_name} ${r.state} ${r.sync_state}`).join(", ") || "none"}`,
  );
  console.log(
    `  messages: acknowledged ${requestsAndMessages.messagesAcknowledged}, on the open stream ${requestsAndMessages.messagesReceived}, missing ${requestsAndMessages.messagesMissing}, repeated ${requestsAndMessages.messagesRepeated}; stream connections ${reader.connections.length}`,
  );
  figures.failover = {
    acknowledged,
    found: acknowledged - lost,
    lost,
    doubled,
    onStandby,
    requests: all.length,
    answers500,
    answers503: unavailable.length,
    withoutRetryAfter,
    otherFailures: otherFailures.length,
    unacknowledged,
    outageMs,
    promotedMs: promotedAt - killedAt,
    routedMs: routedAt - killedAt,
    rejoinMs: rejoinedAt ? rejoinedAt - restartedAt : null,
    rewound,
    replication: replication.rows,
  };

  rule(lost === 0, `no acknowledged write lost (${lost} of ${acknowledged})`);
  rule(doubled === 0, `no write stored twice (${doubled})`);
  rule(answers500 === 0, `no answer of 500 (${answers500})`);
  rule(withoutRetryAfter === 0, `every 503 carries Retry-After (${withoutRetryAfter} without)`);
  rule(
    unacknowledged === 0,
    `every write was acknowledged in the end, retried with its key (${unacknowledged} not)`,
  );
  rule(
    Number.isFinite(outageMs),
    "writes succeed again after the failover: the app's pool reconnected by itself",
  );
  rule(
    requestsAndMessages.messagesMissing === 0 && requestsAndMessages.messagesRepeated === 0,
    `every acknowledged message reached the open stream once: the LISTEN connections reconnected (${requestsAndMessages.messagesMissing} missing, ${requestsAndMessages.messagesRepeated} repeated)`,
  );
  rule(
    signedIn.status === 200,
    `a session made before the failover still holds (GET /bookings ${signedIn.status})`,
  );
  rule(
    rejoinedAt !== null && replication.rows.some((r) => r.sync_state === "sync" && r.state === "streaming"),
    "the old primary rejoined as the synchronous standby",
  );
  rule(
    onStandby !== null && onStandby.lost === 0 && onStandby.doubled === 0,
    "the rejoined standby holds every acknowledged write once",
  );

  log("the job queue (pg-boss reconnected), e-mails and the ledger ...");
  figures.onceAcrossHosts = await checkOnce(c.db, c.hosts);
  const ledger = spawnSync("npm", ["run", "ledger:check"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: c.db.ownerUrl, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  rule(
    ledger.status === 0,
    `npm run ledger:check passes after the failover${ledger.status ? `:\n${ledger.stdout}${ledger.stderr}` : ""}`,
  );
  return figures;
}

const started = Date.now();
main()
  .then(async (figures) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\ncompleted in ${seconds} s`);
    const out = path.resolve(ROOT, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, "failover-latest.json"),
      JSON.stringify({ ...figures, seconds, failures }, null, 2),
    );
  })
  .catch((err) => {
    failures.push(`the test stopped: ${(err as Error).stack ?? err}`);
  })
  .finally(async () => {
    await runCleanup();
    if (failures.length) {
      console.error(`\nFAILED (${failures.length}):\n- ${failures.join("\n- ")}\n(logs: ${workDir}/*.log)`);
      process.exit(1);
    }
    console.log("PASSED");
    process.exit(0);
  });
