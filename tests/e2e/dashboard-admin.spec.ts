import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

// playwright.config.ts starts the server with ADMIN_EMAILS=admin@e2e.stagebook.test.
const ADMIN = "admin@e2e.stagebook.test";

test("a musician who is not an admin gets 404 at /admin", async ({ page }) => {
  const anon = await page.goto("/admin");
  expect(anon?.status()).toBe(404);
  await registerMusician(page);
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("an admin sees real counts and paginated tables", async ({ page }) => {
  // The admin account may exist from an earlier run of this spec on the same server.
  const exists = await withDb((c) => c.query(`SELECT 1 FROM "user" WHERE email = $1`, [ADMIN]));
  if (exists.rowCount === 0) {
    await registerMusician(page, { email: ADMIN, firstName: "Site", lastName: "Admin" });
  } else {
    const { signIn } = await import("./support");
    await signIn(page, { email: ADMIN, password: "afrobeats-2026" });
  }
  // Other specs add users and bookings in parallel, so the page's figure must lie between the
  // database's counts just before and just after it rendered.
  const counts = () =>
    withDb(async (c) => {
      const q = async (text: string) => Number((await c.query<{ n: string }>(text)).rows[0].n);
      return {
        users: await q(`SELECT count(*) AS n FROM "user"`),
        completed: await q(`SELECT count(*) AS n FROM bookings_by_musician WHERE status = 'completed'`),
      };
    });
  const before = await counts();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const after = await counts();
  const shown = async (id: string) =>
    Number(((await page.getByTestId(id).textContent()) ?? "").replace(/[^\d]/g, ""));
  const totalUsers = await shown("admin-stat-total-users");
  expect(totalUsers).toBeGreaterThanOrEqual(before.users);
  expect(totalUsers).toBeLessThanOrEqual(after.users);
  const completed = await shown("admin-stat-completed-bookings");
  expect(completed).toBeGreaterThanOrEqual(before.completed);
  expect(completed).toBeLessThanOrEqual(after.completed);

  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL("/admin?tab=users");
  const users = page.getByRole("table", { name: "Users" });
  await expect(users.getByRole("columnheader", { name: "Join date" })).toBeVisible();
  await expect(users.getByText(ADMIN)).toBeVisible();

  await page.getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page.getByText("Most popular musicians")).toBeVisible();
  await expect(page.getByText("Common event types")).toBeVisible();

  // Backups (issue 37): the server archives from its first start and takes a base backup then; the
  // overview shows both times once the backup job has recorded them (seconds after the start).
  await page.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page.getByText("Backups", { exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("backup-last-base").locator("time")).toBeVisible({ timeout: 1_000 });
    await expect(page.getByTestId("backup-last-wal").locator("time")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText("Kept in")).toBeVisible();
  await expect(page.getByText(/\.data-e2e[^/]*-backups$/)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Backups are failing" })).toHaveCount(0);
});
