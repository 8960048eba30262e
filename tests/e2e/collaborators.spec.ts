// Issue 39 at 390 px, "Find collaborators and pay the band": a band leader opens Find collaborators from
// the dashboard, finds a drummer with the Role and Date filters (a drummer booked that day is not
// offered), adds them to a booking's line-up, the drummer accepts, the client pays and says the event
// happened, and both wallets show their money: the leader's share less the fee, the drummer's fee.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { activateWebsite, releaseAsPayer } from "./bookings-support";
import { expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const lagosDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext(PHONE)).newPage();
}

/** A drummer with a live website, free on `date`, or booked that day (a confirmed booking). */
async function seedDrummer(stageName: string, date: string, booked: boolean): Promise<void> {
  await withDb(async (c) => {
    const id = `e2e-${randomBytes(6).toString("hex")}`;
    const slug = `${stageName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(2).toString("hex")}`;
    await c.query(
      `INSERT INTO "user" (id, name, email, first_name, last_name) VALUES ($1, $2, $3, 'Segun', 'Demo')`,
      [id, `${stageName} Demo`, `${id}@example.com`],
    );
    const p = await c.query<{ id: string }>(
      `INSERT INTO musician_profiles (user_id, first_name, last_name, stage_name, slug, phone_number, website_active,
         location, genres, performance_roles, event_types)
       VALUES ($1, 'Segun', 'Demo', $2, $3, '08030000000', true, 'Lagos', ARRAY['Highlife'], ARRAY['Drummer'], ARRAY['Wedding'])
       RETURNING id`,
      [id, stageName, slug],
    );
    const profileId = p.rows[0]!.id;
    await c.query("INSERT INTO musician_availability (profile_id, date) VALUES ($1, $2)", [profileId, date]);
    if (booked)
      await c.query(
        `INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, price_kobo, event_type,
           event_date, event_start_time, event_end_time, status)
         VALUES ($1, $2, 'Other Client', 'Full Event Performance', 5000000, 'Birthday', $3, '12:00', '15:00', 'confirmed')`,
        [profileId, randomBytes(4).toString("hex"), date],
      );
  });
}

/** The leader's booking for `date` at ₦100,000, as the Create Booking wizard saves it (pending). */
async function seedBooking(leaderEmail: string, date: string): Promise<string> {
  const slug = randomBytes(4).toString("hex");
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, service_type, price_kobo,
         event_type, location, event_date, event_start_time, event_end_time, status)
       SELECT p.id, $1, 'Funke Ade', $2, 'Full Event Performance', 10000000, 'Wedding', 'Ikoyi Club, Lagos', $3,
              '18:00', '22:00', 'pending'
       FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $4`,
      [slug, `client-${slug}@example.com`, date, leaderEmail],
    ),
  );
  return slug;
}

async function payOnTestCheckout(client: Page, slug: string) {
  await client.goto(`/booking/${slug}`);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  await client.getByLabel("Organiser's e-mail (for the receipt)").fill(`payer-${slug}@example.com`);
  await client.getByRole("button", { name: "Pay ₦105,000.00" }).click();
  await expect(client.getByRole("heading", { name: "Test payment — no real money moves" })).toBeVisible();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(client).toHaveURL(new RegExp(`/booking/${slug}`));
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed").first(),
  ).toBeVisible();
}

/** The wallet's Available figure, reloading until it reads `expected` (the release posts from the queue). */
async function expectAvailable(page: Page, walletPath: string, expected: string) {
  await page.goto(walletPath);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("balance-available").textContent();
      },
      { timeout: 30_000 },
    )
    .toBe(expected);
}

test("a band leader finds a drummer by Role and Date, the drummer accepts, the client pays and releases, both wallets are paid (390 px)", async ({
  browser,
}) => {
  // Three people, a checkout and a release, each on a phone.
  test.setTimeout(240_000);
  const t = randomBytes(3).toString("hex");
  const D = lagosDay(20);

  // The drummer signs up and writes "Drums" as their role: saved as the vocabulary's "Drummer".
  const drummerPage = await phone(browser);
  const drummer = await registerMusician(drummerPage, { firstName: "Kola", lastName: "Ade" });
  const drummerSlug = await activateWebsite(drummer.email, `Kola Drums ${t}`);
  await drummerPage.goto("/profile");
  await drummerPage.waitForSelector("html[data-hydrated]");
  await drummerPage.getByRole("button", { name: "Remove Saxophonist" }).click();
  const roles = drummerPage.getByRole("combobox", { name: "Performance roles" });
  await roles.fill("Drums");
  await roles.press("Enter");
  await drummerPage.getByRole("button", { name: "Save Profile" }).click();
  await expectToast(drummerPage, "Profile updated successfully!");
  await expect(drummerPage.getByRole("list", { name: "Performance roles" })).toHaveText("Drummer");
  await withDb((c) =>
    c.query(
      "INSERT INTO musician_availability (profile_id, date) SELECT id, $2 FROM musician_profiles WHERE slug = $1",
      [drummerSlug, D],
    ),
  );
  // Two other drummers: one free that day, one booked that day.
  await seedDrummer(`Free Sticks ${t}`, D, false);
  await seedDrummer(`Booked Sticks ${t}`, D, true);

  // The leader has a wedding on that day.
  const leaderPage = await phone(browser);
  const leader = await registerMusician(leaderPage, { firstName: "Ada", lastName: "Obi" });
  const leaderSlug = await activateWebsite(leader.email, `Ada Band ${t}`);
  const bookingSlug = await seedBooking(leader.email, D);

  // Find collaborators, from the dashboard: the market, leading with Role.
  await leaderPage.goto("/musician_dashboard");
  await leaderPage.getByRole("link", { name: "Find collaborators" }).click();
  await expect(leaderPage).toHaveURL(/\/market\?find=collaborators$/);
  await expect(leaderPage.getByRole("heading", { name: "Find collaborators", level: 1 })).toBeVisible();
  await leaderPage.waitForSelector("html[data-hydrated]");
  // On a phone the Filters sheet opens at once, Role first, until a role is chosen.
  const sheet = leaderPage.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator("label").first()).toHaveText("Role");
  await sheet.getByLabel("Role").selectOption("Drummer");
  await sheet.getByLabel("Available on").fill(D);
  await sheet.getByRole("button", { name: "Apply filters" }).click();
  await expect(leaderPage).toHaveURL(new RegExp(`role=Drummer.*date=${D}|date=${D}.*role=Drummer`));
  const results = leaderPage.getByRole("list", { name: "Musicians" });
  await expect(results.getByRole("link", { name: new RegExp(`Kola Drums ${t}`) })).toBeVisible();
  await expect(results.getByRole("link", { name: new RegExp(`Free Sticks ${t}`) })).toBeVisible();
  // Booked that day: not offered.
  await expect(results.getByRole("link", { name: new RegExp(`Booked Sticks ${t}`) })).toHaveCount(0);
  await expect(leaderPage.getByRole("button", { name: "Filters (2)" })).toBeVisible();

  // The drummer's profile, and its link into the booking's line-up.
  await results.getByRole("link", { name: new RegExp(`Kola Drums ${t}`) }).click();
  await expect(leaderPage).toHaveURL(`/musicians/${drummerSlug}`);
  const profileLink = leaderPage.url();
  await leaderPage.goto(`/booking/${bookingSlug}`);
  await leaderPage.waitForSelector("html[data-hydrated]");
  const lineUp = leaderPage.getByTestId("line-up");
  const add = lineUp.getByRole("form", { name: "Add a musician" });
  await add.getByRole("textbox", { name: "Musician" }).fill(profileLink);
  await add.getByRole("textbox", { name: "Role" }).fill("Drummer");
  await add.getByRole("textbox", { name: "Fee (₦)" }).fill("20,000");
  await expect(lineUp.getByTestId("line-up-sentence")).toHaveText(
    "Your share ₦90,000 − line-up ₦20,000 = you keep ₦70,000",
  );
  await add.getByRole("button", { name: "Send invite" }).click();
  await expectToast(leaderPage, "Invite sent. They will be in the line-up once they accept.");
  const member = lineUp.getByTestId("line-up-member");
  await expect(member).toContainText(`Kola Drums ${t}`);
  await expect(member.getByTestId("line-up-status")).toHaveText("Invited: waiting for an answer");

  // The drummer accepts.
  await drummerPage.goto(`/musician_lineups/${drummerSlug}`);
  await drummerPage.waitForSelector("html[data-hydrated]");
  const invite = drummerPage.getByTestId("line-up-invite");
  await expect(invite).toContainText("Drummer");
  await invite.getByRole("button", { name: "Accept" }).click();
  await expectToast(drummerPage, "You are in the line-up. The date is in your calendar.");
  await leaderPage.reload();
  await expect(leaderPage.getByTestId("line-up-member").getByTestId("line-up-status")).toHaveText("Playing");

  // Booked now (a line-up that day): the drummer is no longer offered for that date.
  const market = await phone(browser);
  await market.goto(`/market?role=Drummer&date=${D}`);
  const offered = market.getByRole("list", { name: "Musicians" });
  await expect(offered.getByRole("link", { name: new RegExp(`Free Sticks ${t}`) })).toBeVisible();
  await expect(offered.getByRole("link", { name: new RegExp(`Kola Drums ${t}`) })).toHaveCount(0);

  // The client pays, then says the event happened: the release pays the band.
  const client = await phone(browser);
  await payOnTestCheckout(client, bookingSlug);
  await releaseAsPayer(client, bookingSlug);

  await expectAvailable(leaderPage, `/musician_wallet/${leaderSlug}`, "₦70,000.00");
  await expectAvailable(drummerPage, `/musician_wallet/${drummerSlug}`, "₦20,000.00");
  await expect(
    drummerPage.getByRole("list", { name: "Wallet history" }).getByText(/Line-up fee: .* with Ada Band/),
  ).toBeVisible();
});
