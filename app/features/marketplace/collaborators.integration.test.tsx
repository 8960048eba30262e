// Issue 39 §1, "Find collaborators": the Role vocabulary (suggested in the profile form, spellings
// matched, free text kept and masked), the /market Role filter, the Date filter leaving out a musician
// busy that day (a booking, a day marked unavailable, an accepted line-up), and the dashboard's way in.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DashboardOverview } from "~/features/dashboard/components/overview";
import type { Overview } from "~/features/dashboard/overview.server";
import { acceptInvite, addMember, declineInvite } from "~/features/lineups/lineups.server";
import { AboutForm } from "~/features/profiles/components/about-form";
import { outcome, postForm, routeArgs } from "~/features/profiles/profile-test-support";
import { FIELD_HAS_CONTACT } from "~/features/profiles/public-contact";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { PERFORMANCE_ROLES } from "~/lib/performance-roles";
import { canonicalRole, normaliseRoles, roleSpellings } from "~/lib/role-spellings";
import { action as createBooking } from "~/routes/api-bookings";
import { action as confirmBooking } from "~/routes/booking";
import { default as MarketPage, loader as marketLoader } from "~/routes/market";
import { action as unavailableAction } from "~/routes/musician-unavailable";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { db, pool } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { answer, args, get, post, validBooking } from "../bookings/booking-test-support";
import { MarketFilterFields } from "./components/market-filter-fields";
import { marketPageQuery } from "./queries.server";
import { parseMarketSearch } from "./search.schema";
import { toFilters } from "./search.server";

// Letters only, none that reads as a digit (see market.integration.test.ts).
const TOKEN_LETTERS = "acdefghjkmnpqrtuvwxyz";
const token = () => `zq${[...randomBytes(6)].map((n) => TOKEN_LETTERS[n % TOKEN_LETTERS.length]).join("")}`;
const day = (n: number) => addDaysToDate(lagosToday(), n);

// What a routes stub renders (set before each render: a component defined per call is a new one each time).
let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const render = (path: string, node: React.ReactNode) => {
  current = node;
  const Stub = createRoutesStub([{ path, Component: Current }]);
  return renderToString(<Stub initialEntries={[path]} />);
};

let slugs = 0;
/** A musician with a live website, these roles and a stage name carrying the test's token. */
async function musician(stageName: string, roles: string[]) {
  const m = await createMusician();
  slugs += 1;
  const slug = `collab-${m.profileId.slice(0, 8)}-${slugs}`;
  await db
    .update(musicianProfiles)
    .set({
      stageName,
      slug,
      firstName: "Tunde",
      lastName: "Adeyemi",
      phoneNumber: "08030000000",
      websiteActive: true,
      performanceRoles: roles,
      genres: ["Highlife"],
      eventTypes: ["Wedding"],
      location: "Ikeja, Lagos",
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return { ...m, slug };
}

async function market(qs: string) {
  const res = await answer(() => marketLoader(args(get(null, `/market?${qs}`))));
  expect(res.status).toBe(200);
  return res.body as Awaited<ReturnType<typeof marketLoader>>;
}
const names = async (qs: string) => (await market(qs)).results.cards.map((c) => c.name).sort();

const saveAbout = (m: TestMusician, roles: string[]) =>
  outcome<{ ok: boolean; errors?: Record<string, string> }>(() =>
    profileAction(
      routeArgs(
        postForm(m, "/profile?tab=about", {
          intent: "about",
          stageName: "Kola Beats",
          performanceRoles: roles,
          genres: ["Highlife"],
          eventTypes: ["Wedding"],
          location: "Lagos",
          bio: "",
          performanceStyle: "",
          equipment: "",
          hourlyRate: "",
          socialPlatform: [],
          socialUrl: [],
        }),
      ),
    ),
  );
const savedRoles = async (profileId: string) =>
  (
    await db
      .select({ roles: musicianProfiles.performanceRoles })
      .from(musicianProfiles)
      .where(eq(musicianProfiles.id, profileId))
  )[0]?.roles;

describe("the Role vocabulary", () => {
  it.each([
    ["Drums", "Drummer"],
    ["drummer", "Drummer"],
    ["Drum kit", "Drummer"],
    ["Disc jockey", "DJ"],
    ["Deejay", "DJ"],
    ["d.j.", "DJ"],
    ["Hypeman", "MC / Hype man"],
    ["Hype-man", "MC / Hype man"],
    ["MC", "MC / Hype man"],
    ["Master of Ceremonies", "MC / Hype man"],
    ["Singer", "Lead vocalist"],
    ["Backup singers", "Backing vocalist"],
    ["Talking drum", "Talking drummer"],
    ["Gángan", "Talking drummer"],
    ["Sax", "Saxophonist"],
    ["Keys", "Keyboardist"],
    ["Bass guitar", "Bassist"],
    ["Congas", "Percussionist"],
    ["Sekere", "Shekere player"],
    ["Violin", "Violinist"],
  ])("reads %j as %j", (typed, role) => {
    expect(canonicalRole(typed)).toBe(role);
  });

  it("knows no role in free text it has no spelling for", () => {
    for (const free of ["Agidigbo player", "Songwriter", "Drummer and singer", ""])
      expect(canonicalRole(free)).toBeNull();
    // Every role is its own spelling.
    for (const role of PERFORMANCE_ROLES) expect(canonicalRole(role)).toBe(role);
  });

  it("saves a known spelling as its role, keeps free text as typed, once each, in order", async () => {
    const m = await createMusician();
    const res = await saveAbout(m, ["Drums", "Disc jockey", "Agidigbo player", "drummer", "Hypeman"]);
    expect(res.status).toBe(200);
    expect(await savedRoles(m.profileId)).toEqual(["Drummer", "DJ", "Agidigbo player", "MC / Hype man"]);
  });

  it("refuses a role carrying contact details (issue 36), keeping what was saved", async () => {
    const m = await createMusician();
    await saveAbout(m, ["Drums"]);
    const res = await saveAbout(m, ["Drummer", "Call 0803 123 4567"]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.performanceRoles).toBe(FIELD_HAS_CONTACT);
    expect(await savedRoles(m.profileId)).toEqual(["Drummer"]);
  });

  it("shows free-text roles masked on /market (saved before issue 36's refusal), vocabulary roles as they are", async () => {
    const t = token();
    await musician(`Old ${t}`, ["Drummer", "Singer 0803 123 4567"]);
    const [card] = (await market(`q=${t}`)).results.cards;
    expect(card?.roles).toEqual(["Drummer", "Singer [contact details hidden until booking is paid]"]);
  });

  it("the profile editor suggests the vocabulary's roles (a native list, before and without JavaScript)", async () => {
    const m = await createMusician();
    const loaded = await outcome<Awaited<ReturnType<typeof profileLoader>>>(() =>
      profileLoader(routeArgs(get(m, "/profile"))),
    );
    const html = render("/profile", <AboutForm profile={loaded.body.profile} errors={{}} />);
    const list = html.match(
      /<input[^>]*list="([^"]+)"[^>]*name="performanceRoles"|<input[^>]*name="performanceRoles"[^>]*list="([^"]+)"/,
    );
    const listId = list?.[1] ?? list?.[2];
    expect(listId).toBeTruthy();
    const datalist = html.match(new RegExp(`<datalist id="${listId}">(.*?)</datalist>`))?.[1] ?? "";
    const offered = [...datalist.matchAll(/value="([^"]+)"/g)].map((o) => o[1]?.replace("&amp;", "&"));
    expect(offered).toEqual([...PERFORMANCE_ROLES]);
    // Genres stay free tags without a list.
    expect(html).not.toMatch(/<input[^>]*name="genres"[^>]*list=/);
  });

  it("migration 0042 maps older profiles' roles as the form does: every spelling, plurals, free text kept", async () => {
    const spellings = roleSpellings().flatMap(([key]) => [key, `${key}s`, key.toUpperCase()]);
    const old = [...spellings, "Agidigbo player", "Bass"];
    const m = await createMusician();
    const plain = await createMusician();
    await db
      .update(musicianProfiles)
      .set({ performanceRoles: old })
      .where(eq(musicianProfiles.id, m.profileId));
    await db
      .update(musicianProfiles)
      .set({ performanceRoles: ["Songwriter"] })
      .where(eq(musicianProfiles.id, plain.profileId));
    const file = path.resolve("db/migrations/0042_collaborators.sql");
    const client = await pool().connect();
    try {
      for (const statement of fs.readFileSync(file, "utf8").split("--> statement-breakpoint"))
        await client.query(statement);
    } finally {
      client.release(true);
    }
    // "Drummers" (a plural of a spelling) → Drummer too; what the vocabulary does not know stays.
    expect(await savedRoles(m.profileId)).toEqual(normaliseRoles(old));
    expect(normaliseRoles(old)).toEqual([...new Set(old.map((o) => canonicalRole(o) ?? o))]);
    expect(await savedRoles(plain.profileId)).toEqual(["Songwriter"]);
  });
});

describe("/market's Role filter", () => {
  it("finds musicians by role across spellings, saved by the form or mapped by the migration", async () => {
    const t = token();
    const typed = await musician(`Typed ${t}`, []);
    await saveAbout(typed, ["Drums"]);
    await db
      .update(musicianProfiles)
      .set({ stageName: `Typed ${t}` })
      .where(eq(musicianProfiles.id, typed.profileId));
    await musician(`Kit ${t}`, ["Drummer", "Backing vocalist"]);
    await musician(`Talk ${t}`, ["Talking drummer"]);
    await musician(`Spin ${t}`, ["DJ"]);
    await musician(`Strum ${t}`, ["Guitarist"]);
    expect(await names(`q=${t}&role=Drummer`)).toEqual([`Kit ${t}`, `Typed ${t}`]);
    // A link may name the role in any spelling the vocabulary knows.
    expect(await names(`q=${t}&role=drums`)).toEqual([`Kit ${t}`, `Typed ${t}`]);
    expect(await names(`q=${t}&role=Disc+jockey`)).toEqual([`Spin ${t}`]);
    expect(await names(`q=${t}&role=Talking+drummer`)).toEqual([`Talk ${t}`]);
    expect(await names(`q=${t}&role=Backing+vocalist`)).toEqual([`Kit ${t}`]);
    // An unknown role is no filter (a hand-edited link still shows results).
    const any = await market(`q=${t}&role=Kazoo`);
    expect(any.search.role).toBeNull();
    expect(any.results.cards).toHaveLength(5);
  });

  it("with no words, the filter alone lists only that role (not the browse listing)", async () => {
    const t = token();
    await musician(`Horn ${t}`, ["Trombonist"]);
    const r = await market("role=Trombonist");
    expect(r.results.total).toBeNull();
    expect(r.results.cards.map((c) => c.name)).toContain(`Horn ${t}`);
    for (const card of r.results.cards) expect(card.roles).toContain("Trombonist");
  });

  it("is answered by the market's GIN index on the folded roles (EXPLAIN)", async () => {
    // As market.integration's EXPLAIN test: a few thousand musicians with statistics, rolled back.
    const plans: string[] = [];
    const build = db.transaction(async (tx) => {
      await tx.execute(sql`
        WITH u AS (
          INSERT INTO "user" (id, name, email, first_name, last_name)
          SELECT 'roles-' || g, 'Role Musician', 'roles-' || g || '@example.com', 'Role', 'Musician'
          FROM generate_series(1, 3000) g RETURNING id)
        INSERT INTO musician_profiles (user_id, first_name, last_name, slug, phone_number, website_active,
          performance_roles, genres, event_types)
        SELECT id, 'Player', 'Musician', id, '08030000000', true,
               -- One in 300 a cellist: a role few play, whose musicians an ordered walk would hunt for.
               CASE WHEN substr(id, 7)::int % 300 = 0 THEN ARRAY['Cellist']
                    ELSE ARRAY[(ARRAY['Lead vocalist', 'Drummer', 'DJ', 'Guitarist', 'Bassist', 'Saxophonist', 'Keyboardist',
                            'Trumpeter', 'Violinist', 'Percussionist', 'Talking drummer', 'MC / Hype man'])[1 + floor(random() * 12)::int]] END,
               ARRAY[(ARRAY['Afrobeats', 'Highlife', 'Juju', 'Fuji', 'Gospel', 'Jazz'])[1 + floor(random() * 6)::int]],
               ARRAY['Wedding']
        FROM u`);
      await tx.execute(sql`ANALYZE musician_profiles`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      for (const qs of ["role=Cellist", "role=Cellist&genre=Highlife"]) {
        const f = toFilters(parseMarketSearch(new URLSearchParams(qs)));
        const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN ${marketPageQuery(f, 12, 0)}`);
        plans.push(rows.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      }
      tx.rollback();
    });
    await expect(build).rejects.toBeInstanceOf(TransactionRollbackError);
    // (A common role is found as fast by walking the listing's order and keeping its players: the
    // planner chooses; the bench measures both.)
    for (const plan of plans) {
      expect(plan).toMatch(
        /Bitmap Index Scan on musician_profiles_roles_idx[^\n]*\n\s+Index Cond: \(roles_folded @> '\{cellist\}'::text\[\]/,
      );
      // Nothing folded per row: the stored column was folded when written.
      expect(plan).not.toMatch(/stagebook_fold/);
    }
  });
});

async function book(m: TestMusician, date: string, status: "pending" | "confirmed" | "completed") {
  const res = await answer(() =>
    createBooking(args(post(m, "/api/bookings", { ...validBooking, eventDate: date, allowOverlap: "1" }))),
  );
  const slug = res.body.slug as string;
  expect(slug).toBeTruthy();
  if (status === "pending") return slug;
  await answer(() => confirmBooking(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })));
  if (status === "completed")
    await db.update(bookingsByMusician).set({ status: "completed" }).where(eq(bookingsByMusician.slug, slug));
  return slug;
}

describe("/market's Date filter with Role: a musician busy that day is left out", () => {
  it("left out: a confirmed or completed booking, a day marked unavailable, an accepted line-up place; shown: free, pending, invited, declined, busy another day", async () => {
    const t = token();
    const D = day(30);
    const cast = {
      free: await musician(`Free ${t}`, ["Drummer"]),
      confirmed: await musician(`Confirmed ${t}`, ["Drummer"]),
      completed: await musician(`Completed ${t}`, ["Drummer"]),
      off: await musician(`Off ${t}`, ["Drummer"]),
      pending: await musician(`Pending ${t}`, ["Drummer"]),
      elsewhere: await musician(`Elsewhere ${t}`, ["Drummer"]),
      lineUp: await musician(`LineUp ${t}`, ["Drummer"]),
      invited: await musician(`Invited ${t}`, ["Drummer"]),
      declined: await musician(`Declined ${t}`, ["Drummer"]),
      guitar: await musician(`Guitar ${t}`, ["Guitarist"]),
    };
    const leader = await musician(`Leader ${t}`, ["Lead vocalist"]);
    for (const m of Object.values(cast))
      await db.insert(musicianAvailability).values({ profileId: m.profileId, date: D });
    await book(cast.confirmed, D, "confirmed");
    await book(cast.completed, D, "completed");
    await book(cast.pending, D, "pending");
    await book(cast.elsewhere, day(31), "confirmed");
    const off = await answer(() =>
      unavailableAction(
        args(post(cast.off, `/musician_calendar_unavailable/${cast.off.slug}`, { date: D }), {
          slug: cast.off.slug,
        }),
      ),
    );
    expect(off.status).toBe(302);
    // The leader's gig that day, with three drummers invited: one accepts, one declines, one has not answered.
    const gig = await book(leader, D, "confirmed");
    const [row] = await db
      .select({ id: bookingsByMusician.id })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, gig));
    const place = async (m: { slug: string }) => {
      const added = await addMember(
        { id: leader.profileId },
        { bookingId: row!.id, musician: `/musicians/${m.slug}`, role: "Drummer", fee: 1_000_000 },
      );
      if (!added.ok) throw new Error(added.message);
      return added.placeId;
    };
    const accepted = await acceptInvite({ id: cast.lineUp.profileId }, await place(cast.lineUp));
    expect(accepted.ok).toBe(true);
    await place(cast.invited);
    expect((await declineInvite({ id: cast.declined.profileId }, await place(cast.declined))).ok).toBe(true);

    expect(await names(`q=${t}&role=Drummer&date=${D}`)).toEqual(
      [`Declined ${t}`, `Elsewhere ${t}`, `Free ${t}`, `Invited ${t}`, `Pending ${t}`].sort(),
    );
    // The day after, only the one booked then is out.
    const next = day(31);
    for (const m of Object.values(cast))
      await db.insert(musicianAvailability).values({ profileId: m.profileId, date: next });
    expect(await names(`q=${t}&role=Drummer&date=${next}`)).toEqual(
      [
        `Completed ${t}`,
        `Confirmed ${t}`,
        `Declined ${t}`,
        `Free ${t}`,
        `Invited ${t}`,
        `LineUp ${t}`,
        `Off ${t}`,
        `Pending ${t}`,
      ].sort(),
    );
  });

  it("the line-up check uses the busy table's index (EXPLAIN)", async () => {
    const f = toFilters(parseMarketSearch(new URLSearchParams(`role=Drummer&date=${day(30)}`)));
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN ${marketPageQuery(f, 12, 0)}`);
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    // Probed per candidate (musician and day), never every busy row of the day.
    expect(plan).toMatch(
      /(Index (Only )?Scan using|Bitmap Index Scan on) musician_busy_no_overlap[^\n]*\n\s+Index Cond: \(\(musician_id = p\.id\) AND \(busy_during && /,
    );
    expect(plan).not.toMatch(/Seq Scan on musician_busy/);
  });
});

describe('"Find collaborators" from the dashboard', () => {
  const overview: Overview = {
    waitingRequests: 0,
    totalBookings: 0,
    cancelledBookings: 0,
    upcomingEvents: 0,
    unreadMessages: 0,
    averageRating: "--",
    activity: [],
  };

  it("the dashboard links to the market reached for collaborators", () => {
    const html = render("/musician_dashboard", <DashboardOverview overview={overview} slug="kola" />);
    expect(html).toMatch(/<a[^>]*href="\/market\?find=collaborators"[^>]*>.*?Find collaborators<\/a>/);
  });

  it("the market reached that way says so in the spec's words and leads with Role; otherwise Genre leads", async () => {
    const reached = await market("find=collaborators");
    expect(reached.search.find).toBe("collaborators");
    const page = (data: typeof reached) =>
      render(
        "/market",
        <>
          <MarketPage
            {...({ loaderData: data, actionData: undefined, params: {}, matches: [] } as object as Parameters<
              typeof MarketPage
            >[0])}
          />
          <MarketFilterFields search={data.search} today={data.today} />
        </>,
      );
    const html = page(reached);
    expect(html).toContain("Find collaborators</h1>");
    expect(html).toContain(
      "Search the market for backing vocalists, drummers, horn players and DJs to fill out your line-up for bigger events.",
    );
    const labels = (h: string) => [...h.matchAll(/<label[^>]*for="(\w+)"/g)].map((m) => m[1]);
    expect(labels(html).filter((l) => l !== "q")[0]).toBe("role");
    // The search keeps the way it was reached (a hidden field), so applying filters stays "for collaborators".
    expect(html).toMatch(/<input type="hidden" name="find" value="collaborators"/);

    const plain = await market("");
    const plainHtml = page(plain);
    expect(plainHtml).toContain("Find Musicians</h1>");
    expect(
      labels(plainHtml)
        .filter((l) => l !== "q")
        .slice(0, 2),
    ).toEqual(["genre", "role"]);
  });
});
