import { seedActiveMusicians } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

// Other specs write profiles in parallel, and any such write empties the cache: poll for the hit.
const pollHit = (get: () => Promise<string | undefined>) =>
  expect.poll(get, { timeout: 15_000, intervals: [50, 100, 250] }).toBe("hit");

const seed = (stageName: string) =>
  seedActiveMusicians([{ stageName, genres: ["Afrobeats"], location: "Lagos", rateNaira: 90000 }]);

test("an anonymous public page is served from the cache and hydrates under a hash-based CSP", async ({
  page,
  request,
}) => {
  const [slug] = await seed("Cache Test Drummer");
  const first = await request.get(`/musicians/${slug}`);
  let second = first;
  await pollHit(async () => {
    second = await request.get(`/musicians/${slug}`);
    return second.headers()["x-cache"];
  });
  expect(second.headers()["cache-control"]).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
  const csp = second.headers()["content-security-policy"] ?? "";
  expect(csp).not.toContain("nonce-");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(await second.text()).toBe(await first.text());

  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  await pollHit(async () => (await page.goto(`/musicians/${slug}`))?.headers()["x-cache"]);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Cache Test Drummer" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a change to a musician's profile shows on the cached pages at once", async ({ request }) => {
  const [slug] = await seed("Before Rename");
  await pollHit(async () => (await request.get(`/musicians/${slug}`)).headers()["x-cache"]);
  await withDb((c) =>
    c.query("UPDATE musician_profiles SET stage_name = 'After Rename' WHERE slug = $1", [slug]),
  );
  await expect
    .poll(async () => {
      const res = await request.get(`/musicians/${slug}`);
      return (await res.text()).includes("After Rename");
    })
    .toBe(true);
});

test("a signed-in visitor gets a freshly rendered page with a nonce, never a cached one", async ({
  page,
  request,
}) => {
  const [slug] = await seed("Signed In Viewer Guitarist");
  await registerMusician(page);
  const res = await page.goto("/musicians");
  expect(res?.headers()["x-cache"]).toBeUndefined();
  expect(res?.headers()["cache-control"] ?? "").not.toContain("public");
  expect(res?.headers()["content-security-policy"]).toContain("nonce-");

  // A musician's public profile, and its data for a client-side visit, are the signed-in visitor's
  // alone: no shared cache may keep them (anonymous visitors' copies may be shared).
  const profile = await page.goto(`/musicians/${slug}`);
  await expect(page.getByRole("heading", { name: "Signed In Viewer Guitarist" })).toBeVisible();
  expect(profile?.headers()["x-cache"]).toBeUndefined();
  expect(profile?.headers()["cache-control"]).toBe("private, no-store");
  const profileData = await page.request.get(`/musicians/${slug}.data`);
  expect(profileData.status()).toBe(200);
  expect(profileData.headers()["cache-control"]).toBe("private, no-store");
  const anonymousData = await request.get(`/musicians/${slug}.data`);
  expect(anonymousData.headers()["cache-control"]).toMatch(/^public, /);
});

test("a cached page with a form gives each visitor their own form key, and no shared cache may keep it", async ({
  request,
}) => {
  const key = async () => {
    // No musician matches, so the page offers the waitlist form and its key.
    const res = await request.get("/market?q=zzqx-nobody-plays-this");
    expect(res.headers()["cache-control"]).toBe("private, no-cache");
    return /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(await res.text())?.[1];
  };
  const a = await key();
  const b = await key();
  expect(a).toBeTruthy();
  expect(b).toBeTruthy();
  expect(a).not.toBe(b);
});
