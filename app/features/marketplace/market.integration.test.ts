import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/market";
import { db, pool } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import { browseCountQuery, countWaitlistByEmail, marketPageQuery } from "./queries.server";
import { parseMarketSearch } from "./search.schema";
import { toFilters } from "./search.server";

// Letters only, none that reads as a digit (o, i, l, s, b): hex digits beside a masked number would be
// read as part of it, and the name's masked text would change from run to run.
const TOKEN_LETTERS = "acdefghjkmnpqrtuvwxyz";
const token = () => `zq${[...randomBytes(6)].map((n) => TOKEN_LETTERS[n % TOKEN_LETTERS.length]).join("")}`;

async function musician(p: {
  stageName: string;
  lastName?: string;
  genres?: string[];
  roles?: string[];
  eventTypes?: string[];
  location?: string;
  rateNaira?: number | null;
  active?: boolean;
  createdAt?: Date;
}) {
  const m = await createMusician({ lastName: p.lastName ?? "Adeyemi" });
  const slug = `${p.stageName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(2).toString("hex")}`;
  await db
    .update(musicianProfiles)
    .set({
      stageName: p.stageName,
      slug,
      phoneNumber: "08031234567",
      websiteActive: p.active ?? true,
      genres: p.genres ?? ["Afrobeats"],
      performanceRoles: p.roles ?? ["Vocalist"],
      eventTypes: p.eventTypes ?? ["Wedding"],
      location: p.location ?? "Ikeja, Lagos",
      hourlyRateKobo: p.rateNaira === null ? null : (p.rateNaira ?? 50_000) * 100,
      createdAt: p.createdAt ?? new Date(),
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return { ...m, slug };
}

type Args = Parameters<typeof loader>[0];
async function search(qs: string) {
  const res = await loader({
    request: requestAs(null, `/market?${qs}`),
    params: {},
    context: loadContext(),
  } as Args);
  return res;
}
const names = (r: Awaited<ReturnType<typeof search>>) => r.results.cards.map((c) => c.name);

describe("/market search", () => {
  it("shows a name saved with a phone number in it masked (issue 27)", async () => {
    const t = token();
    await musician({ stageName: `Tayo ${t} 0803 123 4567` });
    const r = await search(`q=${t}`);
    expect(names(r)).toEqual([`Tayo ${t} [contact details hidden until booking is paid]`]);
  });

  it("shows only musicians whose website is active, linking to their page", async () => {
    const t = token();
    const shown = await musician({ stageName: `Shown ${t}` });
    await musician({ stageName: `Hidden ${t}`, active: false });
    const r = await search(`q=${t}`);
    expect(names(r)).toEqual([`Shown ${t}`]);
    expect(r.results.cards[0].href).toBe(`/musicians/${shown.slug}`);
    expect(r.results.cards[0].rate).toBe("₦50,000");
  });

  it("tolerates typos and accents, and ranks the closest match first", async () => {
    const t = token();
    await musician({ stageName: `Lola ${t}`, genres: ["Afrobeats"] });
    await musician({ stageName: `Kunle ${t}`, genres: ["Jùjú"], roles: ["Talking drummer"] });
    const typo = await search(`q=afrobaets+${t}`);
    expect(names(typo)).toEqual([`Lola ${t}`]);
    expect(typo.results.correctedQuery).toBe(`afrobeats ${t}`);
    const exact = await search(`q=afrobeats+${t}`);
    expect(names(exact)).toEqual([`Lola ${t}`]);
    expect(exact.results.correctedQuery).toBeNull();
    expect(names(await search(`q=juju+${t}`))).toEqual([`Kunle ${t}`]);
    expect(names(await search(`q=drumer+${t}`))).toEqual([`Kunle ${t}`]);

    const sam = await musician({ stageName: `Saxophone Sam ${t}`, roles: ["Saxophonist"] });
    await musician({
      stageName: `Other ${t}`,
      roles: ["Saxophonist", "Flautist", "Keyboardist", "Percussionist"],
    });
    const ranked = await search(`q=saxophone+sam+${t}`);
    expect(ranked.results.cards[0].href).toBe(`/musicians/${sam.slug}`);
    // A misspelt name is corrected to the closest known word.
    const misspelt = await search(`q=saxophpne+sam+${t}`);
    expect(misspelt.results.cards[0].href).toBe(`/musicians/${sam.slug}`);
    expect(names(await search(`q=qqqxxxzzz+${t}`))).toEqual([]);
  });

  it("filters by genre, event type, location (state or FCT), maximum rate and available date", async () => {
    const t = token();
    const day = "2031-07-04";
    const a = await musician({
      stageName: `Alpha ${t}`,
      genres: ["Highlife"],
      eventTypes: ["wedding", "Corporate"],
      location: "Port Harcourt, Rivers",
      rateNaira: 40_000,
    });
    await musician({ stageName: `Bravo ${t}`, genres: ["Fuji"], location: "Ibadan, Oyo", rateNaira: 90_000 });
    const c = await musician({
      stageName: `Charlie ${t}`,
      genres: ["Highlife"],
      location: "Abuja",
      rateNaira: 70_000,
    });

    expect(names(await search(`q=${t}&genre=Highlife`)).sort()).toEqual([`Alpha ${t}`, `Charlie ${t}`]);
    expect(names(await search(`q=${t}&eventType=Corporate`))).toEqual([`Alpha ${t}`]);
    expect(names(await search(`q=${t}&location=Rivers`))).toEqual([`Alpha ${t}`]);
    expect(names(await search(`q=${t}&location=FCT`))).toEqual([`Charlie ${t}`]);
    expect(names(await search(`q=${t}&genre=Highlife&maxRate=50000`))).toEqual([`Alpha ${t}`]);

    await db.insert(musicianAvailability).values([
      { profileId: a.profileId, date: day },
      { profileId: c.profileId, date: day },
    ]);
    await db.insert(bookingsByMusician).values({
      musicianId: c.profileId,
      slug: randomBytes(4).toString("hex"),
      clientName: "Booked already",
      serviceType: "Full Event Performance",
      eventType: "Wedding",
      eventDate: day,
      status: "confirmed",
    });
    expect(names(await search(`q=${t}&date=${day}`))).toEqual([`Alpha ${t}`]);
    expect(names(await search(`q=${t}&date=2031-07-05`))).toEqual([]);
  });

  it("sorts by price and by newest, and paginates", async () => {
    const t = token();
    for (let i = 0; i < 14; i++) {
      await musician({
        stageName: `Band${String(i).padStart(2, "0")} ${t}`,
        rateNaira: i === 3 ? null : 10_000 + ((i * 7) % 14) * 1000,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const byPrice = await search(`q=${t}&sort=price`);
    const rates = byPrice.results.cards.map((c) => Number((c.rate ?? "").replace(/[^\d]/g, "")));
    expect(rates).toEqual([...rates].sort((x, y) => x - y));
    expect(byPrice.results.cards).toHaveLength(12);
    expect(byPrice.results.hasNext).toBe(true);
    const lastPage = await search(`q=${t}&sort=price&page=2`);
    expect(lastPage.results.cards).toHaveLength(2);
    expect(lastPage.results.hasNext).toBe(false);
    // The musician without a rate sorts last (shown with the ₦15,000 fallback).
    expect(lastPage.results.cards.at(-1)?.name).toBe(`Band03 ${t}`);

    const newest = await search(`q=${t}&sort=newest`);
    expect(names(newest).slice(0, 2)).toEqual([`Band13 ${t}`, `Band12 ${t}`]);
  });

  it("answers words and filters from GIN indexes over stored folded columns (EXPLAIN)", async () => {
    const explain = (qs: string) =>
      sql`EXPLAIN ${marketPageQuery(toFilters(parseMarketSearch(new URLSearchParams(qs))), 12, 0)}`;
    // The plan for a table of a few thousand musicians with statistics (the test's own rows, rolled back;
    // one in 20 named Ade): on the few rows other tests leave, any index or a scan is as good as another.
    const plans: string[] = [];
    const build = db.transaction(async (tx) => {
      await tx.execute(sql`
        WITH u AS (
          INSERT INTO "user" (id, name, email, first_name, last_name)
          SELECT 'explain-' || g, 'Explain Musician', 'explain-' || g || '@example.com', 'Explain', 'Musician'
          FROM generate_series(1, 3000) g RETURNING id, substr(id, 9)::int AS g)
        INSERT INTO musician_profiles (user_id, first_name, last_name, slug, phone_number, website_active,
          performance_roles, genres, event_types)
        SELECT id, CASE WHEN g % 20 = 0 THEN 'Ade' ELSE 'Player' || g END, 'Musician', id,
               '08030000000', true, ARRAY[(ARRAY['Vocalist', 'Drummer', 'DJ', 'Guitarist'])[1 + floor(random() * 4)::int]],
               ARRAY[(ARRAY['Afrobeats', 'Highlife', 'Jùjú', 'Fuji', 'Gospel', 'Jazz'])[1 + floor(random() * 6)::int]],
               ARRAY[(ARRAY['Wedding', 'Birthday', 'Corporate', 'Concert', 'Gala'])[1 + floor(random() * 5)::int]]
        FROM u`);
      await tx.execute(sql`ANALYZE musician_profiles`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      for (const qs of ["q=Adé&genre=Jùjú&eventType=Wedding", "q=Adé"]) {
        const rows = await tx.execute<{ "QUERY PLAN": string }>(explain(qs));
        plans.push(rows.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      }
      const count = await tx.execute<{ "QUERY PLAN": string }>(
        sql`EXPLAIN ${browseCountQuery(toFilters(parseMarketSearch(new URLSearchParams(""))))}`,
      );
      plans.push(count.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      tx.rollback();
    });
    await expect(build).rejects.toBeInstanceOf(TransactionRollbackError);
    // The unsearched listing's total is counted from the market_ready index, whose predicate is the
    // query's (migration 0024): index-only once the table is vacuumed, a bitmap scan on rows this new.
    expect(plans[2]).toMatch(
      /(Index Only Scan using|Bitmap Index Scan on) musician_profiles_market_ready_idx/,
    );
    // Genre and event type in one GIN scan, with the word too when that is cheaper (at 100k musicians
    // it is: the bench's searches read only the rows that match all three, issue 14).
    expect(plans[0]).toMatch(
      /Bitmap Index Scan on musician_profiles_(search|facets)_idx[^\n]*\n\s+Index Cond: \((\(search_text ~~ '%ade%'::text\) AND )?\(genres_folded @> '\{juju\}'::text\[\]\) AND \(event_types_folded @> '\{wedding\}'::text\[\]\)\)/,
    );
    // Nothing is folded per row while searching: the stored columns were folded when written.
    for (const plan of plans) expect(plan).not.toMatch(/stagebook_fold|stagebook_musician_search_text/);
  });

  it("finds by event type in the filter and the search box, in singular or plural (phone walk 2)", async () => {
    const t = token();
    await musician({ stageName: `Kemi ${t}`, roles: ["Violinist"], eventTypes: ["Wedding", "Corporate"] });
    await musician({ stageName: `Tayo ${t}`, roles: ["Singer"], eventTypes: ["Birthday"] });
    expect(names(await search(`q=${t}&eventType=Wedding`))).toEqual([`Kemi ${t}`]);
    // The search box: "weddings", "wedding" or "corporate events" is the event-type filter.
    expect(names(await search(`q=weddings+${t}`))).toEqual([`Kemi ${t}`]);
    expect(names(await search(`q=wedding+${t}`))).toEqual([`Kemi ${t}`]);
    expect(names(await search(`q=corporate+events+${t}`))).toEqual([`Kemi ${t}`]);
    expect(names(await search(`q=birthday+parties+${t}`))).toEqual([`Tayo ${t}`]);
    // Any other word matches its singular and plural alike.
    expect(names(await search(`q=singers+${t}`))).toEqual([`Tayo ${t}`]);
    expect(names(await search(`q=violinists+${t}`))).toEqual([`Kemi ${t}`]);
  });

  it("reads a place typed in the search box as where: 'highlife lagos' (phone walk 3)", async () => {
    const t = token();
    await musician({ stageName: `Eko ${t}`, genres: ["Highlife"], location: "Surulere, Lagos" });
    await musician({ stageName: `Abuja ${t}`, genres: ["Highlife"], location: "Wuse, FCT" });
    await musician({ stageName: `Juju ${t}`, genres: ["Juju"], location: "Ikeja, Lagos" });
    expect(names(await search(`q=highlife+lagos+${t}`))).toEqual([`Eko ${t}`]);
    expect(names(await search(`q=Highlife+Lagos+${t}`))).toEqual([`Eko ${t}`]);
    expect(names(await search(`q=highlife+abuja+${t}`))).toEqual([`Abuja ${t}`]);
    // The Location filter, when chosen, says where: the word is then only a word.
    expect(names(await search(`q=highlife+${t}&location=FCT`))).toEqual([`Abuja ${t}`]);
  });

  it("migration 0026 maps old free-text event types onto the list, in order, once each", async () => {
    const t = token();
    const m = await musician({
      stageName: `Old ${t}`,
      eventTypes: ["Weddings", "Corporate events", "Funerals", "wedding", "Birthday parties", "Award nights"],
    });
    const empty = await musician({ stageName: `Empty ${t}`, eventTypes: [] });
    const file = path.resolve("db/migrations/0026_event_type_vocabulary.sql");
    const statements = fs.readFileSync(file, "utf8").split("--> statement-breakpoint");
    const client = await pool().connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      client.release(true);
    }
    const types = async (id: string) =>
      (
        await db
          .select({ eventTypes: musicianProfiles.eventTypes })
          .from(musicianProfiles)
          .where(eq(musicianProfiles.id, id))
      )[0]?.eventTypes;
    expect(await types(m.profileId)).toEqual(["Wedding", "Corporate", "Birthday", "Award"]);
    expect(await types(empty.profileId)).toEqual([]);
    // The musician who wrote "Weddings" is found by the Wedding filter.
    expect(names(await search(`q=${t}&eventType=Wedding`))).toEqual([`Old ${t}`]);
  });

  it("ignores nonsense in the URL instead of failing", async () => {
    const r = await search(
      "page=abc&maxRate=-5&date=2026-13-45&sort=bogus&genre=Polka&location=Mars&q=%25_%5C",
    );
    expect(r.search).toMatchObject({
      page: 1,
      maxRate: null,
      date: null,
      sort: "relevance",
      genre: null,
      location: null,
    });
    expect(r.results.failed).toBe(false);
    expect(r.maxRateError).toBe("Enter an amount in naira, e.g. 150,000");
  });

  it.each(["50000", "100,000", "₦100 000", "100k"])("reads a round maximum rate %j", (maxRate) => {
    const s = parseMarketSearch(new URLSearchParams({ maxRate }));
    expect(s.maxRate).toBe(maxRate === "50000" ? 50_000 : 100_000);
  });

  it("lists bookable profiles (photo, rate, genre) first with no search, then the rest in full pages, and counts all", async () => {
    const t = token();
    const ready = await musician({ stageName: `Ready ${t}`, createdAt: new Date(Date.UTC(2020, 0, 1)) });
    await db
      .update(musicianProfiles)
      .set({ profileImage: "/uploads/ready.jpg" })
      .where(eq(musicianProfiles.id, ready.profileId));
    // Thirteen newer sign-ups, each missing one of the three: a photo, a rate, a genre.
    for (let i = 0; i < 13; i++) {
      const bare = await musician({
        stageName: `Bare${i} ${t}`,
        rateNaira: i % 3 === 1 ? null : 20_000,
        genres: i % 3 === 2 ? [] : ["Jazz"],
      });
      if (i % 3 !== 0) {
        await db
          .update(musicianProfiles)
          .set({ profileImage: "/uploads/bare.jpg" })
          .where(eq(musicianProfiles.id, bare.profileId));
      }
    }
    const active = await db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM musician_profiles WHERE website_active AND slug IS NOT NULL`,
    );
    const counts = await db.execute<{ ready: string }>(
      sql`SELECT count(*) FILTER (WHERE market_ready) AS ready FROM musician_profiles WHERE website_active AND slug IS NOT NULL`,
    );
    const page1 = (await search("")).results;
    expect(page1.total).toBe(Number(active.rows[0]?.n));
    expect(page1.first).toBe(1);
    expect(page1.cards.map((c) => c.name)).toContain(`Ready ${t}`);
    // Page 1 is full: the count and the cards agree (never "14 musicians · Showing musicians 1–1").
    expect(page1.cards).toHaveLength(Math.min(12, page1.total!));
    // Every bookable profile comes before every bare one.
    const isReady = (c: { imageUrl: string | null; rate: string | null; genres: string[] }) =>
      Boolean(c.imageUrl && c.rate && c.genres.length > 0);
    const all = [...page1.cards];
    const seen = new Set(page1.cards.map((c) => c.name));
    let page = 2;
    let next = page1.hasNext;
    expect(next).toBe(true);
    while (next) {
      const r = (await search(`page=${page}`)).results;
      expect(r.first).toBe(seen.size + 1);
      if (r.hasNext) expect(r.cards).toHaveLength(12);
      for (const c of r.cards) seen.add(c.name);
      all.push(...r.cards);
      next = r.hasNext;
      page++;
    }
    expect(seen.size).toBe(page1.total);
    const readyCount = Number(counts.rows[0]?.ready);
    expect(all.slice(0, readyCount).every(isReady)).toBe(true);
    expect(all.slice(readyCount).some(isReady)).toBe(false);
    for (let i = 0; i < 13; i++) expect(seen).toContain(`Bare${i} ${t}`);
    // A search counts nothing and still puts the bookable profile first among equal matches.
    const searched = (await search(`q=${t}`)).results;
    expect(searched.total).toBeNull();
    expect(searched.cards[0]?.name).toBe(`Ready ${t}`);
  }, 60_000);

  it("keeps filters in a shareable query string", () => {
    const s = parseMarketSearch(
      new URLSearchParams("q=Fuji&location=Lagos&maxRate=₦60,000&sort=price&page=3"),
    );
    expect(s).toMatchObject({ q: "Fuji", location: "Lagos", maxRate: 60000, sort: "price", page: 3 });
  });
});

describe("marketplace waitlist", () => {
  async function join(form: Record<string, string>, ip = `10.7.${Math.floor(Math.random() * 250)}.1`) {
    const res = (await settle(() =>
      action({
        request: requestAs(null, "/market", { form }),
        params: {},
        context: loadContext(ip),
      } as never),
    )) as Response;
    return {
      status: res.status,
      body: (await res.json()) as {
        ok?: boolean;
        errors?: Record<string, string>;
        toast: { message: string };
      },
    };
  }

  it("stores an e-mail once: joining twice is a success", async () => {
    const email = `Fan-${randomBytes(3).toString("hex")}@Example.com`;
    const first = await join({ intent: "waitlist", firstName: "Amaka", phoneNumber: "08012345678", email });
    expect(first.status).toBe(200);
    expect(first.body.toast.message).toBe(
      "Successfully joined the waitlist! We'll let you know when new musicians join.",
    );
    const again = await join({
      intent: "waitlist",
      firstName: "Amaka",
      phoneNumber: "08012345678",
      email: email.toLowerCase(),
    });
    expect(again.status).toBe(200);
    expect(again.body.toast.message).toBe(
      "Successfully joined the waitlist! We'll let you know when new musicians join.",
    );
    expect(await countWaitlistByEmail(email)).toBe(1);
  });

  it("checks every field with the spec's messages", async () => {
    const res = await join({ intent: "waitlist", firstName: "A", phoneNumber: "0801", email: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: "First name must be at least 2 characters",
      phoneNumber: "Please enter a valid phone number",
      email: "Please enter a valid email address",
    });
    const missing = await join({ intent: "waitlist" });
    expect(missing.status).toBe(400);
  });

  it("limits joins per address with the spec's error toast", async () => {
    const ip = "10.66.66.66";
    for (let i = 0; i < 10; i++) {
      const ok = await join(
        { firstName: "Bayo", phoneNumber: "08012345678", email: `bayo${i}-${token()}@example.com` },
        ip,
      );
      expect(ok.status).toBe(200);
    }
    const limited = await join(
      { firstName: "Bayo", phoneNumber: "08012345678", email: `x-${token()}@example.com` },
      ip,
    );
    expect(limited.status).toBe(429);
    expect(limited.body.toast.message).toBe("There was an error joining the waitlist. Please try again.");
  });
});
