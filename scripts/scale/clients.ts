// The scale test's clients: form posts as a browser sends them, a steady load of page reads and
// acknowledged writes, message writers, and a message stream reader that reconnects as EventSource
// does (after `retry:` ms, with Last-Event-ID). Every request goes where it is pointed (the balancer or
// one host) and remembers which host answered (haproxy's X-Served-By).
import { randomUUID } from "node:crypto";
import http from "node:http";
import { nextIp, sleep } from "../bench/server-control";

/**
 * How long a client waits for an answer: haproxy's `timeout server` (deploy/haproxy.cfg), after which
 * the balancer itself would fail the request. On a busy machine a request can be slow without failing.
 */
const ANSWER_WITHIN_MS = 60_000;

export interface Answer {
  status: number;
  text: string;
  servedBy: string;
  location: string | null;
  retryAfter: string | null;
  cookies: string[];
}

/** A url-encoded form post, same-origin as a browser's (the app refuses cross-site posts). */
export async function postForm(
  base: string,
  path: string,
  fields: Record<string, string | string[]>,
  opts: { cookie?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": opts.ip ?? nextIp(),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(opts.timeoutMs ?? ANSWER_WITHIN_MS),
  });
  return answerOf(res);
}

export async function answerOf(res: Response): Promise<Answer> {
  return {
    status: res.status,
    text: await res.text(),
    servedBy: res.headers.get("x-served-by") ?? "",
    location: res.headers.get("location"),
    retryAfter: res.headers.get("retry-after"),
    cookies: res.headers.getSetCookie().map((c) => c.split(";")[0]!),
  };
}

export async function get(base: string, path: string, cookie?: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    headers: { "x-forwarded-for": nextIp(), ...(cookie ? { cookie } : {}) },
    redirect: "manual",
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return answerOf(res);
}

export interface Account {
  email: string;
  password: string;
  cookie: string;
}

/** Registers through the Register form, then signs in through the Sign In form; returns the session. */
export async function registerAndSignIn(
  base: string,
  role: "musician" | "client",
  firstName: string,
): Promise<Account> {
  const email = `scale-${role}-${randomUUID().slice(0, 8)}@example.com`;
  const password = "afrobeats-2026";
  const reg = await postForm(
    base,
    "/register",
    {
      firstName,
      lastName: "Scale",
      email,
      password,
      role,
      phoneNumber: "08031234567",
    },
    { timeoutMs: 90_000 },
  );
  if (reg.status !== 302) throw new Error(`register answered ${reg.status}: ${reg.text.slice(0, 200)}`);
  const login = await postForm(base, "/login", { email, password }, { timeoutMs: 90_000 });
  if (login.status !== 302 || login.cookies.length === 0)
    throw new Error(`sign-in answered ${login.status}: ${login.text.slice(0, 200)}`);
  return { email, password, cookie: login.cookies.join("; ") };
}

/** One request of a load run: when it was sent and answered, and how. */
export interface Outcome {
  kind: string;
  sentAt: number;
  doneAt: number;
  status: number | "network error" | "timeout";
  ok: boolean;
  servedBy: string;
  retryAfter: string | null;
}

/** An answer that means "not now, send it again": 502, 503, 504, or none at all. */
function notNow(status: Outcome["status"]): boolean {
  return typeof status !== "number" || status === 502 || status === 503 || status === 504;
}

/**
 * Sends a request and records how it went. With `retryForMs`, a "not now" answer is followed by the
 * very same request (the same idempotency key) after its Retry-After (1 s without one), as a person
 * pressing Send again or Paystack redelivering a webhook does, for up to that long; each attempt is
 * its own outcome. Resolves with the last.
 */
export async function sendRecorded(
  kind: string,
  send: () => Promise<Answer>,
  outcomes: Outcome[],
  opts: { retryForMs?: number; ok?: (a: Answer) => boolean } = {},
): Promise<Outcome> {
  const giveUpAt = Date.now() + (opts.retryForMs ?? 0);
  for (;;) {
    const sentAt = Date.now();
    let outcome: Outcome;
    try {
      const a = await send();
      const ok = opts.ok ? opts.ok(a) : a.status >= 200 && a.status < 300;
      outcome = {
        kind,
        sentAt,
        doneAt: Date.now(),
        status: a.status,
        ok,
        servedBy: a.servedBy,
        retryAfter: a.retryAfter,
      };
      if (!ok && !notNow(a.status))
        console.log(`    ${a.status} on ${kind} from ${a.servedBy}: ${a.text.slice(0, 200)}`);
    } catch (err) {
      const status = (err as Error).name === "TimeoutError" ? "timeout" : "network error";
      outcome = { kind, sentAt, doneAt: Date.now(), status, ok: false, servedBy: "", retryAfter: null };
    }
    outcomes.push(outcome);
    if (outcome.ok || !notNow(outcome.status) || Date.now() >= giveUpAt) return outcome;
    await sleep(1000 * (Number(outcome.retryAfter) || 1));
  }
}

export interface LoadRun {
  outcomes: Outcome[];
  /** Booking requests answered 2xx: their marker (additional details). */
  acknowledged: Set<string>;
  /** Booking requests sent but not acknowledged. */
  unacknowledged: Set<string>;
  stop(): Promise<void>;
}

/**
 * A steady load through the balancer: `rate` requests a second, alternating a read of the musician's
 * public page, the market, and a booking request (a write with an idempotency key and a unique
 * marker). No client retries: a request that fails is counted as failed.
 */
export function startLoad(
  base: string,
  slug: string,
  rate: number,
  tag: string,
  clients = 6,
  retryForMs = 0,
): LoadRun {
  const run: LoadRun = {
    outcomes: [],
    acknowledged: new Set(),
    unacknowledged: new Set(),
    stop: async () => {},
  };
  let stopping = false;
  let n = 0;
  const one = async () => {
    const i = n++;
    const kind = i % 3 === 0 ? "booking request" : i % 3 === 1 ? "public page" : "market";
    const marker = `scale-${randomUUID()}`;
    const fields = {
      // Its own name: the musician's e-mail about each request differs, so a job run twice shows.
      clientName: `Scale ${tag} ${i}`,
      phoneNumber: "08031234567",
      dateNotFixed: "on",
      eventType: "wedding",
      eventDuration: "4",
      additionalDetails: marker,
      idempotencyKey: randomUUID(),
    };
    const outcome =
      kind === "booking request"
        ? await sendRecorded(
            kind,
            () => postForm(base, `/musicians/${slug}/request.data`, fields),
            run.outcomes,
            {
              retryForMs,
            },
          )
        : await sendRecorded(
            kind,
            () => get(base, kind === "public page" ? `/musicians/${slug}` : "/market?q=sax"),
            run.outcomes,
          );
    if (kind === "booking request") (outcome.ok ? run.acknowledged : run.unacknowledged).add(marker);
  };
  const loop = async () => {
    const interval = (1000 * clients) / rate;
    let next = Date.now() + Math.random() * interval;
    while (!stopping) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      next += interval;
      await one();
    }
  };
  const loops = Array.from({ length: clients }, loop);
  run.stop = async () => {
    stopping = true;
    await Promise.all(loops);
  };
  return run;
}

export interface Writer {
  cookie: string;
  conversationId: string;
}

export interface WriterRun {
  sent: number;
  /** Message bodies answered 2xx. */
  acknowledged: Set<string>;
  failed: Outcome[];
  outcomes: Outcome[];
  stop(): Promise<void>;
}

/**
 * Organisers each sending a message every `everyMs` through the balancer (the product allows 30 a
 * minute per sender), as the Messages page's fetcher does, with an idempotency key.
 */
export function startWriters(
  base: string,
  writers: Writer[],
  everyMs: number,
  tag: string,
  retryForMs = 0,
): WriterRun {
  const run: WriterRun = {
    sent: 0,
    acknowledged: new Set(),
    failed: [],
    outcomes: [],
    stop: async () => {},
  };
  let stopping = false;
  const loop = async (w: Writer, index: number) => {
    await sleep((everyMs / writers.length) * index);
    let n = 0;
    while (!stopping) {
      const body = `${tag} message ${n++} from writer ${index}`;
      const fields = { intent: "send", conversationId: w.conversationId, body, idempotencyKey: randomUUID() };
      run.sent += 1;
      const sentAt = Date.now();
      const outcome = await sendRecorded(
        "message",
        () => postForm(base, "/messages.data", fields, { cookie: w.cookie }),
        run.outcomes,
        { retryForMs, ok: (a) => a.status === 200 && a.text.includes(body) },
      );
      if (outcome.ok) run.acknowledged.add(body);
      else run.failed.push(outcome);
      const wait = sentAt + everyMs - Date.now();
      if (wait > 0) await sleep(wait);
    }
  };
  const loops = writers.map(loop);
  run.stop = async () => {
    stopping = true;
    await Promise.all(loops);
  };
  return run;
}

export interface Connection {
  servedBy: string;
  openedAt: number;
  closedAt: number | null;
  lastEventIdSent: string | null;
  /** How it ended: "ended" (the server closed it, as a draining host does) or the error. */
  end: string | null;
}

/**
 * The signed-in musician's message stream, read as a browser's EventSource reads it: each message
 * event counted by id, and when the connection ends or breaks, a new one after the `retry:` delay the
 * server last gave, carrying Last-Event-ID.
 */
export class StreamReader {
  readonly received = new Map<number, { body: string; times: number }>();
  readonly connections: Connection[] = [];
  private lastId: string | null = null;
  private retryMs = 2_000;
  private stopped = false;
  private current: http.ClientRequest | null = null;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  /** Opens the first connection; resolves once it is open. */
  start(): Promise<void> {
    return new Promise((resolve) => this.connect(resolve));
  }

  get servedBy(): string {
    return this.connections.at(-1)?.servedBy ?? "";
  }

  bodies(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { body, times } of this.received.values()) out.set(body, (out.get(body) ?? 0) + times);
    return out;
  }

  private connect(onOpen?: () => void) {
    if (this.stopped) return;
    const conn: Connection = {
      servedBy: "",
      openedAt: Date.now(),
      closedAt: null,
      lastEventIdSent: this.lastId,
      end: null,
    };
    const again = (why: string) => {
      if (conn.closedAt) return;
      conn.closedAt = Date.now();
      conn.end = why;
      if (!this.stopped) setTimeout(() => this.connect(onOpen), this.retryMs);
    };
    const req = http.get(
      `${this.base}/api/messages/stream`,
      {
        headers: {
          cookie: this.cookie,
          accept: "text/event-stream",
          "x-forwarded-for": nextIp(),
          ...(this.lastId ? { "last-event-id": this.lastId } : {}),
        },
        agent: false,
      },
      (res) => {
        conn.servedBy = String(res.headers["x-served-by"] ?? "");
        if (res.statusCode !== 200) {
          res.resume();
          again(`status ${res.statusCode}`);
          return;
        }
        this.connections.push(conn);
        onOpen?.();
        onOpen = undefined;
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            this.onBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on("end", () => again("ended"));
        res.on("error", (err) => again(err.message));
        res.on("close", () => again("closed"));
      },
    );
    req.on("error", (err) => again(err.message));
    this.current = req;
  }

  private onBlock(block: string) {
    const retry = /^retry: (\d+)$/m.exec(block)?.[1];
    if (retry) this.retryMs = Number(retry);
    const id = /^id: (\d+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!id || !data || !/^event: message$/m.test(block)) return;
    this.lastId = id;
    const body = (JSON.parse(data) as { body: string }).body;
    const seen = this.received.get(Number(id));
    if (seen) seen.times += 1;
    else this.received.set(Number(id), { body, times: 1 });
  }

  stop(): void {
    this.stopped = true;
    this.current?.destroy();
  }
}
