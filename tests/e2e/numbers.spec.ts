import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, freshIp } from "./security-support";
import { uniqueEmail, withDb } from "./support";

// Issue 38 at a phone's width: a musician with bookings in two months sees both months' bars and the
// table with the right naira and downloads the CSV; an organiser sees what musicians charge on /market
// and the musician's public record on the profile, both kept by the numbers job (it runs every minute).

const PHONE = { width: 390, height: 844 };

/** "2026-10" for `back` months before this one, in Lagos. */
function lagosMonth(back: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

async function signUp(browser: Browser, role: "musician" | "client", email: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const res = await context.request.post("/register", {
    form: {
      firstName: "Ifeoma",
      lastName: "Nwosu",
      email,
      password: "afrobeats-2026",
      role,
      phoneNumber: "08030000000",
    },
    headers: { origin: BASE_URL, "x-forwarded-for": freshIp() },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
  return context;
}

const BOOKING = `INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, price_kobo, event_type,
  event_date, event_start_time, event_end_time, status, payment_status)
  VALUES ($1, $2, $3, 'Full Event Performance', $4, 'Cocktail', $5::date, '18:00', '22:00', $6, $7)`;
const slug8 = () => randomBytes(4).toString("hex");

/**
 * The musician (in Enugu) has two unpaid bookings, two and one months ago, and one completed, paid gig;
 * three other Enugu musicians have five completed, paid cocktail gigs: six from four musicians.
 */
async function seed(email: string): Promise<string> {
  return withDb(async (c) => {
    const p = await c.query<{ id: string; slug: string }>(
      `UPDATE musician_profiles SET stage_name = 'Ife Strings', location = 'Enugu', website_active = true
       WHERE user_id = (SELECT id FROM "user" WHERE email = $1) RETURNING id, slug`,
      [email],
    );
    const me = p.rows[0]!;
    await c.query(BOOKING, [
      me.id,
      slug8(),
      "Amaka Obi",
      30_000_000,
      `${lagosMonth(2)}-10`,
      "confirmed",
      "unpaid",
    ]);
    await c.query(BOOKING, [
      me.id,
      slug8(),
      "Emeka Eze",
      20_000_000,
      `${lagosMonth(1)}-10`,
      "confirmed",
      "unpaid",
    ]);
    await c.query(BOOKING, [
      me.id,
      slug8(),
      "Chidi Okeke",
      30_000_000,
      `${lagosMonth(3)}-10`,
      "completed",
      "released",
    ]);
    const prices = [[20_000_000, 24_000_000], [30_000_000, 40_000_000], [50_000_000]];
    for (const [i, list] of prices.entries()) {
      const id = `e2e-num-${randomBytes(5).toString("hex")}`;
      await c.query(
        `INSERT INTO "user" (id, name, email, first_name, last_name) VALUES ($1, 'N Demo', $2, 'N', 'Demo')`,
        [id, `${id}@example.com`],
      );
      const m = await c.query<{ id: string }>(
        `INSERT INTO musician_profiles (user_id, first_name, last_name, stage_name, slug, phone_number, website_active, location)
         VALUES ($1, 'N', 'Demo', $2, $3, '08030000000', true, 'Enugu') RETURNING id`,
        [id, `Enugu Band ${i}`, `enugu-band-${randomBytes(3).toString("hex")}`],
      );
      for (const [n, price] of list.entries())
        await c.query(BOOKING, [
          m.rows[0]!.id,
          slug8(),
          "Client",
          price,
          `${lagosMonth(4)}-1${n}`,
          "completed",
          "released",
        ]);
    }
    return me.slug;
  });
}

test("a musician's numbers at 390 px, and what an organiser sees of them", async ({ browser }) => {
  // The band and the record wait for the numbers job, which runs once a minute.
  test.setTimeout(300_000);
  const email = uniqueEmail("numbers");
  const musician = await signUp(browser, "musician", email);
  const slug = await seed(email);
  const page = await musician.newPage();

  await page.goto(`/musician_numbers/${slug}`);
  await expect(page.getByRole("heading", { name: "Numbers", exact: true })).toBeVisible();
  // ₦300,000 and ₦200,000 booked, unpaid: the musician's ₦270,000 and ₦180,000 after 10% commission.
  const chart = page.getByTestId("money-chart");
  const bar = (month: string) => chart.locator(`rect[data-bar="${label(month)}|Booked, not yet paid"]`);
  await expect(bar(lagosMonth(2))).toHaveAttribute("data-value", "₦270,000.00");
  await expect(bar(lagosMonth(1))).toHaveAttribute("data-value", "₦180,000.00");
  for (const [month, naira] of [
    [lagosMonth(2), "₦270,000.00"],
    [lagosMonth(1), "₦180,000.00"],
  ] as const) {
    const row = page.getByTestId("money-table").getByRole("row", { name: label(month) });
    await expect(row.getByRole("cell").nth(3)).toHaveText(naira);
  }
  await expect(page.getByTestId("money-table").getByRole("row", { name: "12 months" })).toContainText(
    "₦450,000.00",
  );

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV of bookings" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stagebook-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(
    `${lagosMonth(2)}-10,Amaka,Cocktail,300000.00,15000.00,30000.00,270000.00,confirmed,unpaid`,
  );
  expect(csv).toContain(
    `${lagosMonth(1)}-10,Emeka,Cocktail,200000.00,10000.00,20000.00,180000.00,confirmed,unpaid`,
  );
  await musician.close();

  const organiser = await signUp(browser, "client", uniqueEmail("numbers-organiser"));
  const o = await organiser.newPage();
  // Six cocktail gigs in Enugu (₦200k, 240k, 300k, 300k, 400k, 500k): 25th–75th percentile ₦255,000–₦375,000.
  await expect
    .poll(
      async () => {
        await o.goto("/market?eventType=Cocktail&location=Enugu");
        return (await o.getByTestId("price-band").count()) > 0;
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(o.getByTestId("price-band")).toHaveText(
    "Cocktail musicians in Enugu are usually booked for ₦255,000–₦375,000",
  );
  // The bands may come first: a money event elsewhere queues a bands refresh for everyone, while this
  // musician's record waits for the minute's refresh of changed musicians.
  await expect
    .poll(
      async () => {
        await o.goto(`/musicians/${slug}`);
        return (await o.getByTestId("public-record").count()) > 0;
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(o.getByTestId("public-record")).toHaveText(
    "1 gig performed through Stagebook · 0 cancelled by the musician in the last 12 months",
  );
  await organiser.close();
  // The paid gigs above are history written straight into the table, with no ledger behind them: they go
  // once read, so `npm run ledger:check` on the suite's data still finds every paid booking on the ledger.
  await withDb((c) =>
    c.query(
      `DELETE FROM bookings_by_musician WHERE event_type = 'Cocktail' AND payment_status = 'released'
         AND musician_id IN (SELECT id FROM musician_profiles WHERE location = 'Enugu')`,
    ),
  );
});
