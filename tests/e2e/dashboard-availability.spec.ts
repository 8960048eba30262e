import { addDays, format } from "date-fns";
import { dashboardSlugOf, expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

test("saved availability persists and shows on the public profile", async ({ page, browser }) => {
  await registerMusician(page, { firstName: "Bisi", lastName: "Lawal" });

  // Activate the website through the Account tab, as the musician would.
  const slug = `bisi-${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]!)}`;
  await page.goto("/profile?tab=account");
  await page.getByLabel("Phone Number").fill("08031234567");
  await page.getByLabel("Website URL").fill(slug);
  await page.getByRole("button", { name: "Save Account" }).click();
  await expectToast(page, "Account information updated successfully!");

  const dashSlug = await dashboardSlugOf(page);
  expect(dashSlug).toBe(slug);
  await page.goto(`/musician_availability/${slug}`);

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Please select at least one date");

  const d1 = addDays(new Date(), 3);
  const d2 = addDays(new Date(), 5);
  for (const d of [d1, d2]) {
    const box = page.getByRole("checkbox", { name: format(d, "EEEE, d MMMM yyyy") });
    await page.locator("label", { has: box }).click();
    await expect(box).toBeChecked();
  }
  // No availability yet: the hours say so out loud (not a silent 9 to 5).
  await expect(page.getByText("New days start at 9:00 AM – 5:00 PM.")).toBeVisible();
  await expect(page.getByLabel("Start time")).toHaveValue("09:00");
  await expect(page.getByLabel("End time")).toHaveValue("17:00");
  await page.getByLabel("Start time").selectOption("10:15");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Availability saved successfully!");

  const saved = page.getByRole("list", { name: "Saved availability" });
  await expect(saved.getByText(format(d1, "EEE, d MMM yyyy"))).toBeVisible();
  await expect(saved.getByText("10:15 AM – 5:00 PM").first()).toBeVisible();

  // Persisted: a reload still has both, and the next day marked starts with these usual hours.
  await page.reload();
  await expect(saved.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByLabel("Start time")).toHaveValue("10:15");
  await expect(page.getByLabel("End time")).toHaveValue("17:00");
  await expect(page.getByText(/New days start with your usual hours \(10:15 AM – 5:00 PM\)/)).toBeVisible();

  // Remove one.
  await saved
    .getByRole("button", { name: `Remove availability on ${format(d2, "EEE, d MMM yyyy")}` })
    .click();
  await expectToast(page, "Availability removed");
  await expect(saved.getByRole("listitem")).toHaveCount(1);

  // A signed-out organiser sees the remaining date on the public profile.
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(`/musicians/${slug}`);
  const section = anon.getByRole("region", { name: "Upcoming availability" });
  await expect(section.getByText(format(d1, "EEE, d MMM yyyy"))).toBeVisible();
  await expect(section.getByText("10:15 AM – 5:00 PM")).toBeVisible();
  await expect(section.getByText(format(d2, "EEE, d MMM yyyy"))).toHaveCount(0);
  await visitor.close();
});
