import { expect, test } from "./fixtures";
import { latestMailTo, registerMusician, signIn, uniqueEmail } from "./support";

test("register, land on / signed in, sign out, sign in and reach the dashboard", async ({ page }) => {
  const m = await registerMusician(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Logout successful")).toBeVisible();

  await signIn(page, m);
  await expect(page).toHaveURL("/musician_dashboard");
  await expect(page.getByRole("heading", { name: "Musician Dashboard" })).toBeVisible();

  // The session is an HttpOnly cookie that scripts cannot read.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.includes("session_token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
});

test("a wrong password shows the server's message", async ({ page }) => {
  const m = await registerMusician(page);
  await page.context().clearCookies();
  await signIn(page, { email: m.email, password: "not-my-password" });
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL("/login");
});

test("the 6th wrong password within a minute is refused with a clear message", async ({ page }) => {
  const m = await registerMusician(page);
  await page.context().clearCookies();
  for (let i = 1; i <= 5; i++) {
    await signIn(page, { email: m.email, password: `wrong-${i}-password` });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  }
  await signIn(page, { email: m.email, password: "wrong-6-password" });
  await expect(
    page.getByRole("alert").filter({ hasText: "Too many failed sign-in attempts for this account" }),
  ).toBeVisible();
  // Even the right password waits out the minute.
  await signIn(page, m);
  await expect(page).toHaveURL("/login");
});

test("a forgotten password is reset through the e-mail's link", async ({ page }) => {
  const m = await registerMusician(page, { email: uniqueEmail("reset") });
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await page.getByLabel("Email").fill(m.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("a reset link is on its way")).toBeVisible();

  const mail = (await latestMailTo(m.email)).replace(/=\r?\n/g, "");
  const link = mail.match(/https?:\/\/[^\s"]+\/api\/auth\/reset-password\/[^\s"]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, "&").replace(/=3D/g, "="));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("fresh-password-9");
  await page.getByLabel("Confirm new password").fill("fresh-password-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Password updated")).toBeVisible();
  await signIn(page, { email: m.email, password: "fresh-password-9" });
  await expect(page).toHaveURL("/musician_dashboard");
});

test("a protected page sends a visitor to /login and back after sign-in", async ({ page }) => {
  const m = await registerMusician(page);
  await page.context().clearCookies();
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
  await page.getByLabel("Email").fill(m.email);
  await page.getByLabel("Password").fill(m.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/profile");
});

test("register explains what is wrong and keeps what was typed", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Emeka");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  // Once, as the error: the hint that says the same is hidden while the error shows (phone walk).
  await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toHaveCount(1);
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "Password must be at least 8 characters",
  );
  await expect(page.getByLabel("First name")).toHaveValue("Emeka");
  await expect(page.getByLabel("Event organiser")).toBeEnabled();
  await expect(page.getByRole("main").getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});
