import { expect, test } from "@playwright/test";
import { asNewVisitor, uniqueEmail } from "./support";

// Issue 16 journeys on a 390×844 phone.
test.use({ viewport: { width: 390, height: 844 } });

test("a new musician goes from sign-up to a live website they can share, with a setup checklist", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const lastName = `Bakare${Math.floor(Math.random() * 1e6)}`;
  await asNewVisitor(page);
  await page.goto("/register");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByLabel("First name").fill("Tunde");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(uniqueEmail("tunde"));
  await page.getByLabel("Password", { exact: true }).fill("talking-drum-26");
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL("/musician_dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Tunde" })).toBeVisible();
  const checklist = page.getByRole("region", { name: "Get ready for your first booking" });
  await expect(checklist.getByText("0 of 5 done")).toBeVisible();
  for (const step of [
    "Add a photo",
    "Write your bio and hourly rate",
    "Add a portfolio item",
    "Share your link",
  ]) {
    await expect(checklist.getByText(step)).toBeVisible();
  }
  const slug = `tunde-${lastName.toLowerCase()}`;
  await expect(checklist.getByText(new RegExp(`/musicians/${slug}$`))).toBeVisible();
  await expect(checklist.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/\\?text=.*musicians%2F${slug}`),
  );

  // Bio and rate, written as people write naira, tick their step.
  await checklist.getByRole("link", { name: /Write your bio and hourly rate/ }).click();
  await expect(page).toHaveURL("/profile?tab=about");
  await page.getByLabel("Stage name").fill(`Tunde ${lastName}`);
  await page.getByLabel("Bio").fill("Talking drum and juju for weddings in Lagos.");
  await page.getByLabel("Hourly rate (₦)").fill("150,000");
  await page.getByLabel("Hourly rate (₦)").blur();
  await expect(page.getByLabel("Hourly rate (₦)")).toHaveValue("₦150,000");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!").first()).toBeVisible();
  await page.goto("/musician_dashboard");
  await expect(checklist.getByText("1 of 5 done")).toBeVisible();

  // The website works at once, for anyone with the link.
  await page.getByRole("link", { name: "View My Website" }).click();
  await expect(page).toHaveURL(`/musicians/${slug}`);
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const anon = await visitor.newPage();
  expect((await anon.goto(`/musicians/${slug}`))?.status()).toBe(200);
  await expect(anon.getByRole("heading", { level: 1, name: `Tunde ${lastName}` })).toBeVisible();
  await expect(anon.getByText("Starting from ₦150,000/hr")).toBeVisible();
  await expect(anon.getByText("No reviews yet").first()).toBeVisible();
  await expect(anon.getByText("4.8")).toHaveCount(0);
  await visitor.close();
});
