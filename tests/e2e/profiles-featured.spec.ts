import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name, exact: true });

/** Registers a musician and completes an active website with an image, a stage name and a role. */
async function completeWebsite(page: Page, stageName: string): Promise<string> {
  await registerMusician(page);
  await page.goto("/profile");
  await page
    .locator("#upload-profile-image")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png(1000, 1000, "#0f766e") });
  await toast(page, "Profile image updated!");
  await page.getByLabel("Stage name").fill(stageName);
  await page.getByRole("combobox", { name: "Performance roles" }).fill("Saxophonist");
  await page
    .getByLabel("Bio")
    .fill("Smooth saxophone for receptions, cocktails and corporate nights in Abuja and Lagos.");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await toast(page, "Profile updated successfully!");
  const slug = `sax-${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]!)}-${Math.floor(Math.random() * 1e4)}`;
  await tab(page, "Account").click();
  await page.getByLabel("Phone Number").fill("08031234567");
  await page.getByLabel("Website URL").fill(slug);
  await page.getByRole("button", { name: "Save Account" }).click();
  await toast(page, "Account information updated successfully!");
  return slug;
}

test("Featured Artists on the landing page shows the real musician with city and rate, nobody invented", async ({
  page,
  browser,
}) => {
  const slug = await completeWebsite(page, "Featured Sax Man");
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const anon = await visitor.newPage();
  await anon.goto("/");
  const list = anon.getByRole("list", { name: "Featured artists" });
  const cards = list.getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  const mine = list.getByRole("link", { name: /Featured Sax Man/ });
  await expect(mine).toHaveAttribute("href", `/musicians/${slug}`);
  await expect(mine.getByText("Saxophonist")).toBeVisible();
  await expect(mine.locator("img")).toHaveAttribute("loading", "lazy");
  // Every card is a real musician's page; nothing pads the row.
  for (const href of await list
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/musicians\/[a-z0-9-]+$/);
  }
  await mine.click();
  await expect(anon).toHaveURL(`/musicians/${slug}`);
  await visitor.close();
});

test("a public profile with six portfolio items stays light on a phone", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const slug = await completeWebsite(page, "Weighed Sax");
  await tab(page, "Portfolio").click();
  const colours = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207"];
  for (const [i, colour] of colours.entries()) {
    await page
      .locator("#upload-image")
      .setInputFiles({ name: `p${i}.png`, mimeType: "image/png", buffer: await png(2400, 1600, colour) });
    await expect(page.getByRole("button", { name: "Remove image" })).toHaveCount(i + 1, { timeout: 15_000 });
  }
  await page.getByLabel("YouTube URL").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "Add Video" }).click();
  await toast(page, "Video added successfully!");
  await page.getByLabel("Post/reel URL or embed code").fill("https://www.instagram.com/reel/C9zzAbCdEf/");
  await page.getByRole("button", { name: "Add Instagram Post" }).click();
  await toast(page, "Instagram post/reel added successfully!");

  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
  });
  const anon = await phone.newPage();
  const byType: Record<string, number> = {};
  const thirdParty: string[] = [];
  // Each finished request's sizes arrive later, asynchronously: keep the promises and await them all.
  const measured: Promise<void>[] = [];
  anon.on("requestfinished", (req) => {
    const url = new URL(req.url());
    if (url.hostname !== "localhost") {
      thirdParty.push(req.url());
      return;
    }
    measured.push(
      req.sizes().then((sizes) => {
        const type = req.resourceType();
        byType[type] = (byType[type] ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize;
      }),
    );
  });
  await anon.goto(`/musicians/${slug}?tab=portfolio`, { waitUntil: "networkidle" });
  // Lazy images below the fold load as the visitor scrolls: measure the whole page.
  await anon.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await anon.waitForLoadState("networkidle");
  await Promise.all(measured);
  const total = Object.values(byType).reduce((a, b) => a + b, 0);
  console.log(
    `profile (6 portfolio items, 375px @2x) transferred bytes: ${JSON.stringify({ ...byType, total })}`,
  );
  console.log(`third-party requests: ${JSON.stringify(thirdParty)}`);

  expect(await anon.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(anon.locator("iframe")).toHaveCount(0);
  expect(thirdParty.every((u) => u.startsWith("https://i.ytimg.com/"))).toBe(true);
  expect(byType.image ?? 0).toBeGreaterThan(0);
  expect(total).toBeLessThan(600 * 1024);
  await phone.close();
});
