// Authorisation matrix (issue 6 §3): every loader and action of every route module in app/routes.ts,
// called as a signed-out visitor, another musician, an admin and the owner, against the table beside
// this file. A route module's entry point with no row fails the suite.
import { beforeAll, describe, expect, it } from "vitest";
import { loadContext } from "../support/accounts";
import {
  intentMatrix,
  type MatrixRow,
  matrix,
  type Outcome,
  type RouteCall,
} from "./authorisation-matrix.table";
import { entryPoints, loadRouteModule } from "./route-modules";
import { ACTORS, type Actor, createWorld, type World } from "./world";

const points = await entryPoints();
// root.tsx is not in routes.ts but every page runs its loader.
const root = await loadRouteModule("root.tsx");
points.unshift({
  key: "root.tsx#loader",
  file: "root.tsx",
  pattern: "",
  name: "loader",
  fn: root.loader as (args: unknown) => Promise<unknown>,
});

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

async function settleAnswer(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), body: await value.text() };
  }
  const d = value as { type?: string; init?: ResponseInit | null; data?: unknown } | null;
  if (d && d.type === "DataWithResponseInit") {
    return { status: d.init?.status ?? 200, location: null, body: JSON.stringify(d.data) ?? "" };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: JSON.stringify(value) ?? "" };
}

function buildRequest(call: RouteCall, cookie: string | null): Request {
  const headers = new Headers({ origin: "http://localhost:3000" });
  if (cookie) headers.set("cookie", cookie);
  let body: URLSearchParams | undefined;
  if (call.form) {
    body = new URLSearchParams(call.form);
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  return new Request(`http://localhost:3000${call.path}`, {
    method: call.form ? "POST" : "GET",
    headers,
    body,
  });
}

function describeOutcome(o: Outcome): string {
  if (o === "ok") return "2xx";
  if (o === "login") return "redirect to /login?redirectTo=…";
  if (typeof o === "number") return String(o);
  return `redirect to ${o.redirect}…`;
}

function matches(a: Answer, o: Outcome, call: RouteCall): boolean {
  if (o === "ok") return a.status >= 200 && a.status < 300;
  if (typeof o === "number") return a.status === o;
  const redirected = a.status >= 300 && a.status < 400 && a.location !== null;
  if (!redirected) return false;
  if (o === "login") {
    const to = new URL(a.location!, "http://localhost:3000");
    return to.pathname === "/login" && to.searchParams.get("redirectTo") === call.path;
  }
  return a.location!.startsWith(o.redirect);
}

let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 60_000);

describe("authorisation matrix", () => {
  it("has a row for every loader and action of every route module (and no stale rows)", () => {
    const keys = points.map((p) => p.key);
    const missing = keys.filter((k) => !(k in matrix));
    const stale = Object.keys(matrix).filter((k) => !keys.includes(k));
    expect(missing, "route entry points without a row in authorisation-matrix.table.ts").toEqual([]);
    expect(stale, "rows for entry points that no longer exist").toEqual([]);
    expect(keys.length).toBeGreaterThan(30);
  });

  const rows: [string, (typeof points)[number], MatrixRow][] = [];
  for (const point of points) {
    const row = matrix[point.key];
    if (row) rows.push([point.key, point, row]);
  }
  for (const [key, row] of Object.entries(intentMatrix)) {
    const point = points.find((p) => p.key === key.split(" · ")[0]);
    if (point) rows.push([key, point, row]);
  }

  it("every intent row names an entry point that exists", () => {
    const keys = points.map((p) => p.key);
    const stale = Object.keys(intentMatrix).filter((k) => !keys.includes(k.split(" · ")[0]!));
    expect(stale).toEqual([]);
  });

  for (const [key, point, row] of rows) {
    it(`${key} (${point.pattern || "layout"}): ${row.why}`, async () => {
      const seen: string[] = [];
      const failures: string[] = [];
      for (const actor of ACTORS as Actor[]) {
        const want = row.expect[actor];
        // Rows written before organiser accounts existed may leave the organiser out.
        if (want === undefined) continue;
        const call = await row.call(world, actor);
        const cookie = call.cookie !== undefined ? call.cookie : (world.who(actor)?.cookie ?? null);
        const request = buildRequest(call, cookie);
        const answer = await settleAnswer(() =>
          point.fn({
            request,
            params: call.params ?? {},
            context: loadContext(),
            unstable_pattern: point.pattern,
          }),
        );
        seen.push(`${actor}: ${answer.status}${answer.location ? ` → ${answer.location}` : ""}`);
        if (!matches(answer, want, call)) {
          failures.push(
            `${actor} expected ${describeOutcome(want)}, got ${answer.status} ${answer.location ?? ""}`,
          );
        }
        expect(answer.status, `${actor} got a server error: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        if (row.private && actor !== "owner") {
          expect(answer.body, `${actor} received the owner's data`).not.toContain(world.marker);
        }
      }
      expect(failures, seen.join("; ")).toEqual([]);
    });
  }

  it("refuses another musician at the owner's dashboard URL for every musician_* action", async () => {
    const slugActions = points.filter(
      (p) => p.name === "action" && /^\/musician_[a-z_]+\/:slug$/.test(p.pattern),
    );
    expect(slugActions.length).toBeGreaterThan(0);
    for (const p of slugActions) {
      const path = p.pattern.replace(":slug", world.owner.slug);
      for (const who of [world.other, world.admin]) {
        const request = buildRequest({ path, form: { intent: "delete" } }, who.cookie);
        const answer = await settleAnswer(() =>
          p.fn({
            request,
            params: { slug: world.owner.slug },
            context: loadContext(),
            unstable_pattern: p.pattern,
          }),
        );
        expect(answer.status, `${p.key} by a non-owner at the owner's URL`).toBe(404);
        expect(answer.body).not.toContain(world.marker);
      }
    }
  });
});
