// What the several-host tests (`npm run test:scale`, `npm run test:failover`) check and set up alike:
// their rules, the accounts they drive, and whether every acknowledged write is stored once.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sleep } from "../bench/server-control";
import {
  type LoadRun,
  type Outcome,
  postForm,
  registerAndSignIn,
  type StreamReader,
  type Writer,
  type WriterRun,
} from "./clients";
import type { Database, Host } from "./cluster";

/** The rules broken so far; a test exits 1 when there is any. */
export const failures: string[] = [];
export function rule(ok: boolean, message: string) {
  if (!ok) failures.push(message);
  console.log(`  ${ok ? "ok  " : "FAIL"} ${message}`);
}

export interface PhaseFigures {
  requests: number;
  acknowledgedWrites: number;
  lost: number;
  doubled: number;
  storedUnacknowledged: number;
  answers500: number;
  failed: number;
  failedWindow: string;
  balancerRetries: number;
  balancerRedispatches: number;
  messagesAcknowledged: number;
  messagesReceived: number;
  messagesMissing: number;
  messagesRepeated: number;
  streamConnections: { servedBy: string; end: string | null; lastEventIdSent: string | null }[];
}

export async function checkWrites(
  db: Database,
  load: LoadRun,
  writers: WriterRun,
  reader: StreamReader,
  tag: string,
): Promise<Omit<PhaseFigures, "failed" | "failedWindow" | "balancerRetries" | "balancerRedispatches">> {
  // The reader's stream catches up: every acknowledged message should arrive (10 s at most).
  const until = Date.now() + 10_000;
  while (Date.now() < until && [...writers.acknowledged].some((b) => !reader.bodies().has(b)))
    await sleep(100);
  const requests = await db.query<{ marker: string; n: string }>(
    `SELECT additional_details AS marker, count(*) AS n FROM booking_requests
     WHERE additional_details = ANY($1) GROUP BY 1`,
    [[...load.acknowledged, ...load.unacknowledged]],
  );
  const inDb = new Map(requests.rows.map((r) => [r.marker, Number(r.n)]));
  const messages = await db.query<{ body: string; n: string }>(
    `SELECT body, count(*) AS n FROM messages WHERE body LIKE $1 GROUP BY 1`,
    [`${tag} message %`],
  );
  const messagesInDb = new Map(messages.rows.map((r) => [r.body, Number(r.n)]));
  let lost = 0;
  let doubled = 0;
  for (const m of load.acknowledged) if (!inDb.has(m)) lost += 1;
  for (const b of writers.acknowledged) if (!messagesInDb.has(b)) lost += 1;
  for (const n of [...inDb.values(), ...messagesInDb.values()]) if (n > 1) doubled += n - 1;
  const storedUnacknowledged =
    [...load.unacknowledged].filter((m) => inDb.has(m)).length +
    [...messagesInDb.keys()].filter((b) => !writers.acknowledged.has(b)).length;
  const bodies = reader.bodies();
  const all: Outcome[] = [...load.outcomes, ...writers.outcomes];
  return {
    requests: all.length,
    acknowledgedWrites: load.acknowledged.size + writers.acknowledged.size,
    lost,
    doubled,
    storedUnacknowledged,
    answers500: all.filter((o) => o.status === 500).length,
    messagesAcknowledged: writers.acknowledged.size,
    messagesReceived: [...bodies.keys()].filter((b) => b.startsWith(`${tag} message`)).length,
    messagesMissing: [...writers.acknowledged].filter((b) => !bodies.has(b)).length,
    messagesRepeated: [...reader.received.values()].filter((r) => r.times > 1).length,
    streamConnections: reader.connections.map((x) => ({
      servedBy: x.servedBy,
      end: x.end,
      lastEventIdSent: x.lastEventIdSent,
    })),
  };
}

export function failedOf(load: LoadRun, writers: WriterRun): Outcome[] {
  return [...load.outcomes, ...writers.outcomes].filter((o) => !o.ok).sort((a, b) => a.sentAt - b.sentAt);
}

/** Every e-mail in every host's outbox once (a job run twice would write the same e-mail twice). */
export async function checkOnce(db: Database, hosts: Host[]) {
  // Jobs still queued or running finish first (at most 30 s).
  // The load queued e-mails and texts faster than one host sends them: wait while the queue drains
  // (a stuck job stops it draining: 20 s without progress fails), at most 3 minutes.
  let pending = 0;
  let least = Number.POSITIVE_INFINITY;
  let progressAt = Date.now();
  const drainStarted = Date.now();
  while (Date.now() - drainStarted < 180_000 && Date.now() - progressAt < 20_000) {
    pending = Number(
      (
        await db.query<{ n: string }>(
          "SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after < now()",
        )
      ).rows[0]!.n,
    );
    if (pending === 0) break;
    if (pending < least) [least, progressAt] = [pending, Date.now()];
    await sleep(250);
  }
  console.log(
    `  job queue ${pending === 0 ? "drained" : `still ${pending} waiting`} ${Date.now() - drainStarted} ms after the load ended`,
  );
  const mails: { host: string; file: string; key: string }[] = [];
  for (const h of hosts) {
    const dir = path.join(h.opts.dataDir, "outbox");
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir)) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const [head = "", ...rest] = text.split(/\r?\n\r?\n/);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? "";
      // Without the headers that differ per sending (Date, Message-ID) and the MIME boundaries.
      const body = rest.join("\n\n").replace(/--_?[-=\w.]{8,}/g, "");
      mails.push({ host: h.name, file, key: `${header("To")}|${header("Subject")}|${body}` });
    }
  }
  const byKey = new Map<string, string[]>();
  for (const m of mails) byKey.set(m.key, [...(byKey.get(m.key) ?? []), `${m.host}/${m.file}`]);
  const twice = [...byKey.values()].filter((files) => files.length > 1);
  const perHost = Object.fromEntries(
    hosts.map((h) => [h.name, mails.filter((m) => m.host === h.name).length]),
  );
  const jobs = await db.query<{ name: string; state: string; n: string }>(
    "SELECT name, state, count(*) AS n FROM pgboss.job WHERE name NOT LIKE '\\_\\_%' GROUP BY 1, 2 ORDER BY 1, 2",
  );
  const webhooks = await db.query<{ n: string; distinct_refs: string }>(
    "SELECT count(*) AS n, count(DISTINCT reference) AS distinct_refs FROM payments",
  );
  rule(pending === 0, `no job left waiting (${pending})`);
  rule(
    mails.length > 0 && twice.length === 0,
    `each e-mail sent once across hosts: ${mails.length} e-mails (${JSON.stringify(perHost)}), ${twice.length} sent twice${twice.length ? `: ${twice[0]!.slice(0, 3).join(", ")}` : ""}`,
  );
  rule(
    webhooks.rows[0]!.n === webhooks.rows[0]!.distinct_refs,
    `each payment (webhook) recorded once: ${webhooks.rows[0]!.n} payments, ${webhooks.rows[0]!.distinct_refs} references`,
  );
  return {
    mails: mails.length,
    perHost,
    sentTwice: twice.length,
    jobs: jobs.rows.map((r) => `${r.name} ${r.state} ${r.n}`),
  };
}

/** A musician with a public profile at `slug`, signed in through `base`. */
export async function publicMusician(base: string, db: Database, stageName: string) {
  const musician = await registerAndSignIn(base, "musician", "Tunde");
  const slug = `scale-${randomUUID().slice(0, 8)}`;
  await db.query(
    `UPDATE musician_profiles SET slug = $1, stage_name = $3, phone_number = '08030000000',
       website_active = true, performance_roles = ARRAY['Saxophonist'], genres = ARRAY['Afrobeats'],
       location = 'Lagos', bio = 'Live sax for weddings.'
     WHERE user_id = (SELECT id FROM "user" WHERE email = $2)`,
    [slug, musician.email, stageName],
  );
  return { ...musician, slug };
}

/** Organisers, each with a conversation with the musician (the Message button's post). */
export async function organisersWriting(base: string, slug: string, names: string[]): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (const name of names) {
    const org = await registerAndSignIn(base, "client", name);
    const a = await postForm(
      base,
      "/messages",
      { intent: "start", musicianSlug: slug },
      { cookie: org.cookie },
    );
    const conversationId = /[?&]c=([0-9a-f-]{36})/.exec(a.location ?? "")?.[1];
    if (!conversationId) throw new Error(`starting a conversation answered ${a.status} ${a.location}`);
    writers.push({ cookie: org.cookie, conversationId });
  }
  return writers;
}
