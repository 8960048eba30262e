// Stored XSS and the Content-Security-Policy (issue 6 §4): script payloads saved in every text field a
// page shows render as text in Chromium, nothing runs, no element or handler is injected, and every
// HTML page carries a CSP whose script-src is 'self' plus this response's nonce, with no
// 'unsafe-inline'. Cross-site requests (issue 6 §5) are refused and the session cookie is locked down.
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, freshIp, registerOverHttp } from "./security-support";
import { withDb } from "./support";

const payloads = [
  `<script>window.__xss=(window.__xss||0)+1</script>`,
  `"><img src=x onerror="window.__xss=(window.__xss||0)+1">`,
  `'><svg onload="window.__xss=(window.__xss||0)+1">`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `{{constructor.constructor('window.__xss=1')()}}`,
  `</textarea></title><style>*{display:none}</style><a href="javascript:window.__xss=1">x</a>`,
];
const p = (i: number, label: string) => `${label}${payloads[i % payloads.length]}`;

async function expectInert(page: Page, label: string) {
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    `${label}: a payload ran`,
  ).toBe(undefined);
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      for (const a of el.getAttributeNames()) {
        if (/^on/i.test(a)) found.push(`${el.tagName} ${a}`);
        const v = el.getAttribute(a) ?? "";
        if ((a === "href" || a === "src") && /^\s*javascript:/i.test(v))
          found.push(`${el.tagName} ${a}=${v}`);
      }
      if (el.tagName === "IFRAME" && el.hasAttribute("srcdoc")) found.push("iframe srcdoc");
      if (el.tagName === "IMG" && el.getAttribute("src") === "x") found.push("img src=x");
    }
    return found;
  });
  expect(injected, `${label}: injected markup`).toEqual([]);
}

function expectCsp(res: Response | null, label: string) {
  expect(res, label).not.toBeNull();
  const csp = res!.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
  expect(scriptSrc, `${label}: script-src`).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toContain("unsafe-eval");
  expect(csp).toContain("object-src 'none'");
  return scriptSrc.match(/'nonce-([^']+)'/)![1];
}

test("saved script payloads render as text on every page that shows them, under a nonce CSP", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const m = await registerOverHttp(page.request, "placeholder");
  const bookingSlug = `x${Date.now().toString(36).slice(-7)}`;
  const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const past = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  await withDb(async (c) => {
    await c.query(
      `UPDATE musician_profiles SET stage_name = $1, bio = $2, performance_roles = $3, genres = $4, event_types = $5,
         social_links = $6::jsonb, location = $7, performance_style = $8, equipment = $9, first_name = $10, last_name = $11
       WHERE id = $12`,
      [
        p(0, "StageName"),
        p(1, "Bio"),
        [p(2, "Role"), p(3, "Role2")],
        [p(4, "Genre")],
        [p(5, "EventType")],
        JSON.stringify([
          { platform: p(1, "SocialLabel"), url: "https://example.com/a" },
          { platform: "Website", url: "javascript:window.__xss=1" },
        ]),
        p(2, "Location"),
        p(3, "Style"),
        p(4, "Equipment"),
        p(0, "First"),
        p(1, "Last"),
        m.profileId,
      ],
    );
    await c.query(
      `INSERT INTO musician_performances (profile_id, event_title, event_type, event_date, location)
       VALUES ($1, $2, $3, $5, $4), ($1, $6, 'Wedding', $7, 'Lagos')`,
      [
        m.profileId,
        p(5, "PerfTitle"),
        p(0, "PerfType"),
        p(1, "PerfLocation"),
        future,
        p(2, "PastTitle"),
        past,
      ],
    );
    await c.query(
      `INSERT INTO musician_portfolio_items (profile_id, item_type, content_url, title)
       VALUES ($1, 'video', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', $2)`,
      [m.profileId, p(3, "ItemTitle")],
    );
    const b = await c.query<{ id: string }>(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, service_type, service_type_other, event_type,
         event_type_other, location, event_date, additional_details, status, price_kobo)
       VALUES ($1, $2, $3, 'c@example.com', 'Others', $4, 'Others', $5, $6, $7, $8, 'completed', 100000) RETURNING id`,
      [
        m.profileId,
        bookingSlug,
        p(4, "ClientName"),
        p(5, "ServiceOther"),
        p(0, "EventOther"),
        p(1, "BookingLoc"),
        future,
        p(2, "Details"),
      ],
    );
    await c.query(
      `INSERT INTO client_disputes (booking_id, client_name, phone_number, dispute_reason) VALUES ($1, $2, $3, $4)`,
      [b.rows[0]!.id, p(3, "DisputeName"), p(4, "DisputePhone"), p(5, "DisputeReason")],
    );
    await c.query(
      `INSERT INTO booking_requests (musician_id, client_name, email, phone_number, event_type, event_type_other, location,
         event_date, event_duration, additional_details)
       VALUES ($1, $2, 'r@example.com', $3, 'other', $4, $5, $6, '3', $7)`,
      [
        m.profileId,
        p(0, "RequesterName"),
        p(1, "ReqPhone"),
        p(2, "ReqOther"),
        p(3, "ReqLocation"),
        future,
        p(4, "ReqDetails"),
      ],
    );
    await c.query(`INSERT INTO musician_availability (profile_id, date, is_all_day) VALUES ($1, $2, true)`, [
      m.profileId,
      future,
    ]);
    await c.query(
      `INSERT INTO market_waitlist (first_name, phone_number, email) VALUES ($1, '08031234567', $2)`,
      [p(0, "WaitlistName"), `wl-${bookingSlug}@example.com`],
    );
    // The owner is also an admin, so /admin (which lists people, bookings and the waitlist) is covered.
    await c.query(
      `UPDATE "user" SET role = 'admin', name = $2 WHERE id = (SELECT user_id FROM musician_profiles WHERE id = $1)`,
      [m.profileId, p(1, "UserName")],
    );
  });

  // Public pages, and what each must show as literal text.
  const pages: [string, string[]][] = [
    [`/musicians/${m.slug}`, ["StageName<script>", 'Bio"><img', "Role'><svg", "SocialLabel"]],
    [`/musicians/${m.slug}?tab=experience`, ["PerfTitle</textarea>"]],
    [`/musicians/${m.slug}?tab=portfolio`, []],
    [`/booking/${bookingSlug}`, ["ClientName{{constructor"]],
    [`/market?q=${encodeURIComponent("StageName")}`, []],
    ["/", []],
    [`/musicians/${m.slug}/request`, []],
    [`/musician_bookings/${m.slug}`, ["ClientName{{constructor"]],
    [`/musician_bookingrequests/${m.slug}`, ["RequesterName<script>"]],
    [`/musician_successfulbookings/${m.slug}`, ["DisputeReason</textarea>"]],
    [`/musician_events/${m.slug}`, []],
    [`/musician_events_upcoming/${m.slug}`, ["PerfTitle</textarea>"]],
    [`/musician_events_past/${m.slug}`, ["PastTitle'><svg"]],
    [`/musician_availability/${m.slug}`, []],
    ["/musician_dashboard", []],
    ["/profile", []],
    ["/admin", []],
    ["/admin?tab=users", []],
    ["/admin?tab=bookings", []],
  ];
  for (const [path, literals] of pages) {
    const res = await page.goto(path);
    expect(res?.status(), `${path} status`).toBeLessThan(400);
    const nonce = expectCsp(res, path);
    await page.waitForSelector("html[data-hydrated]");
    // Every inline script the server wrote carries this response's nonce.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].map((s) => (s as HTMLScriptElement).nonce),
    );
    for (const n of scripts) expect(n, `${path}: inline script without the nonce`).toBe(nonce);
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly, not raw DOM text
    const text = await page.locator("body").innerText();
    for (const literal of literals) expect(text, `${path} shows ${literal} as text`).toContain(literal);
    await expectInert(page, path);
    // Tabbed pages render each tab's fields only when it is open.
    const tabs = page.getByRole("tab");
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await expectInert(page, `${path} tab ${i + 1}`);
    }
  }
  expect(dialogs).toEqual([]);
});

test("the waitlist form takes a script payload as a name and answers as text", async ({ page }) => {
  // The waitlist is offered when a search finds nobody.
  await page.goto("/market?q=no-such-musician-xq");
  await page.getByLabel(/first name/i).fill(`${payloads[1]}`);
  await page.getByLabel(/phone/i).fill("08031234567");
  await page.getByLabel(/e-?mail/i).fill(`xss-${Date.now()}@example.com`);
  await page.getByRole("button", { name: /join|waitlist|notify/i }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully joined the waitlist!" }),
  ).toBeVisible();
  await expectInert(page, "/market after joining");
});

test("a page with an inline script injected by a payload is blocked by the CSP itself", async ({ page }) => {
  // Belt and braces: even if markup slipped through, a script without the nonce must not run.
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/terms");
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__xss = 1";
    document.body.appendChild(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(undefined);
  expect(violations.length).toBeGreaterThan(0);
});

test.describe("cross-site requests and the session cookie", () => {
  test("every action refuses a POST that says it came from another site", async ({ request }) => {
    const { buildRoutes } = await import("./security-support");
    const actions = buildRoutes().filter((r) => r.hasAction);
    expect(actions.length).toBeGreaterThanOrEqual(10);
    const bad: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site", origin: BASE_URL },
      { origin: "http://localhost.evil.example" },
    ];
    for (const r of actions) {
      const path = r.pattern.replace(":slug", "abcd1234");
      for (const headers of bad) {
        const res = await request.post(path, {
          form: { intent: "delete", email: "a@b.co" },
          headers: { ...headers, "x-forwarded-for": freshIp() },
          maxRedirects: 0,
        });
        expect(res.status(), `${path} with ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.text()).toContain("Requests from other sites are not accepted.");
      }
    }
    // Better Auth's own endpoints are covered by the same guard.
    const auth = await request.post("/api/auth/sign-in/email", {
      data: { email: "a@b.co", password: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(auth.status()).toBe(403);
  });

  test("the session cookie is HttpOnly and SameSite, and readable by no script", async ({ page }) => {
    const m = await registerOverHttp(page.request);
    expect(m.slug).toBeTruthy();
    const cookies = await page.context().cookies();
    const session = cookies.filter((c) => /session/i.test(c.name));
    expect(session.length).toBeGreaterThan(0);
    for (const c of session) {
      expect(c.httpOnly, c.name).toBe(true);
      expect(["Lax", "Strict"]).toContain(c.sameSite);
    }
    await page.goto("/musician_dashboard");
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/session/i);
  });
});

test("scripts keep nosniff but not the document-only headers; documents keep the CSP", async ({
  request,
}) => {
  const page = await request.get("/terms");
  expect(page.headers()["content-security-policy"]).toContain("script-src");
  const html = await page.text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  expect(asset.headers()["content-security-policy"]).toBeUndefined();
  expect(asset.headers()["x-frame-options"]).toBeUndefined();
});
