import { expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

test("a signed-out visitor is sent to /login and comes back after signing in", async ({ page }) => {
  const m = await registerMusician(page);
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL("/login");
  await page.goto("/musician_events_upcoming/anything");
  await expect(page).toHaveURL("/login?redirectTo=%2Fmusician_events_upcoming%2Fanything");
  await page.goto("/musician_dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fmusician_dashboard");
  await page.getByLabel("Email").fill(m.email);
  await page.getByLabel("Password").fill(m.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/musician_dashboard");
  await expect(page.getByRole("heading", { name: "Musician Dashboard" })).toBeVisible();
});

test("the dashboard shell: Main Menu, header buttons, Ctrl+B collapses and the cookie keeps it", async ({
  page,
  context,
}) => {
  await registerMusician(page, { firstName: "Ada" });
  await page.goto("/musician_dashboard");
  await expect(page.getByRole("heading", { name: "Musician Dashboard", level: 1 })).toBeVisible();
  const header = page.getByTestId("dashboard-header");
  await expect(header.getByRole("link", { name: "View My Website" })).toBeVisible();
  await expect(header.getByText("Create Booking").first()).toBeVisible();

  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("heading", { name: "Main Menu" })).toBeVisible();
  for (const name of [
    "Overview",
    "Numbers",
    "Edit Profile",
    "All Bookings",
    "Booking Requests",
    "Successful Bookings",
    "All",
    "Upcoming",
    "Past",
    "Availability",
    "All Messages",
    "With Bookings",
    "Inquiries",
    "Wallet",
    "Reviews",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Inquiries" })).toHaveAttribute(
    "href",
    /\/musician_messages\/[^/]+\?filter=inquiries$/,
  );

  // The four overview cards, computed for a brand-new musician.
  await expect(page.getByTestId("stat-total-bookings")).toHaveText("0");
  await expect(page.getByTestId("stat-upcoming-events")).toHaveText("0");
  await expect(page.getByTestId("stat-unread-messages")).toHaveText("0");
  await expect(page.getByTestId("stat-average-rating")).toHaveText("--");
  await expect(page.getByText("No recent activity")).toBeVisible();

  // Navigate through the menu to the wallet.
  await menu.getByRole("link", { name: "Wallet" }).click();
  await expect(page).toHaveURL(/\/musician_wallet\/[^/]+$/);
  await expect(page.getByTestId("balance-available")).toHaveText("₦0.00");

  const sidebar = page.locator("#dashboard-sidebar");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  // The shortcut is the script's: pages paint before their JavaScript starts (ADR 0010), so a key
  // pressed before hydration does nothing. Wait for that state, not for time.
  await page.waitForSelector("html[data-hydrated]");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThan(7.1 * 24 * 3600 * 1000);

  // The server renders the collapsed rail from the cookie; labels move to tooltips.
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(sidebar.getByRole("link", { name: "Reviews" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]");
  await page.keyboard.press("Meta+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");

  // Logout from the sidebar.
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await expectToast(page, "Logout successful");
});

test("under 768 px the dashboard's Main Menu is in the one site menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerMusician(page);
  await page.goto("/musician_dashboard");
  await expect(page.locator("#dashboard-sidebar")).toBeHidden();
  await expect(page.getByRole("button", { name: "Toggle sidebar" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByText("Main Menu")).toBeVisible();
  await sheet.getByRole("link", { name: "Availability" }).click();
  await expect(page).toHaveURL(/\/musician_availability\//);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
