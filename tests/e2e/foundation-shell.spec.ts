import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("header links lead to their pages", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, path] of [
    ["Find Musicians", "/market"],
    ["For Musicians", "/musicians"],
    ["Home", "/"],
  ] as const) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  // No menu item leads to a placeholder: Blog stays at /blog but is not linked until it has posts.
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Blog" })).toHaveCount(0);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Sign up" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
});

test("Create Booking shows in the header only for signed-in users on the musician pages", async ({
  page,
}) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByText("Create Booking")).toHaveCount(0);
  // A new musician lands on the dashboard, a musician page.
  await registerMusician(page);
  await expect(banner.getByText("Create Booking").first()).toBeVisible();
  await page.goto("/");
  await expect(banner.getByText("Create Booking")).toHaveCount(0);
  await page.goto("/profile");
  await expect(banner.getByText("Create Booking")).toHaveCount(0);
  await page.goto("/musician_dashboard");
  await expect(banner.getByText("Create Booking").first()).toBeVisible();
  await page.goto("/market");
  await expect(banner.getByText("Create Booking")).toHaveCount(0);
});

test("footer: groups, social links, contact dialog, copyright and tagline", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const group of ["Platform", "Company", "Legal"]) {
    await expect(footer.getByRole("heading", { name: group })).toBeVisible();
  }
  for (const social of ["Instagram", "Facebook", "TikTok", "YouTube", "X", "LinkedIn"]) {
    await expect(footer.getByRole("link", { name: social, exact: true })).toBeVisible();
  }
  await expect(footer.getByText("Connecting event organisers with top musicians in Nigeria")).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()} Stagebook`)).toBeVisible();
  await footer.getByRole("button", { name: "Contact" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("help@stagebook.test")).toBeVisible();
  await expect(dialog.getByText("+234 700 000 1111")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu opens as a drawer with the signed-out and signed-in links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    for (const name of ["Home", "Find Musicians", "For Musicians", "Sign in", "Sign up"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("link", { name: "Blog" })).toHaveCount(0);
    await drawer.getByRole("link", { name: "For Musicians" }).click();
    await expect(page).toHaveURL("/musicians");
    await expect(drawer).toHaveCount(0);

    await registerMusician(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("link", { name: "My Account" })).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });
});

test("pages carry a nonce-based CSP and hydrate under it", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  const res = await page.goto("/login");
  const csp = res?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // Hydrated: client-side navigation works without a full page load.
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.getByRole("link", { name: "Sign up" }).last().click();
  await expect(page).toHaveURL("/register");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test("pages hydrate without a mismatch, so nothing typed before the JavaScript arrives is lost", async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  for (const path of [
    "/",
    "/musicians",
    "/market",
    "/blog",
    "/terms",
    "/privacy",
    "/register",
    "/no-such-page",
  ]) {
    await page.goto(path);
  }
  expect(pageErrors).toEqual([]);

  // A slow phone: the form is usable from the server's HTML, and hydration keeps what was typed.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("early@example.com");
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByLabel("Email")).toHaveValue("early@example.com");
});
