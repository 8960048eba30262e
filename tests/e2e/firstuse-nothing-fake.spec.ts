import { expect, test } from "./fixtures";

// Issue 16 "Nothing fake, ever": on a fresh install no public page shows invented people, invented
// testimonials or numbers that are not the product's own. Other specs add real musicians to the same
// server in parallel; those are real, so the scan looks only for the invented content.
const INVENTED = [
  "Ada Strings",
  "DJ Kunle",
  "The Lagos Horns",
  "Ngozi Keys",
  "Talking Drum Collective",
  "Wedding band leader",
  "Gospel singer, Abuja",
  "Highlife guitarist, Port Harcourt",
  "Success stories",
  "Coming soon: book and pay",
  "when we launch",
  "Welcome back",
  "₦15,000/hr",
  "Based on 24 reviews",
];

const PUBLIC_PAGES = [
  "/",
  "/musicians",
  "/market",
  "/market?q=nobody-matches-this",
  "/terms",
  "/privacy",
  "/blog",
  "/login",
  "/register",
  "/forgot-password",
];

test("no public page of a fresh install shows invented names or fixed numbers", async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const text = (await page.locator("body").textContent()) ?? "";
    for (const phrase of INVENTED) {
      expect(text, `${path} shows "${phrase}"`).not.toContain(phrase);
    }
  }
});

test("Featured Artists links only real musicians' websites, or invites musicians to join", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Featured Artists" });
  const cards = section.getByRole("list", { name: "Featured artists" }).getByRole("link");
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  for (const href of hrefs) expect(href).toMatch(/^\/musicians\/[a-z0-9-]+$/);
  if (hrefs.length === 0) {
    await expect(section.getByText("Be one of the first musicians on Stagebook")).toBeVisible();
    await expect(section.getByRole("link", { name: "Join as Musician" })).toHaveAttribute(
      "href",
      "/register",
    );
  }
});

test("the market with results carries no waitlist for something already open", async ({ page }) => {
  await page.goto("/market");
  await expect(page.getByRole("heading", { name: "Find Musicians Marketplace" })).toHaveCount(0);
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
});
