// Issue 38: each figure of the Numbers page, the public record and the price bands against a fixture
// worked out by hand; and who may see the page and its CSV.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountBalanceKobo } from "~/features/ledger/ledger.server";
import { musicianPayableAccount } from "~/features/ledger/ledger-accounts";
import { lastLagosMonths, moneyByMonth } from "~/features/money/money-by-month.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import {
  insertBooking,
  releaseDueOnCredit,
  testCheckoutReference,
} from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { releaseEscrow } from "~/features/payments/release.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { listPayouts } from "~/features/wallet/queries.server";
import {
  handleTransferEvent,
  PAYOUT_ACCOUNT_HOLD_MS,
  requestWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "~/features/wallet/wallet.server";
import { db, inTransaction, pool } from "~/server/db.server";
import { JobQueue, stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, loadContext, type TestMusician, testIp } from "../../../tests/support/accounts";
import { spyOnSql } from "../../../tests/support/sql-spy";
import { loader as rootLoader } from "../../root";
import { loader as dashboardLoader } from "../../routes/layouts/dashboard";
import { loader as numbersLoader } from "../../routes/musician-numbers";
import { loader as csvLoader } from "../../routes/musician-numbers-csv";
import { answer, args, get, giveSlug } from "../bookings/booking-test-support";
import {
  markViewBecameRequest,
  NUMBERS_BANDS_JOB,
  NUMBERS_DEBOUNCE_MS,
  NUMBERS_MUSICIAN_JOB,
  numbersPage,
  priceBandFor,
  publicRecordOf,
  recordProfileView,
  refreshAllNumbers,
  refreshChangedNumbers,
  runNumbersBandsJob,
  runNumbersMusicianJob,
} from "./numbers.server";
import { bandHint, bandSentence } from "./price-band";
import { publicRecordText } from "./public-record";

afterAll(async () => {
  await stopJobs();
});

const NOW = new Date();
const MONTHS = lastLagosMonths(12, NOW);
const [THIS, LAST, TWO_AGO] = [MONTHS[11], MONTHS[10], MONTHS[9]] as [string, string, string];

/** A ₦250,000 booking (₦262,500 paid with the 5% fee; ₦225,000 the musician's after 10%), paid on the test checkout. */
async function paidBooking(musicianId: string, eventDate: string, eventType = "Wedding") {
  const booking = await insertBooking(musicianId, { eventDate, eventType });
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as Parameters<typeof handleChargeSuccess>[0]);
  });
  return booking;
}

describe("money by month", () => {
  it("equals the ledger and the wallet to the kobo, month by month", async () => {
    releaseDueOnCredit();
    const m = await createMusician();
    await saveOwnBankAccount(
      m.profileId,
      { bankCode: "058", accountNumber: "0123456789" },
      new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000),
    );
    await chooseAutomaticPayouts(m.profileId, false);
    const a = await paidBooking(m.profileId, `${LAST}-15`);
    await paidBooking(m.profileId, `${TWO_AGO}-15`);
    // ₦100,000 booked for later this month, not paid: ₦90,000 after 10% commission.
    await insertBooking(m.profileId, { eventDate: `${THIS}-28`, priceKobo: 10_000_000, status: "pending" });
    // A cancelled one counts nowhere.
    await insertBooking(m.profileId, { eventDate: `${LAST}-20`, status: "cancelled" });
    expect((await releaseEscrow(a.id, "admin")).ok).toBe(true);
    expect((await requestWithdrawal(m.profileId, 10_000_000)).ok).toBe(true);
    const [payout] = await listPayouts(m.profileId);
    await handleTransferEvent("transfer.success", {
      reference: payout!.reference,
      amountKobo: 10_000_000,
      currency: "NGN",
    });

    const months = await moneyByMonth(m.profileId, { now: NOW });
    expect(months.map((x) => x.month)).toEqual(MONTHS);
    const at = (month: string) => months.find((x) => x.month === month);
    expect(at(THIS)).toEqual({
      month: THIS,
      releasedKobo: 22_500_000,
      paidOutKobo: 10_000_000,
      inEscrowKobo: 0,
      bookedUnpaidKobo: 9_000_000,
    });
    expect(at(LAST)).toMatchObject({ inEscrowKobo: 0, bookedUnpaidKobo: 0 });
    expect(at(TWO_AGO)).toMatchObject({ inEscrowKobo: 22_500_000, releasedKobo: 0 });

    // The wallet and the ledger say the same.
    const wallet = await walletView(m.profileId);
    const sum = (k: "releasedKobo" | "paidOutKobo" | "inEscrowKobo") => months.reduce((n, x) => n + x[k], 0);
    expect(sum("inEscrowKobo")).toBe(wallet.inEscrowKobo);
    expect(sum("paidOutKobo")).toBe(wallet.paidOutKobo);
    expect(sum("releasedKobo") - sum("paidOutKobo")).toBe(
      await accountBalanceKobo(musicianPayableAccount(m.profileId)),
    );

    // The page shows these months, and the bookings CSV has the money module's figures.
    const page = await numbersPage(m.profileId, 90, NOW);
    expect(page.money).toEqual(months);
    const slug = await giveSlug(m);
    const csv = await answer(() =>
      csvLoader(args(get(m, `/musician_numbers/${slug}/bookings.csv`), { slug, file: "bookings.csv" })),
    );
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(
      "Date,Client first name,Event type,Price (NGN),Service fee (NGN),Commission (NGN),Your share (NGN),Status,Payment",
    );
    expect(csv.body).toContain(
      `${LAST}-15,Ada,Wedding,250000.00,12500.00,25000.00,225000.00,completed,released`,
    );
    const payouts = await answer(() =>
      csvLoader(args(get(m, `/musician_numbers/${slug}/payouts.csv`), { slug, file: "payouts.csv" })),
    );
    expect(payouts.body).toContain(`,100000.00,`);
    expect(payouts.body).toContain(payout!.reference);
  });
});

async function request(
  musicianId: string,
  over: { createdAt: Date; replyAfterH?: number; by?: "answer" | "reply"; status?: string },
) {
  const status = over.status ?? (over.by === "answer" ? "accepted" : "pending");
  const answered =
    over.by === "answer" && over.replyAfterH !== undefined
      ? new Date(over.createdAt.getTime() + over.replyAfterH * 3_600_000)
      : null;
  const rows = await db.execute<{ id: string }>(sql`
    INSERT INTO booking_requests (musician_id, client_name, event_type, event_duration, status, created_at, answered_at)
    VALUES (${musicianId}, 'Ngozi Okafor', 'wedding', '4 hours', ${status}, ${over.createdAt.toISOString()},
            ${answered?.toISOString() ?? null})
    RETURNING id`);
  const id = rows.rows[0]!.id;
  if (over.by === "reply" && over.replyAfterH !== undefined) {
    await db.execute(sql`
      INSERT INTO booking_request_replies (request_id, sender, body, created_at)
      VALUES (${id}, 'musician', 'Yes, I am free', ${new Date(over.createdAt.getTime() + over.replyAfterH * 3_600_000).toISOString()})`);
  }
  return id;
}

const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe("from request to gig", () => {
  it("counts received, replied, booked and performed, the close rate and the median first reply", async () => {
    const f = await createMusician();
    const r1 = await request(f.profileId, { createdAt: daysAgo(10), replyAfterH: 1, by: "answer" });
    await request(f.profileId, { createdAt: daysAgo(20), replyAfterH: 3, by: "reply" });
    await request(f.profileId, { createdAt: daysAgo(40) });
    await request(f.profileId, { createdAt: daysAgo(5), status: "draft" });
    await request(f.profileId, { createdAt: daysAgo(100), replyAfterH: 5, by: "answer" });
    await insertBooking(f.profileId, { requestId: r1, status: "completed", eventType: "Birthday" });

    const d30 = (await numbersPage(f.profileId, 30, NOW)).funnel;
    expect(d30).toEqual({
      received: 2,
      replied: 2,
      booked: 1,
      performed: 1,
      medianReplySeconds: 7200,
      closeRate: 0.5,
    });
    const d90 = (await numbersPage(f.profileId, 90, NOW)).funnel;
    expect(d90).toMatchObject({ received: 3, replied: 2, booked: 1, performed: 1, medianReplySeconds: 7200 });
    expect(d90.closeRate).toBeCloseTo(1 / 3);
    const d365 = (await numbersPage(f.profileId, 365, NOW)).funnel;
    expect(d365).toMatchObject({ received: 4, replied: 3, medianReplySeconds: 3 * 3600 });
  });
});

describe("who looks at you", () => {
  it("counts a visitor once a day, by where the first visit came from, and which became requests", async () => {
    const v = await createMusician();
    const slug = await giveSlug(v);
    const url = (q = "") => new URL(`http://localhost:3000/musicians/${slug}${q}`);
    const phone = { ip: "10.1.1.1", userAgent: "Mozilla/5.0 (Linux; Android 13) Chrome/120" };
    const laptop = { ip: "10.1.1.2", userAgent: "Mozilla/5.0 (X11; Linux) Chrome/120" };
    const seen = (visit: typeof phone, q: string, referer: string | null, at = NOW) =>
      recordProfileView({ ...visit, slug, url: url(q), referer, ownHost: "localhost:3000" }, at);

    expect(await seen(phone, "?from=whatsapp", null)).toBe(true);
    await seen(phone, "", "http://localhost:3000/market?q=sax"); // same visitor, same day: not again
    await seen(laptop, "", "http://localhost:3000/market?genre=Jazz");
    await seen({ ip: "10.1.1.3", userAgent: "Mozilla/5.0 Chrome/120" }, "", "https://l.instagram.com/");
    await seen({ ip: "10.1.1.4", userAgent: "Mozilla/5.0 Chrome/120" }, "", "https://www.google.com/");
    await seen(
      { ip: "10.1.1.5", userAgent: "Mozilla/5.0 Chrome/120" },
      "",
      "http://localhost:3000/booking/abcd2345",
    );
    await seen({ ip: "10.1.1.6", userAgent: "Mozilla/5.0 Chrome/120" }, "", null);
    expect(await seen({ ip: "10.1.1.7", userAgent: "WhatsApp/2.23.20.0 A" }, "", null)).toBe(false);
    await seen(phone, "", null, new Date(NOW.getTime() + 86_400_000)); // the next day: again
    await markViewBecameRequest(slug, phone);

    const page = await numbersPage(v.profileId, 30, new Date(NOW.getTime() + 86_400_000));
    expect(page.views.total).toBe(7);
    expect(page.views.requested).toBe(1);
    const bySource = Object.fromEntries(page.views.bySource.map((s) => [s.source, s.views]));
    expect(bySource).toEqual({ market: 1, link: 1, whatsapp: 1, instagram: 1, other: 1, direct: 2 });
    const today = (await numbersPage(v.profileId, 30, NOW)).views;
    expect(today.byDay.map((d) => [d.views, d.requested])).toEqual([
      [6, 1],
      [1, 0],
    ]);
    expect(today.bySource.find((s) => s.source === "whatsapp")).toEqual({
      source: "whatsapp",
      views: 1,
      requested: 1,
    });
    // No address is stored: only a hash.
    const stored = await db.execute<{ visitor: string }>(sql`SELECT visitor FROM profile_views`);
    for (const r of stored.rows) expect(r.visitor).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the page's per-day sums are always the views themselves: a bulk insert, requests marked, views deleted", async () => {
    const v = await createMusician();
    const sums = async () =>
      (
        await db.execute<{ day: string; source: string; views: number; requested: number }>(sql`
          SELECT day::text AS day, source, views, requested FROM profile_view_days
          WHERE musician_id = ${v.profileId} AND views > 0 ORDER BY 1, 2`)
      ).rows;
    const counted = async () =>
      (
        await db.execute<{ day: string; source: string; views: number; requested: number }>(sql`
          SELECT day::text AS day, source, count(*)::int AS views, (count(*) FILTER (WHERE requested))::int AS requested
          FROM profile_views WHERE musician_id = ${v.profileId} GROUP BY 1, 2 ORDER BY 1, 2`)
      ).rows;
    // 3 days × 10 visitors in one statement, sources in turn, every fifth a request.
    await db.execute(sql`
      INSERT INTO profile_views (musician_id, day, visitor, source, requested)
      SELECT ${v.profileId}, DATE '2026-03-01' + d, md5(d || ':' || n), (ARRAY['market', 'direct'])[1 + n % 2], n % 5 = 0
      FROM generate_series(0, 2) d, generate_series(1, 10) n`);
    expect(await sums()).toEqual(await counted());
    expect((await sums()).reduce((t, r) => t + r.views, 0)).toBe(30);
    await db.execute(sql`
      UPDATE profile_views SET requested = true WHERE musician_id = ${v.profileId} AND day = '2026-03-02'`);
    expect(await sums()).toEqual(await counted());
    await db.execute(sql`
      DELETE FROM profile_views WHERE musician_id = ${v.profileId} AND day = '2026-03-03' AND source = 'market'`);
    expect(await sums()).toEqual(await counted());
    expect((await sums()).reduce((t, r) => t + r.requested, 0)).toBe(2 + 10 + 1);
  });
});

describe("what musicians charge", () => {
  async function lagosMusician() {
    const m = await createMusician();
    await db.execute(sql`UPDATE musician_profiles SET location = 'Lagos' WHERE id = ${m.profileId}`);
    return m;
  }
  const gala = (m: TestMusician, naira: number) =>
    insertBooking(m.profileId, {
      eventType: "Gala",
      priceKobo: naira * 100,
      status: "completed",
      paymentStatus: "released",
    });

  it("is the middle half of completed, paid prices, rounded to ₦5,000, only with 5 bookings from 3 musicians", async () => {
    const [x, y, z] = [await lagosMusician(), await lagosMusician(), await lagosMusician()];
    await gala(x, 203_000);
    await gala(x, 260_000);
    await gala(y, 300_000);
    await gala(y, 412_000);
    await gala(y, 600_000);
    // Unpaid and cancelled bookings never count.
    await insertBooking(z.profileId, { eventType: "Gala", priceKobo: 90_000_000, status: "completed" });
    await refreshAllNumbers();
    expect(await priceBandFor("Gala", "Lagos")).toBeNull(); // 5 bookings, 2 musicians

    await gala(z, 350_000);
    await refreshChangedNumbers();
    // Sorted 203, 260, 300, 350, 412, 600 (thousand): 25th percentile 270,000; 75th 396,500 → 395,000.
    const band = await priceBandFor("Gala", "Lagos");
    expect(band).toEqual({ eventType: "Gala", state: "Lagos", lowKobo: 27_000_000, highKobo: 39_500_000 });
    expect(bandSentence(band!)).toBe("Gala musicians in Lagos are usually booked for ₦270,000–₦395,000");
    expect(bandHint(band!)).toBe("Most Lagos gala bookings: ₦270k–₦395k");
    // Elsewhere: every state's band, and nothing for a type without enough bookings.
    expect(await priceBandFor("Gala", "Kano")).toMatchObject({ state: null, lowKobo: 27_000_000 });
    expect(await priceBandFor("Concert", "Lagos")).toBeNull();
  });
});

describe("the public record", () => {
  it("says nothing below 3 requests or 1 gig, then tells replies, gigs and the musician's cancellations", async () => {
    const r = await createMusician();
    await request(r.profileId, { createdAt: daysAgo(3), replyAfterH: 1.5, by: "answer" });
    await request(r.profileId, { createdAt: daysAgo(2), replyAfterH: 2, by: "reply" });
    await refreshChangedNumbers();
    expect(await publicRecordOf(r.profileId)).toBeNull();

    await request(r.profileId, { createdAt: daysAgo(1), replyAfterH: 30, by: "reply" });
    await insertBooking(r.profileId, {
      status: "cancelled",
      cancelledBy: "musician",
      cancelledAt: daysAgo(30),
    });
    await insertBooking(r.profileId, {
      status: "cancelled",
      cancelledBy: "client",
      cancelledAt: daysAgo(30),
    });
    await insertBooking(r.profileId, {
      status: "cancelled",
      cancelledBy: "musician",
      cancelledAt: daysAgo(400),
    });
    await refreshChangedNumbers();
    const record = await publicRecordOf(r.profileId);
    expect(record).toEqual({ medianReplySeconds: 7200, gigsPerformed: 0, cancelledByMusician12m: 1 });
    expect(publicRecordText(record!)).toBe(
      "Usually replies within 2 hours · 0 gigs performed through Stagebook · 1 cancelled by the musician in the last 12 months",
    );

    const g = await createMusician();
    await insertBooking(g.profileId, {
      status: "completed",
      paymentStatus: "released",
      eventType: "Birthday",
    });
    await refreshChangedNumbers();
    expect(publicRecordText((await publicRecordOf(g.profileId))!)).toBe(
      "1 gig performed through Stagebook · 0 cancelled by the musician in the last 12 months",
    );
  });
});

describe("who may see a musician's numbers", () => {
  let owner: TestMusician;
  let slug: string;
  beforeAll(async () => {
    owner = await createMusician();
    slug = await giveSlug(owner);
  });

  it("the musician sees their own page", async () => {
    const res = await answer(() => numbersLoader(args(get(owner, `/musician_numbers/${slug}`), { slug })));
    expect(res.status).toBe(200);
    expect(res.body.numbers.money).toHaveLength(12);
  });

  it("one page load looks the session and the profile up once, for the root, the dashboard and the page", async () => {
    // React Router gives each loader its own copy of the Request, and all of them the same load context.
    const context = loadContext();
    const url = `/musician_numbers/${slug}`;
    const sqlSpy = spyOnSql();
    try {
      await rootLoader({ request: get(owner, url), params: {}, context } as never);
      await dashboardLoader({ request: get(owner, url), params: {}, context } as never);
      const res = await answer(() =>
        numbersLoader({ request: get(owner, url), params: { slug }, context } as never),
      );
      expect(res.status).toBe(200);
      expect(sqlSpy.readsOf("session")).toHaveLength(1);
      expect(sqlSpy.readsOf("musician_profiles")).toHaveLength(1);
      // Another page load (another context) looks up again: nothing is kept between requests.
      await dashboardLoader({ request: get(owner, url), params: {}, context: loadContext() } as never);
      expect(sqlSpy.readsOf("session")).toHaveLength(2);
    } finally {
      sqlSpy.restore();
    }
  });

  it("another musician is refused the page and both CSVs", async () => {
    const other = await createMusician();
    const page = await answer(() => numbersLoader(args(get(other, `/musician_numbers/${slug}`), { slug })));
    expect(page.status).toBe(404);
    for (const file of ["bookings.csv", "payouts.csv"]) {
      const csv = await answer(() =>
        csvLoader(args(get(other, `/musician_numbers/${slug}/${file}`), { slug, file })),
      );
      expect(csv.status).toBe(404);
    }
  });

  it("a signed-out visitor is sent to sign in, for the page and the CSV", async () => {
    const page = await answer(() => numbersLoader(args(get(null, `/musician_numbers/${slug}`), { slug })));
    expect(page.status).toBe(302);
    expect(page.location).toContain("/login");
    const csv = await answer(() =>
      csvLoader(args(get(null, `/musician_numbers/${slug}/bookings.csv`), { slug, file: "bookings.csv" })),
    );
    expect(csv.status).toBe(302);
    expect(csv.location).toContain("/login");
  });
});

describe("refreshed when a booking is completed", () => {
  const watermark = async () =>
    (await pool().query<{ at: Date }>("SELECT changed_since AS at FROM numbers_refresh_state WHERE id = 1"))
      .rows[0]!.at;
  const queued = async (musicianId: string) =>
    (
      await pool().query<{ start_after: Date; created_on: Date }>(
        "SELECT start_after, created_on FROM pgboss.job WHERE name = $1 AND data->>'musicianId' = $2 ORDER BY created_on",
        [NUMBERS_MUSICIAN_JOB, musicianId],
      )
    ).rows;

  it("the release queues the musician's refresh; once it runs the record and the band show it, without the minute's job", async () => {
    const kano = async () => {
      const m = await createMusician();
      await db.execute(sql`UPDATE musician_profiles SET location = 'Kano' WHERE id = ${m.profileId}`);
      return m;
    };
    const [x, y, z] = [await kano(), await kano(), await kano()];
    for (const m of [x, y, x, y])
      await insertBooking(m.profileId, {
        eventType: "Cocktail",
        priceKobo: 25_000_000,
        status: "completed",
        paymentStatus: "released",
      });
    const booking = await paidBooking(z.profileId, `${LAST}-10`, "Cocktail");
    await refreshAllNumbers();
    // 4 completed bookings from 2 musicians: no band yet; z has a paid booking, not yet a gig.
    expect(await priceBandFor("Cocktail", "Kano")).toBeNull();
    expect(await publicRecordOf(z.profileId)).toBeNull();
    const since = await watermark();

    const releasedAt = Date.now();
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    // Queued by the release's money event, for the end of the current window: well within a minute.
    const jobs = await queued(z.profileId);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    const last = jobs.at(-1)!;
    expect(new Date(last.start_after).getTime() - releasedAt).toBeLessThanOrEqual(
      NUMBERS_DEBOUNCE_MS + 1_000,
    );
    // Nothing has refreshed yet.
    expect(await publicRecordOf(z.profileId)).toBeNull();

    // A worker runs the queued jobs (as the app's do), and nothing else: the minute's job is not there.
    const worker = new JobQueue(() => process.env.DATABASE_URL!, { pollingIntervalSeconds: 0.5 });
    worker.register(NUMBERS_MUSICIAN_JOB, (data: { musicianId: string }) => runNumbersMusicianJob(data));
    worker.register(NUMBERS_BANDS_JOB, () => runNumbersBandsJob());
    await worker.start();
    try {
      const deadline = Date.now() + 45_000;
      while (Date.now() < deadline && !(await priceBandFor("Cocktail", "Kano")))
        await new Promise((r) => setTimeout(r, 250));
    } finally {
      await worker.stop();
    }
    expect(await publicRecordOf(z.profileId)).toEqual({
      medianReplySeconds: null,
      gigsPerformed: 1,
      cancelledByMusician12m: 0,
    });
    expect(await priceBandFor("Cocktail", "Kano")).toEqual({
      eventType: "Cocktail",
      state: "Kano",
      lowKobo: 25_000_000,
      highKobo: 25_000_000,
    });
    expect(Date.now() - releasedAt).toBeLessThan(60_000);
    expect(await watermark()).toEqual(since);
  }, 60_000);

  it("a second change in the same window queues no second job (debounced per musician)", async () => {
    const m = await createMusician();
    const at = new Date(Math.floor(Date.now() / NUMBERS_DEBOUNCE_MS) * NUMBERS_DEBOUNCE_MS + 1_000);
    const { queueNumbersRefresh } = await import("./numbers.server");
    await queueNumbersRefresh(m.profileId, at);
    await queueNumbersRefresh(m.profileId, new Date(at.getTime() + 5_000));
    expect(await queued(m.profileId)).toHaveLength(1);
    await queueNumbersRefresh(m.profileId, new Date(at.getTime() + NUMBERS_DEBOUNCE_MS));
    expect(await queued(m.profileId)).toHaveLength(2);
  });

  it("the app role may queue it in its own transaction, as the server's money-event consumer does", async () => {
    // The server connects as stagebook_app, whose row-level policy on the queue names the jobs it may
    // queue: without this one there, every money event's consumption failed and no notice went out.
    const m = await createMusician();
    const { queueNumbersRefresh } = await import("./numbers.server");
    await inTransaction(async () => {
      await db.execute(sql`SET LOCAL ROLE stagebook_app`);
      await queueNumbersRefresh(m.profileId);
    });
    expect(await queued(m.profileId)).toHaveLength(1);
  });
});
