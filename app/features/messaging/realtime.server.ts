// Real time (issue 11 §5): the messages table is the truth. A sender's transaction NOTIFYs after it
// stores the message; every app process LISTENs on ONE dedicated connection and pushes the stored
// message to its own open Server-Sent Events streams. A reconnecting browser sends Last-Event-ID and
// gets what it missed from the table.
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import pg from "pg";
import { getSessionUser } from "~/features/auth/session.server";
import { logger } from "~/server/logger.server";
import { announcedMessage, markDelivered, missedMessages, viewMessage } from "./messaging.server";
import { MESSAGE_CHANNEL } from "./queries.server";

const HEARTBEAT_MS = 20_000;
const RECONNECT_SOON = "retry: 500\n\n";

interface Stream {
  userId: string;
  /** The conversation open on the page, if any: deliveries there count as read. */
  open: string | null;
  res: ExpressResponse;
  /** While the catch-up is being read: live messages wait here, then go out after it. */
  backlog?: { id: number; data: unknown }[] | null;
  /** What the browser already has: ids up to `after`, and those the catch-up sent. */
  after?: number;
  caughtUp?: Set<number>;
}

const streams = new Set<Stream>();
let listener: pg.Client | null = null;
let connecting: Promise<void> | null = null;
let heartbeat: NodeJS.Timeout | null = null;
let stopped = false;

function write(s: Stream, chunk: string) {
  s.res.write(chunk);
  // compression() (server.ts) exposes flush(); without it an event could wait in a buffer.
  (s.res as ExpressResponse & { flush?: () => void }).flush?.();
}

function writeEvent(s: Stream, id: number, data: unknown) {
  write(s, `id: ${id}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`);
}

function sendEvent(s: Stream, id: number, data: unknown) {
  // A notification can arrive after the catch-up already sent its message: send each once.
  if (id <= (s.after ?? 0) || s.caughtUp?.has(id)) return;
  if (s.backlog) s.backlog.push({ id, data });
  else writeEvent(s, id, data);
}

async function deliver(messageId: number) {
  const found = await announcedMessage(messageId);
  if (!found) return;
  for (const s of streams) {
    if (!found.members.includes(s.userId)) continue;
    sendEvent(s, messageId, viewMessage(s.userId, found.row, found.revises));
    if (s.open === found.conv.id && found.row.senderUserId !== s.userId) {
      await markDelivered(s.userId, found.conv, messageId).catch((err) =>
        logger.warn({ err }, "could not mark a delivered message read"),
      );
    }
  }
}

// Deliveries go out one after the other, in the order PostgreSQL announced them: each reads its message
// first, and two reads racing would put a later message on a stream before an earlier one; the
// browser's Last-Event-ID would then name the earlier one, and a reconnect would send the later twice.
let delivering: Promise<void> = Promise.resolve();

async function connect(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  client.on("notification", (n) => {
    if (n.channel !== MESSAGE_CHANNEL || !n.payload) return;
    const id = Number((JSON.parse(n.payload) as { id: number }).id);
    delivering = delivering
      .then(() => deliver(id))
      .catch((err) => logger.error({ err }, "message delivery failed"));
  });
  client.on("error", (err) => {
    logger.warn({ err }, "message listener lost its connection; reconnecting");
    listener = null;
    // Streams that reconnect catch up from the table with Last-Event-ID, so nothing is lost meanwhile.
    for (const s of streams) s.res.end();
  });
  await client.connect();
  await client.query(`LISTEN ${MESSAGE_CHANNEL}`);
  listener = client;
}

async function ensureListening(): Promise<void> {
  if (listener || stopped) return;
  connecting ??= connect().finally(() => {
    connecting = null;
  });
  await connecting;
  heartbeat ??= setInterval(() => {
    // A comment line keeps mobile NATs and proxies from closing an idle stream.
    for (const s of streams) write(s, `: ping ${Date.now()}\n\n`);
  }, HEARTBEAT_MS);
}

/** GET /api/messages/stream[?c=<open conversation>]: the signed-in user's live messages. */
export async function messageStreamHandler(req: ExpressRequest, res: ExpressResponse): Promise<void> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const user = await getSessionUser(new Request("http://localhost/api/messages/stream", { headers }));
  if (!user) {
    res.status(401).type("text").send("Sign in to receive messages.");
    return;
  }
  await ensureListening();
  if (stopped) {
    // This server is shutting down: the browser reconnects, and the balancer sends it elsewhere.
    res.status(200).type("text/event-stream").end(RECONNECT_SOON);
    return;
  }
  const open = typeof req.query.c === "string" && /^[0-9a-f-]{36}$/i.test(req.query.c) ? req.query.c : null;
  res.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    // no-transform: compression and proxies pass the stream through unbuffered.
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  // Join the live set before the headers go out (the browser counts the stream as open then) and
  // before reading the table, so nothing stored meanwhile is lost; live messages wait in the backlog
  // until the catch-up is written, and one that arrives both ways is sent once (ids only increase).
  const stream: Stream = { userId: user.id, open, res, backlog: [] };
  streams.add(stream);
  req.on("close", () => streams.delete(stream));
  res.flushHeaders();
  write(stream, "retry: 2000\n\n");
  const lastId = Number(req.get("last-event-id") ?? req.query.after ?? 0);
  try {
    if (Number.isSafeInteger(lastId) && lastId > 0) {
      stream.after = lastId;
      stream.caughtUp = new Set();
      for (const m of await missedMessages(user.id, lastId)) {
        writeEvent(stream, m.id, m);
        stream.caughtUp.add(m.id);
      }
    }
  } finally {
    const queued = stream.backlog ?? [];
    stream.backlog = null;
    for (const q of queued) if (!stream.caughtUp?.has(q.id)) writeEvent(stream, q.id, q.data);
  }
}

/** Whether this process holds a live stream of the user with that conversation open. */
export function isReading(userId: string, conversationId: string): boolean {
  for (const s of streams) if (s.userId === userId && s.open === conversationId) return true;
  return false;
}

export async function stopRealtime(): Promise<void> {
  stopped = true;
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
  // Told to come back soon: the browser reconnects (to another server behind the balancer) and
  // catches up with Last-Event-ID.
  for (const s of streams) s.res.end(RECONNECT_SOON);
  streams.clear();
  await listener?.end().catch(() => undefined);
  listener = null;
}

/** For tests and the bench: how many streams this process holds. */
export function openStreamCount(): number {
  return streams.size;
}
