import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

function tab(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name, exact: true });
}

function uniqueSlug() {
  return `chioma-${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]!)}-${Math.floor(Math.random() * 1e4)}`;
}

test("a new musician builds a website and a signed-out visitor sees it all", async ({ page, browser }) => {
  await registerMusician(page, { firstName: "Chioma", lastName: "Okafor" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(tab(page, "About")).toHaveAttribute("aria-current", "page");

  // About: profile image first (it uploads as soon as it is chosen), then the form.
  await page
    .locator("#upload-profile-image")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png(800, 800, "#7c3aed") });
  await toast(page, "Profile image updated!");
  await expect(page.getByRole("img", { name: "Your profile" })).toBeVisible();

  await page.getByLabel("Stage name").fill("Chioma Sings");
  const roles = page.getByRole("combobox", { name: "Performance roles" });
  await roles.fill("Vocalist");
  await roles.press("Enter");
  await roles.fill("Songwriter");
  await roles.press("Enter");
  // A genre left typed (no Enter) is saved from its text box; leaving the box does not turn it into a
  // chip, which used to land under the next click and move the Event types checkboxes away from it.
  await page.getByRole("textbox", { name: "Genres" }).fill("Highlife");
  // One vocabulary with the /market filter (phone walk 2): chosen from the list, not typed.
  const wedding = page.getByRole("group", { name: "Event types" }).getByRole("checkbox", { name: "Wedding" });
  await wedding.click();
  await expect(wedding).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Genres" })).toHaveValue("Highlife");
  await page.getByLabel("Location").fill("Lekki, Lagos");
  await page.getByLabel("Bio").fill("Soulful highlife and gospel for weddings across Lagos.");
  await page.getByLabel("Hourly rate (₦)").fill("25000");
  await page.getByLabel("Social platform 1", { exact: true }).fill("Instagram");
  await page.getByLabel("Social link URL 1", { exact: true }).fill("instagram.com/chiomasings");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await toast(page, "Profile updated successfully!");

  // Portfolio: an image and a YouTube video.
  await tab(page, "Portfolio").click();
  await page
    .locator("#upload-image")
    .setInputFiles({ name: "stage.png", mimeType: "image/png", buffer: await png(1600, 1000, "#db2777") });
  await toast(page, "Image uploaded successfully!");
  await page.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.locator("#video-title").fill("Live at Eko Hotel");
  await page.getByRole("button", { name: "Add Video" }).click();
  await toast(page, "Video added successfully!");
  await expect(page.getByRole("link", { name: "Play video: Live at Eko Hotel" })).toBeVisible();

  // Experience: one performance.
  await tab(page, "Experience").click();
  await page.getByLabel("Event title").fill("Adebayo & Funke wedding");
  await page.getByLabel("Event type").selectOption("Wedding");
  await page.getByLabel("Date").fill("2025-12-06");
  await page.getByLabel("Location").fill("Ikoyi Club");
  await page.getByRole("button", { name: "Add Performance" }).click();
  await toast(page, "Performance added successfully!");
  await expect(page.getByText("Adebayo & Funke wedding")).toBeVisible();

  // Account: activates the website.
  const slug = uniqueSlug();
  await tab(page, "Account").click();
  // Live from sign-up; the address made from the name can be changed here.
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Website URL")).toHaveValue(/^chioma-okafor/);
  await page.getByLabel("Phone Number").fill("08031234567");
  await page.getByLabel("Website URL").fill(slug);
  await page.getByRole("button", { name: "Save Account" }).click();
  await toast(page, "Account information updated successfully!");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  // View My Website from the dashboard header.
  await page.goto("/musician_dashboard");
  await page.getByRole("link", { name: "View My Website" }).click();
  await expect(page).toHaveURL(`/musicians/${slug}`);
  await expect(page.getByRole("heading", { name: "Chioma Sings", level: 1 })).toBeVisible();

  // A signed-out visitor, without JavaScript: everything is server-rendered and the tabs are links.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const anon = await visitor.newPage();
  const response = await anon.goto(`/musicians/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(anon.getByRole("heading", { name: "Chioma Sings", level: 1 })).toBeVisible();
  // "Vocalist" is saved as the Role vocabulary's name (issue 39); a role it does not know stays as typed.
  await expect(anon.getByText("Lead vocalist · Songwriter")).toBeVisible();
  await expect(anon.getByText("Lekki, Lagos")).toBeVisible();
  await expect(anon.getByText("Starting from ₦25,000/hr")).toBeVisible();
  await expect(anon.getByText("Soulful highlife and gospel")).toBeVisible();
  await expect(anon.getByText("Highlife", { exact: true })).toBeVisible();
  await expect(anon.getByRole("main").getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    "https://instagram.com/chiomasings",
  );
  await expect(anon.getByRole("link", { name: "Request Booking" })).toBeVisible();
  const avatar = anon.getByRole("img", { name: "Chioma Sings" });
  // The profile photo is the page's first image: fetched at once, first (issue 14 §6).
  await expect(avatar).toHaveAttribute("fetchpriority", "high");
  await expect(avatar).toHaveAttribute("width", "160");
  await expect(anon.locator('meta[property="og:title"]')).toHaveAttribute("content", /Chioma Sings/);
  await expect(anon.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/localhost:\d+\/uploads\/profile_images\/.+\/profile\.webp/,
  );
  await expect(anon.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(anon.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/musicians/${slug}$`),
  );

  await tab(anon, "Portfolio").click();
  const picture = anon.locator('img[alt="Portfolio image"]');
  await expect(picture).toHaveAttribute("loading", "lazy");
  await expect(picture).toHaveAttribute("srcset", /-320\.webp 320w/);
  await expect(anon.getByRole("link", { name: "Play video: Live at Eko Hotel" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  );
  await expect(anon.locator("iframe")).toHaveCount(0);
  await tab(anon, "Experience").click();
  await expect(anon.getByText("Adebayo & Funke wedding")).toBeVisible();
  await tab(anon, "Reviews").click();
  // No made-up rating: a musician without reviews says so.
  await expect(anon.getByRole("heading", { name: "No reviews yet" })).toBeVisible();
  await expect(anon.getByText("4.8")).toHaveCount(0);
  await visitor.close();

  // With JavaScript, the YouTube player loads only when the visitor taps the still.
  const jsVisitor = await browser.newContext();
  const jsPage = await jsVisitor.newPage();
  const thirdParty: string[] = [];
  jsPage.on("request", (r) => {
    if (r.resourceType() === "script" && !r.url().startsWith("http://localhost")) thirdParty.push(r.url());
  });
  await jsPage.goto(`/musicians/${slug}?tab=portfolio`);
  await expect(jsPage.locator("iframe")).toHaveCount(0);
  await jsPage.getByRole("link", { name: "Play video: Live at Eko Hotel" }).click();
  await expect(
    jsPage.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]'),
  ).toBeAttached();
  expect(thirdParty).toEqual([]);
  await jsVisitor.close();
});

test("View My Website on an inactive website says so and moves to /profile", async ({ page }) => {
  const m = await registerMusician(page);
  // An account from before sign-up made websites live: no phone number, website off.
  await withDb((c) =>
    c.query(
      `UPDATE musician_profiles SET phone_number = NULL, website_active = false
        WHERE user_id = (SELECT id FROM "user" WHERE email = $1)`,
      [m.email],
    ),
  );
  await page.goto("/musician_dashboard");
  await page.getByRole("link", { name: "View My Website" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=account/);
  await toast(page, "Website not active");
  await expect(page.getByText(/first name, last name, phone number and website URL/)).toBeVisible();
});

test("an unknown musician page answers 404 with the error card", async ({ page }) => {
  const response = await page.goto("/musicians/no-such-musician-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Could not load musician profile" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Musicians" }).click();
  await expect(page).toHaveURL("/market");
});

test("the editor explains bad input and refuses a forged image", async ({ page }) => {
  await registerMusician(page);
  await page.goto("/profile");
  await page.getByLabel("Hourly rate (₦)").fill("twelve");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Stage name is required" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Enter an amount in naira, e.g. 150,000" }),
  ).toBeVisible();
  await toast(page, "Failed to save profile data");

  await tab(page, "Portfolio").click();
  await page.locator("#upload-image").setInputFiles({
    name: "holiday.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await toast(page, "Failed to upload image");
  await expect(page.getByText("No portfolio items yet.")).toBeVisible();

  await page.getByLabel("YouTube URL").fill("https://vimeo.com/123");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid YouTube URL" })).toBeVisible();

  await tab(page, "Account").click();
  await page.getByLabel("Phone Number").fill("");
  await page.getByRole("button", { name: "Save Account" }).click();
  await toast(
    page,
    "Please fill in all required fields (First Name, Last Name, Phone Number, and Website URL)",
  );
});

test("the signed-out editor redirects to /login and back", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
});

test("the editor fits a 375px phone on every tab", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerMusician(page);
  for (const name of ["about", "portfolio", "experience", "account"]) {
    await page.goto(`/profile?tab=${name}`);
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
  }
});
