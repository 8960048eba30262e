import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";

test.beforeEach(async ({ page }) => {
  await registerOrganiser(page);
});

test("an organiser's header links to My Bookings and Messages, not the musician dashboard", async ({
  page,
}) => {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "My Bookings" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.goto("/musician_dashboard");
  await expect(page).toHaveURL("/bookings");
});

test("a new organiser's My Bookings: the five tabs and their empty states", async ({ page }) => {
  await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
  await expect(page.getByText("No bookings yet")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Browse Musicians" })).toHaveAttribute(
    "href",
    "/market",
  );
  for (const [tab, empty] of [
    ["Draft", "No draft bookings"],
    ["Pending", "No pending bookings"],
    ["Confirmed", "No confirmed bookings"],
    ["Completed", "No completed bookings"],
  ]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByText(empty)).toBeVisible();
  }
});

test("a new organiser's Messages: search, empty result and the prompt to choose", async ({ page }) => {
  await page.goto("/messages");
  await expect(page.getByText("Select a conversation to start messaging")).toBeVisible();
  const search = page.getByPlaceholder("Search conversations...");
  await search.fill("nobody-like-this");
  await search.press("Enter");
  await expect(page.getByText("No conversations found")).toBeVisible();
});
