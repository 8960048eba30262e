// While PostgreSQL is unreachable, a script-driven form post (dispute, event, portfolio, waitlist,
// review, message, …) answers 503 with the friendly message as its action data, a toast the form
// shows while it keeps what was typed, instead of throwing to the error boundary.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { expect, it } from "vitest";
import { newIdempotencyKey } from "~/lib/idempotency";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { outageSafeAction, withOutageSafeActions } from "./outage-actions.server";

// The pool is made on first use: point it at a port nothing listens on, as during a crash.
const closedPort = await new Promise<number>((resolve) => {
  const srv = net.createServer();
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});
const unreachable = new URL(process.env.DATABASE_URL!);
unreachable.port = String(closedPort);
process.env.DATABASE_URL = unreachable.toString();

type Answer = { type?: string; data?: unknown; init?: ResponseInit | null };
type Args = Parameters<ReturnType<typeof outageSafeAction>>[0];

// A correctly signed session cookie, so the session lookup goes to the database.
const token = "outage-test-session-token";
const signature = createHmac("sha256", process.env.BETTER_AUTH_SECRET!).update(token).digest("base64");
const sessionCookie = `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;

function post(url: string, fields: Record<string, string>, signedIn = true): Args {
  const body = new URLSearchParams({ idempotencyKey: newIdempotencyKey(), ...fields });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (signedIn) headers.cookie = sessionCookie;
  const request = new Request(`http://localhost:3000${url}`, { method: "POST", headers, body });
  return {
    request,
    params: { slug: "abcd2345", id: "00000000-0000-4000-8000-000000000000" },
    context: { clientIp: "203.0.113.9", requestId: "outage-test", cspNonce: "" },
  } as unknown as Args;
}

function expectOutageAnswer(answer: unknown) {
  const a = answer as Answer;
  expect(a.type).toBe("DataWithResponseInit");
  expect(a.init?.status).toBe(503);
  expect(new Headers(a.init?.headers).get("retry-after")).toBe("5");
  expect(a.data).toMatchObject({ ok: false, toast: { type: "error", message: OUTAGE_MESSAGE } });
}

it("answers a dispute and a waitlist sign-up with the outage toast (idempotent() during an outage)", async () => {
  const booking = await import("~/routes/booking");
  expectOutageAnswer(
    await booking.action(
      post(
        "/booking/abcd2345",
        {
          intent: "dispute",
          clientName: "Ada Obi",
          phoneNumber: "08031234567",
          disputeReason: "The band arrived two hours late.",
        },
        false,
      ) as never,
    ),
  );
  const market = await import("~/routes/market");
  expectOutageAnswer(
    await market.action(
      post(
        "/market",
        { firstName: "Ada", phoneNumber: "08031234567", email: "ada@example.com" },
        false,
      ) as never,
    ),
  );
});

it("answers a signed-in event save with the outage toast where it would have thrown", async () => {
  const events = await import("~/routes/musician-events");
  const fields = { title: "Wedding reception", date: "2030-05-04", eventType: "Wedding" };
  // Unwrapped, the session lookup's connection error would reach the error boundary.
  await expect(events.action!(post("/dashboard/events", fields) as never)).rejects.toSatisfy(
    (err) => !(err instanceof Response),
  );
  expectOutageAnswer(await outageSafeAction(events.action as never)(post("/dashboard/events", fields)));
}, 60_000);

it("no route's action throws to the error boundary during an outage", async () => {
  const dir = path.resolve("app/routes");
  const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const routes: ServerBuild["routes"] = {};
  for (const file of files) {
    const module = await import(/* @vite-ignore */ path.join(dir, file));
    if (module.action) routes[file] = { id: file, path: file, module } as ServerBuild["routes"][string];
  }
  expect(Object.keys(routes).length).toBeGreaterThan(10);
  const build = withOutageSafeActions({ routes } as ServerBuild);
  // The form fields of the create and send actions, and an intent each; an action ignores the rest.
  const fields = {
    intent: "send",
    body: "Are you free on the 4th?",
    conversationId: "00000000-0000-4000-8000-000000000000",
    rating: "5",
    comment: "Wonderful evening, everyone danced.",
    email: "ada@example.com",
    firstName: "Ada",
    phoneNumber: "08031234567",
    title: "Wedding reception",
    date: "2030-05-04",
  };
  const outcomes: Record<string, string> = {};
  for (const [file, route] of Object.entries(build.routes)) {
    let answer: unknown;
    try {
      answer = await route!.module.action!(post(`/${file}`, fields));
    } catch (err) {
      // A thrown response (a redirect to sign in, a 400 for an unreadable form) is an answer.
      const status = err instanceof Response ? err.status : (err as Answer)?.init?.status;
      outcomes[file] = status && status < 500 ? `thrown ${status}` : `error boundary: ${String(err)}`;
      continue;
    }
    const status = answer instanceof Response ? answer.status : ((answer as Answer)?.init?.status ?? 200);
    if (status >= 500) expectOutageAnswer(answer);
    outcomes[file] = String(status);
  }
  expect(Object.values(outcomes).filter((o) => o.startsWith("error boundary"))).toEqual([]);
  // Most actions reach the database (the session, the row) and say so.
  expect(Object.values(outcomes).filter((o) => o === "503").length).toBeGreaterThan(
    Object.keys(outcomes).length / 2,
  );
}, 120_000);
