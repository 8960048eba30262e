// Times /market searches and the dashboard/admin lists against a seeded database and prints p50/p95
// plus the indexes each query's plan uses. Seed first: npm run seed:demo -- --musicians 100000 --bookings 1000000
//   DATA_DIR=.data-bench node --import tsx scripts/bench-dashboard.ts [--runs 40]
import { sql } from "drizzle-orm";
import { openScriptDatabase } from "./script-db";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg === -1 ? 40 : Number(process.argv[runsArg + 1]);

const database = await openScriptDatabase();
const { db } = await import("../app/server/db.server");
const { searchMarket, toFilters } = await import("../app/features/marketplace/search.server");
const { parseMarketSearch } = await import("../app/features/marketplace/search.schema");
const { marketPageQuery } = await import("../app/features/marketplace/queries.server");
const { dashboardOverview } = await import("../app/features/dashboard/overview.server");
const { upcomingEvents, pastEvents, calendarMonth } = await import(
  "../app/features/performances/events.server"
);
const { ownUpcomingAvailability } = await import("../app/features/availability/availability.server");
const { listOwnBookings } = await import("../app/features/bookings/bookings.server");
const admin = await import("../app/features/admin/admin.server");

const counts = await db.execute<{ m: string; b: string }>(
  sql`SELECT (SELECT count(*) FROM musician_profiles) AS m, (SELECT count(*) FROM bookings_by_musician) AS b`,
);
console.log(
  `database: ${counts.rows[0].m} musicians, ${counts.rows[0].b} bookings; ${RUNS} runs per query\n`,
);

// The busiest musician (skewed seed: ~1,500 bookings) and a typical one.
const busiest = (
  await db.execute<{ id: string; n: string }>(
    sql`SELECT musician_id AS id, count(*) AS n FROM bookings_by_musician GROUP BY musician_id ORDER BY count(*) DESC LIMIT 1`,
  )
).rows[0];
const typical = (
  await db.execute<{ id: string }>(
    sql`SELECT id FROM musician_profiles ORDER BY created_at DESC OFFSET 5000 LIMIT 1`,
  )
).rows[0];

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm the cache, as a running server would be
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(7)} ms`,
  );
  return pct(ms, 95);
}

const market = [
  "",
  "q=afrobeats",
  "q=afrobaets",
  "q=higlife",
  "q=saxophonist",
  "q=tunde",
  "q=tunde+sax",
  "q=juju&location=Lagos",
  "q=jùjú+drummer&location=Lagos",
  "genre=Highlife&location=Lagos",
  "genre=Fuji&eventType=Wedding&maxRate=100000",
  "location=FCT&sort=price",
  "sort=newest&page=40",
  "q=gospel&genre=Gospel&sort=price",
  `date=${new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10)}`,
  `q=keys&date=${new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10)}&location=Lagos`,
];
const marketP95: number[] = [];
console.log("/market search (searchMarket: the loader's whole data path)");
for (const qs of market) {
  const s = parseMarketSearch(new URLSearchParams(qs));
  marketP95.push(await time(`  /market?${qs}`, () => searchMarket(s)));
}
marketP95.sort((a, b) => a - b);
console.log(`  => worst p95 over the searches: ${marketP95.at(-1)!.toFixed(1)} ms\n`);

console.log(`dashboard lists (busiest musician: ${busiest.n} bookings)`);
await time("  All Bookings (listOwnBookings), busiest musician", () => listOwnBookings({ id: busiest.id }));
await time("  All Bookings (listOwnBookings), typical musician", () => listOwnBookings({ id: typical.id }));
await time("  overview cards + recent activity, busiest", () => dashboardOverview(busiest.id));
await time("  upcoming events", () => upcomingEvents(busiest.id));
await time("  past events", () => pastEvents(busiest.id));
await time("  events calendar month", () => calendarMonth(busiest.id, new Date().toISOString().slice(0, 7)));
await time("  own availability", () => ownUpcomingAvailability(busiest.id));

console.log("\nadmin");
await time("  overview (4 counts + recent activity)", () => admin.adminOverview());
await time("  users page 1", () => admin.adminUsers(1));
await time("  users page 200", () => admin.adminUsers(200));
await time("  bookings page 1", () => admin.adminBookings(1));
await time("  bookings page 200", () => admin.adminBookings(200));
await time("  reports (top musicians + event-type shares)", () => admin.adminReports());

// Plans: which index each main query uses.
async function plan(label: string, query: ReturnType<typeof sql>) {
  const res = await db.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN (ANALYZE, BUFFERS OFF) ${query}`);
  const lines = res.rows.map((r) => r["QUERY PLAN"]);
  const indexes = [
    ...new Set(
      lines.flatMap((l) =>
        [...l.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using|on) (\w+)/g)].map(
          (m) => m[1],
        ),
      ),
    ),
  ];
  const seq = lines.some((l) => l.includes("Seq Scan on"));
  const total = lines.find((l) => l.startsWith("Execution Time"));
  console.log(
    `${label.padEnd(44)} ${total}  indexes: ${indexes.join(", ") || "none"}${seq ? "  (has a Seq Scan)" : ""}`,
  );
}
console.log("\nEXPLAIN ANALYZE");
const f = toFilters(parseMarketSearch(new URLSearchParams("q=afrobaets&location=Lagos")));
await plan(
  "market q=ade genre=Afrobeats eventType=Wedding",
  marketPageQuery(
    toFilters(parseMarketSearch(new URLSearchParams("q=ade&genre=Afrobeats&eventType=Wedding"))),
    12,
    0,
  ),
);
await plan(
  "market q=juju location=Lagos",
  sql`SELECT p.id FROM musician_profiles p WHERE p.website_active AND p.search_text LIKE '%juju%' AND p.location_folded LIKE '%lagos%' ORDER BY p.created_at DESC LIMIT 13`,
);
await plan(
  "market spelling correction for afrobaets",
  sql`SELECT word FROM market_search_words WHERE word % ${f.words[0]} OR word = ${f.words[0]} ORDER BY word = ${f.words[0]} DESC, similarity(word, ${f.words[0]}) DESC, word LIMIT 1`,
);
await plan(
  "market genre=Highlife sort=newest",
  sql`SELECT p.id FROM musician_profiles p WHERE p.website_active AND p.genres_folded @> ARRAY['highlife'] ORDER BY p.created_at DESC LIMIT 12`,
);
await plan(
  "market sort=price",
  sql`SELECT p.id FROM musician_profiles p WHERE p.website_active ORDER BY p.hourly_rate_kobo ASC NULLS LAST, p.created_at DESC LIMIT 12`,
);
await plan(
  "All Bookings (busiest)",
  sql`SELECT id FROM bookings_by_musician WHERE musician_id = ${busiest.id} ORDER BY event_date DESC NULLS LAST, created_at DESC`,
);
await plan(
  "admin bookings page 200",
  sql`SELECT b.id FROM bookings_by_musician b JOIN musician_profiles p ON p.id = b.musician_id ORDER BY b.created_at DESC, b.id LIMIT 20 OFFSET 3980`,
);
await plan(
  "admin active bookings count",
  sql`SELECT count(*) FROM bookings_by_musician WHERE status IN ('pending', 'confirmed')`,
);

await database.close();
