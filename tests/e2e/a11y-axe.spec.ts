import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, freshIp } from "./security-support";
import { uniqueEmail, withDb } from "./support";

// Issue 16 item 10: axe-core over every page of the spec's route table (app/routes.ts), signed out,
// as a musician and as an organiser, at a phone and a desktop width: no serious or critical violation.

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

interface Found {
  url: string;
  width: number;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it stands; returns its serious and critical violations, labelled. */
async function scan(page: Page, label: string, width: number): Promise<Found[]> {
  // WCAG 2.2 A/AA plus axe's best practices (landmarks, nested controls, focusable scroll regions).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      url: label,
      width,
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

async function visit(page: Page, url: string, status = 200): Promise<void> {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  await page.waitForSelector("html[data-hydrated]");
}

/** A musician's public website, a pending booking and a booking request, straight into the database. */
async function seedMusicianData(email: string): Promise<{ slug: string; bookingSlug: string }> {
  const bookingSlug = randomBytes(4).toString("hex");
  return withDb(async (c) => {
    const p = await c.query<{ id: string; slug: string }>(
      `UPDATE musician_profiles SET stage_name = 'Ayo Sax', performance_roles = ARRAY['Saxophonist'],
         location = 'Lagos', hourly_rate_kobo = 15000000, bio = 'Saxophone for weddings and parties in Lagos.'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $1) RETURNING id, slug`,
      [email],
    );
    const profile = p.rows[0]!;
    await c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, phone_number, service_type,
         price_kobo, event_type, event_date, event_start_time, event_end_time, status)
       VALUES ($1, $2, 'Ada Eze', 'ada@example.com', '08099998888', 'Full Event Performance', 25000000, 'Wedding',
         CURRENT_DATE + 30, '19:00', '23:00', 'pending')`,
      [profile.id, bookingSlug],
    );
    await c.query(
      `INSERT INTO booking_requests (musician_id, client_name, event_type, event_duration)
       VALUES ($1, 'Bola Ade', 'wedding', '3')`,
      [profile.id],
    );
    return { slug: profile.slug, bookingSlug };
  });
}

function report(found: Found[]): string {
  return found
    .map((f) => `${f.width}px ${f.url}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join("\n    ")}`)
    .join("\n");
}

type State = Awaited<ReturnType<BrowserContext["storageState"]>>;

// One musician (with a website, a booking and a request) and one organiser per worker.
let musician: { state: State; slug: string; bookingSlug: string };
let organiser: State;

/** Signs up over HTTP (the sign-up form has its own specs): lighter than the page on a loaded machine. */
async function signUp(browser: Browser, role: "musician" | "client", email: string): Promise<State> {
  const context = await browser.newContext();
  const res = await context.request.post("/register", {
    form: {
      firstName: role === "musician" ? "Ayo" : "Ngozi",
      lastName: role === "musician" ? `Axe${randomBytes(2).toString("hex")}` : "Eze",
      email,
      password: "afrobeats-2026",
      role,
      phoneNumber: "08030000000",
    },
    headers: { origin: BASE_URL, "x-forwarded-for": freshIp() },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
  const state = await context.storageState();
  await context.close();
  return state;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("axe");
  const state = await signUp(browser, "musician", email);
  musician = { ...(await seedMusicianData(email)), state };
  organiser = await signUp(browser, "client", uniqueEmail("axe-organiser"));
});

const roles: Record<
  string,
  { state: () => State | undefined; urls: () => { url: string; status?: number }[]; menuUrl: string | null }
> = {
  "signed out, browsing pages": {
    state: (): State | undefined => undefined,
    urls: (): { url: string; status?: number }[] => [
      { url: "/" },
      { url: "/market" },
      { url: "/market?q=sax&maxRate=200000" },
      { url: "/musicians" },
      { url: `/musicians/${musician.slug}` },
      { url: `/musicians/${musician.slug}/request` },
      { url: `/booking/${musician.bookingSlug}` },
    ],
    menuUrl: "/",
  },
  "signed out, account and content pages": {
    state: (): State | undefined => undefined,
    urls: (): { url: string; status?: number }[] => [
      { url: "/login" },
      { url: "/register" },
      { url: "/forgot-password" },
      { url: "/reset-password?token=abc" },
      { url: "/terms" },
      { url: "/privacy" },
      { url: "/blog" },
      { url: "/no-such-page", status: 404 },
    ],
    menuUrl: null,
  },
  "musician, dashboard, profile editor and bookings": {
    state: (): State | undefined => musician.state,
    urls: (): { url: string; status?: number }[] => {
      const s = encodeURIComponent(musician.slug);
      return [
        { url: "/musician_dashboard" },
        { url: `/musician_numbers/${s}` },
        { url: "/profile" },
        { url: "/profile?tab=portfolio" },
        { url: "/profile?tab=experience" },
        { url: "/profile?tab=account" },
        { url: `/musician_bookings/${s}` },
        { url: `/musician_bookingrequests/${s}` },
        { url: `/musician_successfulbookings/${s}` },
        // Issue 39: the member's Line-ups page, and the booking's page as its musician (the Line-up section).
        { url: `/musician_lineups/${s}` },
        { url: `/booking/${musician.bookingSlug}` },
      ];
    },
    menuUrl: "/musician_dashboard",
  },
  "musician, events, wallet, reviews and messages": {
    state: (): State | undefined => musician.state,
    urls: (): { url: string; status?: number }[] => {
      const s = encodeURIComponent(musician.slug);
      return [
        { url: `/musician_events/${s}` },
        { url: `/musician_events_upcoming/${s}` },
        { url: `/musician_events_past/${s}` },
        { url: `/musician_availability/${s}` },
        { url: `/musician_wallet/${s}` },
        { url: `/musician_reviews/${s}` },
        { url: `/musician_messages/${s}` },
      ];
    },
    menuUrl: null,
  },
  organiser: {
    state: (): State | undefined => organiser,
    urls: (): { url: string; status?: number }[] => [{ url: "/bookings" }, { url: "/messages" }],
    menuUrl: "/bookings",
  },
};

for (const [role, r] of Object.entries(roles)) {
  for (const w of WIDTHS) {
    test(`axe at ${w.width}px, ${role}: every page has no serious or critical violation`, async ({
      browser,
    }) => {
      // Each group's pages and axe runs; generous because the shared test machine is often loaded.
      test.setTimeout(300_000);
      const context = await browser.newContext({
        storageState: r.state(),
        viewport: { width: w.width, height: w.height },
      });
      const page = await context.newPage();
      for (const { url, status } of r.urls()) {
        await visit(page, url, status);
        const found = await scan(page, url, w.width);
        expect.soft(found, report(found)).toEqual([]);
      }
      if (w.width < 768 && r.menuUrl) {
        // The one menu of a phone, open.
        await visit(page, r.menuUrl);
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        const found = await scan(page, `${r.menuUrl} (menu open)`, w.width);
        expect.soft(found, report(found)).toEqual([]);
      }
      await context.close();
    });
  }
}

test("keyboard at 390 px: Tab reaches every control of /market with a visible focus, and the Filters sheet opens and closes by keyboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await visit(page, "/market");
  const focusShown = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: "body", shown: false };
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
      const ring = s.boxShadow !== "none";
      return {
        name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName,
        shown: outline || ring,
      };
    });
  const reached: string[] = [];
  for (let i = 0; i < 12 && !reached.includes("Filters (0)"); i++) {
    await page.keyboard.press("Tab");
    const f = await focusShown();
    expect(f.shown, `focus visible on ${f.name}`).toBe(true);
    reached.push(f.name);
  }
  expect(reached).toContain("Open menu");
  expect(reached).toContain("Filters (0)");
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  const found = await scan(page, "/market (Filters open)", 390);
  expect(found, report(found)).toEqual([]);
  await page.keyboard.press("Tab");
  expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect((await focusShown()).shown).toBe(true);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (0)" })).toBeFocused();
  await context.close();
});
