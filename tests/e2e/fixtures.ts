// Every spec imports `test` and `expect` from here. A page opened with `goto` or `reload` is handed to
// the test once React has hydrated it (html[data-hydrated]), because the page's JavaScript starts only
// after its first paint (ADR 0010): a test that clicked at once could act on the plain-HTML page
// (a link that navigates instead of opening a dialog) or on the hydrated one, depending on the load of
// the machine. A person on a phone meets both; the pre-hydration behaviour has tests of its own
// (perf-before-hydration.spec.ts), which open pages with `waitUntil: "commit"` to skip the wait.
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
  type Response,
} from "@playwright/test";

export { expect } from "@playwright/test";

const HYDRATION_TIMEOUT_MS = 30_000;
const handled = new WeakSet<Page>();

/**
 * React's reports of a server/browser difference (issue 24): entry.client.tsx logs each recoverable
 * hydration error as "Hydration failed: …"; React's own wording and its production error codes are
 * caught too. Any of them, on any page a test opens, fails the test.
 */
const HYDRATION_ERROR =
  /Hydration failed|did not match|didn't match|hydrat\w* mismatch|Minified React error #(418|419|423|425)\b/i;
let hydrationErrors: string[] = [];

function watchHydrationErrors(page: Page): void {
  page.on("console", (m) => {
    if (m.type() === "error" && HYDRATION_ERROR.test(m.text()))
      hydrationErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => {
    if (HYDRATION_ERROR.test(e.message)) hydrationErrors.push(`${page.url()}: ${e.message}`);
  });
}
const withoutJavaScript = new WeakSet<BrowserContext>();

async function untilHydrated(page: Page, response: Response | null): Promise<void> {
  if (withoutJavaScript.has(page.context())) return;
  if (!response || !(response.headers()["content-type"] ?? "").includes("text/html")) return;
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: HYDRATION_TIMEOUT_MS });
}

function waitForHydrationOnNavigation(page: Page): void {
  if (handled.has(page)) return;
  handled.add(page);
  watchHydrationErrors(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await untilHydrated(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await untilHydrated(page, response);
    return response;
  };
}

function watchContext(context: BrowserContext, javaScriptEnabled: boolean): BrowserContext {
  if (!javaScriptEnabled) withoutJavaScript.add(context);
  for (const page of context.pages()) waitForHydrationOnNavigation(page);
  context.on("page", waitForHydrationOnNavigation);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitForHydrationOnNavigation(page);
    return page;
  };
  return context;
}

function watchBrowser(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) =>
    watchContext(await newContext(options), options?.javaScriptEnabled !== false);
}

export const test = base.extend<{ noHydrationErrors: undefined }, { hydratingBrowser: Browser }>({
  hydratingBrowser: [
    async ({ browser }, use) => {
      watchBrowser(browser);
      await use(browser);
    },
    { scope: "worker", auto: true },
  ],
  // The test's own context gets `test.use({ javaScriptEnabled })` through Playwright's defaults, not
  // through the options newContext sees.
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) withoutJavaScript.add(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    waitForHydrationOnNavigation(page);
    await use(page);
  },
  noHydrationErrors: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      hydrationErrors = [];
      await use(undefined);
      const found = hydrationErrors;
      hydrationErrors = [];
      if (found.length > 0) throw new Error(`React reported hydration errors:\n${found.join("\n")}`);
    },
    { auto: true },
  ],
});
