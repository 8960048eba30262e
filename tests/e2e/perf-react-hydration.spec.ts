import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { dashboardSlugOf } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { insertBooking, registerOverHttp } from "./security-support";
import { registerMusician } from "./support";

// Issue 24, ADR 0012: the browser hydrates the server's HTML with React 19, the React the server
// renders with. React's hydration-mismatch reports fail every test (fixtures.ts); these check that each
// public page is React's, in place and whole.

const LANDMARKS = ["html", "body", "header", "main", "footer", "h1"];

/**
 * The live document beside the server's HTML for the same URL: how many of each landmark (a page
 * hydrated twice over shows two), the stylesheet, and every id reference that does not resolve.
 */
async function hydratedDocument(page: Page) {
  return page.evaluate(async (landmarks) => {
    const html = await (await fetch(location.href)).text();
    const server = new DOMParser().parseFromString(html, "text/html");
    const count = (doc: Document) => landmarks.map((tag) => `${tag} ${doc.querySelectorAll(tag).length}`);
    const ids = new Set([...document.querySelectorAll("[id]")].map((e) => e.id));
    const broken: string[] = [];
    for (const label of document.querySelectorAll("label[for]")) {
      const target = document.getElementById(label.getAttribute("for") ?? "");
      if (!target || !["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(target.tagName))
        broken.push(`label "${label.textContent}" for=${label.getAttribute("for")} -> ${target?.tagName}`);
    }
    for (const attr of ["aria-labelledby", "aria-describedby"]) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        for (const id of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
          if (!ids.has(id)) broken.push(`${attr}=${id}`);
        }
      }
    }
    return {
      landmarks: count(document),
      serverLandmarks: count(server),
      stylesheets: document.querySelectorAll('head link[rel="stylesheet"]').length,
      // A deferred part (ADR 0012) renders in place: no markup streams in later, moved into place by an
      // inline script (React Router's own streamed data is a script, and stays).
      streamedLater: /<div hidden id="S:\d+"><(?!script)/.test(html),
      broken,
    };
  }, LANDMARKS);
}

/** Elements React hydrated carry its fiber key (`__reactFiber$<random>`); counted over the page. */
async function reactOwnedElements(page: Page) {
  return page.evaluate(() => {
    const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"));
    const all = [...document.querySelectorAll("body *")];
    return {
      html: owned(document.documentElement),
      header: [...document.querySelectorAll("header")].some(owned),
      h1: [...document.querySelectorAll("h1")].some(owned),
      owned: all.filter(owned).length,
      // Deferred parts (below the first screen) hydrate too, once their chunk is in.
      footer: [...document.querySelectorAll("footer")].some(owned),
    };
  });
}

test("each public page is hydrated by React: its elements carry React's fiber keys", async ({
  page,
  request,
}) => {
  const musician = await registerOverHttp(request, "React Hydration");
  const booking = await insertBooking(musician.profileId);
  for (const path of ["/", `/musicians/${musician.slug}`, "/market", `/booking/${booking.slug}`]) {
    await page.goto(path);
    const react = await reactOwnedElements(page);
    expect(react, path).toMatchObject({ html: true, header: true, h1: true });
    expect(react.owned, path).toBeGreaterThan(20);
    // Deferred parts (issue 31, ADR 0012) hydrate once they come near the screen.
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(async () => (await reactOwnedElements(page)).footer, path).toBe(true);
  }
});

test("a deferred part's code loads when it nears the screen, its server HTML in place until then", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const footerCode: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/site-footer-[\w-]+\.js$/.test(r.url())) footerCode.push(r.url());
  });
  await page.goto("/");
  // The landing page is several screens long: its footer is far below the first one.
  const footer = page.locator("footer");
  await expect(footer).toContainText("Stagebook");
  expect(await reactOwnedElements(page)).toMatchObject({ header: true, footer: false });
  expect(footerCode).toEqual([]);
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await reactOwnedElements(page)).footer).toBe(true);
  expect(footerCode).toHaveLength(1);
});

test("the browser build is React's production build and holds no Preact", () => {
  const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
  const scripts = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const bundle = scripts.map((f) => fs.readFileSync(path.join(assets, f), "utf8")).join("\n");
  // react-dom's production client: its errors are codes pointing at react.dev.
  expect(bundle).toContain("https://react.dev/errors/");
  expect(bundle).not.toMatch(/preact/i);
  // Preact's vnode, as its production build writes it.
  expect(bundle).not.toContain("__k:null,__:null,__b:0,__e:null");
});

test("public pages hydrate in place with React: one document, its stylesheet, whole id references, no CSP error", async ({
  page,
  request,
}) => {
  const musician = await registerOverHttp(request, "In Place Hydration");
  const booking = await insertBooking(musician.profileId);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text()))
      errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of [
    "/",
    `/musicians/${musician.slug}`,
    "/market?q=hydration",
    `/booking/${booking.slug}`,
    `/musicians/${musician.slug}/request`,
    "/no-such-page",
  ]) {
    await page.goto(path);
    const doc = await hydratedDocument(page);
    expect(doc.landmarks, path).toEqual(doc.serverLandmarks);
    expect(doc.landmarks, path).toContain("html 1");
    expect(
      { stylesheets: doc.stylesheets, streamedLater: doc.streamedLater, broken: doc.broken },
      path,
    ).toEqual({
      stylesheets: 1,
      streamedLater: false,
      broken: [],
    });
  }
  expect(errors).toEqual([]);

  // The request form renders differently once hydrated (useHydrated): the fields keep their labels.
  await page.goto(`/musicians/${musician.slug}/request`);
  await expect(page.getByLabel("Additional Details")).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(page.getByLabel("Budget Estimate")).toHaveAttribute("name", "budgetEstimate");
});

test("a dialog opened after hydration is the one its trigger names, and gives focus back to it", async ({
  page,
}) => {
  await registerMusician(page);
  const slug = await dashboardSlugOf(page);
  await page.goto(`/musician_events/${slug}`);
  // A Radix trigger rendered by the server: its aria-controls must name the dialog the browser opens
  // (the server's useId and the browser's agree), and focus comes back to it through its ref.
  // Located by markup: while the modal is open, the page behind it is hidden from the accessibility tree.
  const trigger = page.locator('button[aria-haspopup="dialog"]', { hasText: "Add Event" });
  await trigger.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const dialogId = await dialog.getAttribute("id");
  expect(dialogId).toBeTruthy();
  await expect(trigger).toHaveAttribute("aria-controls", dialogId as string);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test("a tab panel shown after hydration names the server-rendered tab that shows it", async ({ page }) => {
  await registerOrganiser(page);
  await page.goto("/bookings");
  // Radix's tab ids come from useId: the panel shown by the click must point at the tab's id as it
  // stands in the server's document.
  await page.getByRole("tab", { name: "Pending" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel).toContainText("No pending bookings");
  const tabId = await page.getByRole("tab", { name: "Pending" }).getAttribute("id");
  expect(tabId).toBeTruthy();
  await expect(panel).toHaveAttribute("aria-labelledby", tabId as string);
  await expect(panel).toHaveAccessibleName("Pending");
});

test("a page reached by a client-side link gets its title, and an error page its own", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page
    .getByRole("region", { name: "Find and book live musicians in Nigeria" })
    .getByRole("link", { name: "Find Musicians" })
    .click();
  await expect(page).toHaveURL("/market");
  await expect(page).toHaveTitle(/Find Musicians/);
  // React Router's own navigation, as a dead in-app link would do it.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate("/no-such-page"),
  );
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
