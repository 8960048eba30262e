import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANISER_ROLE } from "~/features/auth/roles";
import { giveSlug } from "~/features/bookings/booking-test-support";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { createMusician, createOrganiser } from "../../../tests/support/accounts";
import type { ThreadMessage } from "./message.schema";
import { type Member, sendMessage, startConversationWithMusician } from "./messaging.server";
import { messageStreamHandler, openStreamCount, stopRealtime } from "./realtime.server";

// The real HTTP stream, behind compression as in server.ts: what a browser's EventSource receives.
let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/api/messages/stream", (req, res, next) => {
    messageStreamHandler(req, res).catch(next);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopRealtime();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Event = { id: number; message: ThreadMessage };

/** Opens a stream and collects its message events as they arrive. */
function connect(path: string, headers: Record<string, string>) {
  const events: Event[] = [];
  let status = 0;
  let contentType = "";
  const req = http.get(`${base}${path}`, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
    status = res.statusCode ?? 0;
    contentType = String(res.headers["content-type"] ?? "");
    res.setEncoding("utf8");
    let buffer = "";
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id: Number(id), message: JSON.parse(data) });
        end = buffer.indexOf("\n\n");
      }
    });
  });
  return {
    events,
    status: () => status,
    contentType: () => contentType,
    close: () => req.destroy(),
  };
}

async function pair() {
  const musician = await createMusician();
  const slug = await giveSlug(musician);
  const profile = (await getOwnProfile(musician.userId))!;
  const organiser = await createOrganiser();
  const started = await startConversationWithMusician({ id: organiser.userId, role: ORGANISER_ROLE }, slug);
  if (!started.ok) throw new Error(started.message);
  const asOrganiser: Member = { user: { id: organiser.userId, role: ORGANISER_ROLE }, musicianId: null };
  const asMusician: Member = { user: { id: musician.userId, role: "musician" }, musicianId: profile.id };
  return { musician, organiser, asOrganiser, asMusician, conversationId: started.conversationId };
}

async function send(member: Member, conversationId: string, body: string) {
  const sent = await sendMessage(member, conversationId, body);
  if (!sent.ok) throw new Error(sent.message);
  return sent.message.id;
}

describe("the live message stream over HTTP", () => {
  it("a reconnecting browser gets what it missed (Last-Event-ID), then new messages pushed through NOTIFY", async () => {
    const { musician, asOrganiser, conversationId } = await pair();
    const seen = await send(asOrganiser, conversationId, "First, already on screen");
    const missed1 = await send(asOrganiser, conversationId, "Sent while you were offline");
    const missed2 = await send(asOrganiser, conversationId, "And another");
    const before = openStreamCount();
    const stream = connect(`/api/messages/stream?c=${conversationId}`, {
      cookie: musician.cookie,
      "last-event-id": String(seen),
    });
    try {
      await expect
        .poll(() => stream.events.map((e) => e.id), { timeout: 10_000 })
        .toEqual([missed1, missed2]);
      expect(stream.status()).toBe(200);
      expect(stream.contentType()).toMatch(/^text\/event-stream/);
      expect(stream.events[0].message).toMatchObject({
        conversationId,
        body: "Sent while you were offline",
        mine: false,
      });
      await expect.poll(() => openStreamCount()).toBe(before + 1);
      // A new message reaches the open stream through the database's NOTIFY, not a reload.
      const live = await send(asOrganiser, conversationId, "Are you there?");
      await expect
        .poll(() => stream.events.map((e) => e.id), { timeout: 10_000 })
        .toEqual([missed1, missed2, live]);
      expect(stream.events[2].message.body).toBe("Are you there?");
    } finally {
      stream.close();
    }
  });

  it("the first connection's after= catches up the same way; others' messages never arrive; no session is a 401", async () => {
    const { organiser, asMusician, conversationId } = await pair();
    const other = await pair();
    const rendered = await send(asMusician, conversationId, "Hello from the musician");
    const next = await send(asMusician, conversationId, "Sent between render and connect");
    const stream = connect(`/api/messages/stream?after=${rendered}`, { cookie: organiser.cookie });
    try {
      await expect.poll(() => stream.events.map((e) => e.id), { timeout: 10_000 }).toEqual([next]);
      const elsewhere = await send(other.asOrganiser, other.conversationId, "Not for you");
      const mine = await send(asMusician, conversationId, "Live one");
      await expect.poll(() => stream.events.map((e) => e.id), { timeout: 10_000 }).toEqual([next, mine]);
      expect(stream.events.some((e) => e.id === elsewhere)).toBe(false);
    } finally {
      stream.close();
    }
    const anonymous = await fetch(`${base}/api/messages/stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe("Sign in to receive messages.");
  });

  it("messages sent at once in several conversations arrive in id order, so Last-Event-ID is exact: a reconnect repeats nothing", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const senders: { member: Member; conversationId: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const organiser = await createOrganiser();
      const member: Member = { user: { id: organiser.userId, role: ORGANISER_ROLE }, musicianId: null };
      const started = await startConversationWithMusician(member.user, slug);
      if (!started.ok) throw new Error(started.message);
      senders.push({ member, conversationId: started.conversationId });
    }
    const stream = connect("/api/messages/stream", { cookie: musician.cookie });
    let lastId = 0;
    try {
      await expect.poll(() => stream.status(), { timeout: 10_000 }).toBe(200);
      // Fifteen sends racing each other, as three organisers typing at once on several app processes.
      const ids = await Promise.all(
        Array.from({ length: 15 }, (_, n) => {
          const s = senders[n % 3]!;
          return send(s.member, s.conversationId, `Race ${n}`);
        }),
      );
      await expect.poll(() => stream.events.length, { timeout: 15_000 }).toBe(15);
      const arrived = stream.events.map((e) => e.id);
      // What the browser's EventSource keeps as Last-Event-ID is the last one it received.
      expect(arrived).toEqual([...ids].sort((a, b) => a - b));
      lastId = arrived.at(-1)!;
    } finally {
      stream.close();
    }
    // The browser comes back (on any app process) with its Last-Event-ID: only what is new arrives.
    const again = connect("/api/messages/stream", {
      cookie: musician.cookie,
      "last-event-id": String(lastId),
    });
    try {
      const next = await send(senders[0]!.member, senders[0]!.conversationId, "After the reconnect");
      await expect.poll(() => again.events.map((e) => e.id), { timeout: 10_000 }).toEqual([next]);
    } finally {
      again.close();
    }
  });

  it("a number split over two messages: the second piece pushes the first one masked again to the open screen, and a reconnect catches up on it (issue 36)", async () => {
    const { musician, organiser, asOrganiser, asMusician, conversationId } = await pair();
    const hello = await send(asMusician, conversationId, "Hello, how can I help?");
    const musicianScreen = connect(`/api/messages/stream?c=${conversationId}`, {
      cookie: musician.cookie,
      "last-event-id": String(hello),
    });
    try {
      // The first piece alone reads as nothing hidden: it arrives live as typed.
      const first = await send(asOrganiser, conversationId, "my number: 0803 123");
      await expect.poll(() => musicianScreen.events.map((e) => e.id), { timeout: 10_000 }).toEqual([first]);
      expect(musicianScreen.events[0]!.message.body).toBe("my number: 0803 123");
      // The second completes it: stored masked whole, then the revision of the first is pushed with it.
      const second = await send(asOrganiser, conversationId, "4567");
      await expect
        .poll(() => musicianScreen.events.map((e) => e.id), { timeout: 10_000 })
        .toEqual([first, second]);
      const pushed = musicianScreen.events[1]!.message;
      expect(pushed.body).not.toContain("4567");
      expect(pushed.revises).toHaveLength(1);
      expect(pushed.revises![0]!.id).toBe(first);
      expect(pushed.revises![0]!.body).toMatch(/^my number: \[contact details hidden/);
      expect(pushed.revises![0]!.body).not.toMatch(/0803|123/);
    } finally {
      musicianScreen.close();
    }
    // A screen that was offline when the second piece came catches up on the revision too.
    const back = connect(`/api/messages/stream?c=${conversationId}`, {
      cookie: musician.cookie,
      "last-event-id": String(hello),
    });
    try {
      await expect.poll(() => back.events.length, { timeout: 10_000 }).toBe(2);
      expect(back.events[0]!.message.body).toMatch(/^my number: \[contact details hidden/);
      expect(back.events[1]!.message.revises?.map((r) => r.id)).toEqual([back.events[0]!.id]);
      expect(JSON.stringify(back.events)).not.toMatch(/0803|4567/);
    } finally {
      back.close();
    }
    // The sender's own screen gets the same revision (both sides read the thread as stored).
    const own = connect(`/api/messages/stream?c=${conversationId}`, {
      cookie: organiser.cookie,
      "last-event-id": String(hello),
    });
    try {
      await expect.poll(() => own.events.length, { timeout: 10_000 }).toBe(2);
      expect(own.events[1]!.message.revises?.[0]?.body).not.toMatch(/0803/);
    } finally {
      own.close();
    }
  });
});
