// Issue 23 §6 on a 390 px phone: the menus and pages say what they lead to, read as a person reads them.
import { randomBytes } from "node:crypto";
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { asNewVisitor, registerMusician, withDb } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

/** Seeds active musicians: one bookable (photo, rate, genre) and bare ones newer than it. */
async function seedMarket(tag: string): Promise<{ ready: string; bare: string[] }> {
  return withDb(async (c) => {
    const add = async (stageName: string, ready: boolean, createdAt: string) => {
      const id = `e2e-${randomBytes(6).toString("hex")}`;
      await c.query(
        `INSERT INTO "user" (id, name, email, first_name, last_name) VALUES ($1, $2, $3, 'Seeded', 'Demo')`,
        [id, stageName, `${id}@example.com`],
      );
      await c.query(
        `INSERT INTO musician_profiles (user_id, first_name, last_name, stage_name, slug, phone_number,
           website_active, location, hourly_rate_kobo, genres, performance_roles, profile_image, created_at)
         VALUES ($1, 'Seeded', 'Demo', $2, $3, '08030000000', true, 'Lagos', $4, $5, ARRAY['Vocalist'], $6, $7)`,
        [
          id,
          stageName,
          `${stageName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(2).toString("hex")}`,
          ready ? 15_000_000 : null,
          ready ? ["Highlife"] : [],
          ready ? "/favicon.svg" : null,
          createdAt,
        ],
      );
    };
    const ready = `Ready ${tag}`;
    await add(ready, true, "2020-01-01T00:00:00Z");
    const bare: string[] = [];
    for (let i = 0; i < 3; i++) {
      bare.push(`Bare${i} ${tag}`);
      await add(`Bare${i} ${tag}`, false, new Date().toISOString());
    }
    return { ready, bare };
  });
}

test("a visitor and a new organiser read menus, footer, sign-up, My Bookings and the market as they are", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asNewVisitor(page);
  await page.goto("/");

  // The phone menu: the recruitment page is "For Musicians"; no Blog placeholder is offered.
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Find Musicians" })).toHaveAttribute("href", "/market");
  await expect(drawer.getByRole("link", { name: "Browse Musicians" })).toHaveCount(0);
  await expect(drawer.getByRole("link", { name: "Blog" })).toHaveCount(0);
  await drawer.getByRole("link", { name: "For Musicians" }).click();
  await expect(page).toHaveURL("/musicians");

  // The footer: no Blog, no "About" that opened the recruitment page; Contact shows what is configured.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Blog" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "About" })).toHaveCount(0);
  await footer.getByRole("button", { name: "Contact" }).click();
  const contact = page.getByRole("dialog", { name: "Contact us" });
  await expect(contact.getByRole("link", { name: "help@stagebook.test" })).toBeVisible();
  await expect(contact.getByRole("link", { name: "+234 700 000 1111" })).toBeVisible();
  await expect(contact).not.toContainText("800 000");
  await page.keyboard.press("Escape");
  // Blog still answers at its address.
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The market with no search: the bookable profile is on page 1 with photo, rate and genre; bare ones
  // are not; the total is stated.
  const tag = randomBytes(3).toString("hex");
  const seeded = await seedMarket(tag);
  const total = await withDb(async (c) => {
    const r = await c.query(
      `SELECT count(*)::int AS n FROM musician_profiles WHERE website_active AND slug IS NOT NULL
         AND btrim(coalesce(first_name, '')) <> '' AND btrim(coalesce(last_name, '')) <> ''
         AND btrim(coalesce(phone_number, '')) <> ''`,
    );
    return r.rows[0].n as number;
  });
  await page.goto("/market");
  await expect(page.getByText(`${total.toLocaleString("en-NG")} musicians`, { exact: true })).toBeVisible();
  const results = page.getByRole("list", { name: "Musicians" });
  const readyCard = results.getByRole("listitem").filter({ hasText: seeded.ready });
  await expect(readyCard).toContainText("Starting from ₦150,000/hr");
  await expect(readyCard).toContainText("Highlife");
  await expect(readyCard.locator("img")).toHaveAttribute("src", "/favicon.svg");
  // Phone walk 2: bookable profiles first, then the rest fill the page (the count and the cards agree).
  await expect(results.getByRole("listitem").first()).toContainText(seeded.ready);
  for (const bare of seeded.bare) await expect(results).toContainText(bare);

  // Sign-up: the role reads "Event organiser"; an empty password is explained once, not twice.
  await page.goto("/register");
  await expect(page.getByLabel("Event organiser")).toBeVisible();
  await expect(page.getByText("Event Organizer")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toHaveCount(1);

  // A new organiser's My Bookings: every status tab in view, and Browse Musicians opens the market.
  await registerOrganiser(page, { firstName: "Chiamaka", lastName: "Okafor" });
  const tabs = page.getByRole("tablist", { name: "Booking status" });
  for (const name of ["All", "Draft", "Pending", "Confirmed", "Completed"]) {
    const box = await tabs.getByRole("tab", { name }).boundingBox();
    expect(box!.x + box!.width, `${name} tab inside the screen`).toBeLessThanOrEqual(390);
  }
  await page.getByRole("main").getByRole("link", { name: "Browse Musicians" }).click();
  await expect(page).toHaveURL("/market");
  await expect(page.getByRole("heading", { name: "Find Musicians", level: 1 })).toBeVisible();
});

test("a signed-out visitor's Message says who they sign in for; a musician finds their bank and reads a plain look-up error", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const musicianPage = page;
  const m = await registerMusician(musicianPage, { firstName: "Tunde", lastName: "Adeyemi" });
  const slug = await activateWebsite(m.email, "Tunde Sax");

  // Signed out, on the profile: Message leads to sign-in with the reason.
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await asNewVisitor(visitor);
  await visitor.goto(`/musicians/${slug}`);
  await visitor.getByRole("link", { name: "Message" }).click();
  await expect(visitor).toHaveURL(/\/login\?redirectTo=/);
  await expect(visitor.getByText("Sign in to message Tunde Sax.")).toBeVisible();
  await visitor.context().close();

  // The wallet's bank list has the banks the phone walk could not find; a number that does not resolve
  // is explained with the bank's name.
  await musicianPage.goto("/musician_dashboard");
  await musicianPage.goto(`/musician_wallet/${slug}`);
  const bank = musicianPage.getByLabel("Bank");
  for (const name of [
    "Jaiz Bank",
    "Heritage Bank",
    "Unity Bank",
    "Globus Bank",
    "Titan Bank",
    "Lotus Bank",
  ]) {
    await expect(bank.locator("option", { hasText: name })).toHaveCount(1);
  }
  await bank.selectOption({ label: "Guaranty Trust Bank" });
  await musicianPage.getByLabel("Account number (NUBAN)").fill("9999999999");
  await musicianPage.getByRole("button", { name: "Check account" }).click();
  await expect(
    musicianPage.getByText(
      "We couldn't find this account at Guaranty Trust Bank. Check the 10-digit number.",
    ),
  ).toBeVisible();
  await expect(musicianPage.getByText(/parameters/)).toHaveCount(0);
});
