import { randomBytes } from "node:crypto";
import { expectToast, seedActiveMusicians } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./support";

test("an organiser searches the marketplace with two filters, without JavaScript too", async ({
  browser,
}) => {
  const t = `zq${randomBytes(3).toString("hex")}`;
  const [lagosHighlife] = await seedActiveMusicians([
    { stageName: `Kemi ${t}`, genres: ["Highlife"], location: "Lekki, Lagos", rateNaira: 40_000 },
    { stageName: `Femi ${t}`, genres: ["Highlife"], location: "Ibadan, Oyo", rateNaira: 30_000 },
    { stageName: `Sade ${t}`, genres: ["Fuji"], location: "Ikeja, Lagos", rateNaira: 20_000 },
  ]);

  for (const javaScriptEnabled of [true, false]) {
    const ctx = await browser.newContext({ javaScriptEnabled });
    const page = await ctx.newPage();
    await page.goto("/market");
    await expect(page.getByRole("heading", { name: "Find Musicians", level: 1 })).toBeVisible();
    // A typo in the search box still finds them.
    await page.getByLabel("Search by name, genre or role").fill(`${t} higlife`);
    await page.getByLabel("Genre", { exact: true }).selectOption("Highlife");
    await page.getByLabel("Location", { exact: true }).selectOption("Lagos");
    await page.getByRole("button", { name: "Apply filters" }).click();

    await expect(page).toHaveURL(/genre=Highlife/);
    await expect(page).toHaveURL(/location=Lagos/);
    const results = page.getByRole("list", { name: "Musicians" });
    await expect(results.getByRole("link")).toHaveCount(1);
    await expect(results.getByRole("link")).toContainText(`Kemi ${t}`);
    await expect(results.getByRole("link")).toContainText("Starting from ₦40,000/hr");

    // The URL is the search: opening it again gives the same result.
    const shared = page.url();
    await page.goto(shared);
    await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("Highlife");
    await results.getByRole("link").click();
    await expect(page).toHaveURL(`/musicians/${lagosHighlife}`);
    await ctx.close();
  }
});

test("joining the waitlist stores the e-mail once", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // Offered only when a search finds nobody: the page with results carries no waitlist.
  await page.goto("/market");
  await expect(page.getByText("Coming soon")).toHaveCount(0);
  await page.goto(`/market?q=${uniqueEmail("nobody").split("@")[0]}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const form = page.getByRole("region", { name: "Hear when new musicians join" });
  await form.getByLabel("First name").fill("A");
  await form.getByLabel("Phone number").fill("0801");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(form.getByText("First name must be at least 2 characters")).toBeVisible();
  await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  const email = uniqueEmail("fan");
  for (let i = 0; i < 2; i++) {
    await form.getByLabel("First name").fill("Amaka");
    await form.getByLabel("Phone number").fill("08012345678");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Join Waitlist" }).click();
    await expectToast(page, "Successfully joined the waitlist! We'll let you know when new musicians join.");
  }
  const { withDb } = await import("./support");
  const rows = await withDb((c) =>
    c.query("SELECT 1 FROM market_waitlist WHERE lower(email) = lower($1)", [email]),
  );
  expect(rows.rowCount).toBe(1);
});
