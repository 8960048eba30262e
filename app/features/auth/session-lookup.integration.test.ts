// Issue 14 item 2: a request without a session cookie costs no session lookup. Every SQL statement the
// app sends goes through pg's Client#query; the spy counts the ones that read Better Auth's session
// table while anonymous requests run the root loader and the public pages' loaders.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import { loader as marketLoader } from "~/routes/market";
import { loader as profileLoader } from "~/routes/musician-profile";
import { db } from "~/server/db.server";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import { getSessionUser } from "./session.server";

const SESSION_TABLE = /\b(?:from|update|into)\s+"session"/i;

function sqlText(args: unknown[]): string {
  const first = args[0] as string | { text?: string } | undefined;
  return typeof first === "string" ? first : (first?.text ?? "");
}

let spy: MockInstance;
beforeEach(() => {
  spy = vi.spyOn(pg.Client.prototype, "query");
});
afterEach(() => {
  spy.mockRestore();
});

const sessionQueries = () => spy.mock.calls.filter((args) => SESSION_TABLE.test(sqlText(args))).length;
const allQueries = () => spy.mock.calls.length;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: loadContext(), unstable_pattern: "" }) as never;

describe("session lookup", () => {
  it("is skipped for a request without a session cookie, and done for one with it", async () => {
    const m = await createMusician();
    spy.mockClear();

    expect(await getSessionUser(requestAs(null, "/"))).toBeNull();
    expect(
      await getSessionUser(requestAs(null, "/", { headers: { cookie: "sb_theme=dark; other=1" } })),
    ).toBeNull();
    expect(allQueries()).toBe(0);

    // The control: a signed-in request does read the session table, and the spy sees it.
    const user = await getSessionUser(requestAs(m, "/"));
    expect(user?.id).toBe(m.userId);
    expect(sessionQueries()).toBeGreaterThan(0);
  });

  it("costs an anonymous visitor's public pages no session query", async () => {
    const m = await createMusician({ firstName: "Yetunde" });
    const slug = `yetunde-${randomBytes(3).toString("hex")}`;
    await db
      .update(musicianProfiles)
      .set({ slug, stageName: "Yetunde Keys", websiteActive: true, phoneNumber: "08030000000" })
      .where(eq(musicianProfiles.id, m.profileId));
    spy.mockClear();

    const pages: [string, (r: Request) => Promise<unknown>][] = [
      ["/", (r) => rootLoader(args(r))],
      ["/", () => homeLoader()],
      ["/market?q=keys&genre=Afrobeats&eventType=Wedding", (r) => marketLoader(args(r))],
      [`/musicians/${slug}`, (r) => profileLoader(args(r, { slug }))],
    ];
    for (const [path, load] of pages) {
      const result = await settle(() => load(requestAs(null, path)));
      expect(result instanceof Response ? result.status : 200, path).toBe(200);
    }
    // The loaders did their work against the database, none of it on the session table.
    expect(allQueries()).toBeGreaterThan(0);
    expect(sessionQueries()).toBe(0);

    // The same pages for the signed-in musician look the session up.
    await settle(() => rootLoader(args(requestAs(m, "/"))));
    expect(sessionQueries()).toBeGreaterThan(0);
  });
});
