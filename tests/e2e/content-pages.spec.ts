import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The Lagos calendar day as the legal pages print it, e.g. "5 March 2026". */
function lagosToday(): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date());
}

async function expectSingleH1(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/**
 * The scroll position once it has stopped moving: the same for 10 animation frames in a row (the
 * page's own state, not a fixed wait).
 */
function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = Number.NaN;
        let same = 0;
        const tick = () => {
          const y = window.scrollY;
          same = y === last ? same + 1 : 0;
          last = y;
          if (same >= 10) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

test.describe("landing page", () => {
  test("shows the hero, four benefit tiles, featured artists, call to action and musician section", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Stagebook | Book live musicians in Nigeria");
    const main = page.getByRole("main");
    await expectSingleH1(page, "Find and book live musicians in Nigeria");
    await expect(main.getByText("Free for event organisers", { exact: true })).toBeVisible();
    for (const highlight of ["Profiles you can check", "Secure escrow payment", "Real reviews"]) {
      await expect(main.getByText(highlight, { exact: true })).toBeVisible();
    }

    const tiles = main
      .getByRole("region", { name: "Why organisers book on Stagebook" })
      .getByRole("listitem");
    await expect(tiles).toHaveCount(4);
    for (const title of [
      "Free for Event Organisers",
      "Profiles You Can Check",
      "Secure Payment",
      "Honest Reviews",
    ]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }

    await expect(main.getByRole("heading", { level: 2, name: "Featured Artists" })).toBeVisible();

    const cta = main.getByRole("region", { name: "Ready to make your event unforgettable?" });
    await expect(cta.getByRole("link", { name: "Find Musicians" })).toHaveAttribute("href", "/market");
    await expect(cta.getByRole("link", { name: "Join as Musician" })).toHaveAttribute("href", "/register");

    const musician = main.getByRole("region", { name: "Are You a Musician?" });
    await expect(musician.getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/musicians");
    await expect(musician.getByRole("link", { name: "Sign up as a musician" })).toHaveAttribute(
      "href",
      "/register",
    );
  });

  test("the hero's Find Musicians button leads to the marketplace", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("region", { name: "Find and book live musicians in Nigeria" })
      .getByRole("link", {
        name: "Find Musicians",
      })
      .click();
    await expect(page).toHaveURL("/market");
  });

  test("fits a 375 px wide phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ["/", "/musicians", "/terms", "/privacy", "/blog"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("recruitment page", () => {
  test("lists the six benefits and how it works", async ({ page }) => {
    await page.goto("/musicians");
    await expect(page).toHaveTitle("Join as Musician | Stagebook");
    await expectSingleH1(page, "Join as Musician");
    const main = page.getByRole("main");
    const benefits = main.getByRole("region", { name: "Why musicians join Stagebook" }).getByRole("listitem");
    await expect(benefits).toHaveCount(6);
    for (const title of [
      "Get discovered",
      "Secure payments",
      "Streamlined booking",
      "Build your reputation",
      "Find collaborators",
      "Know your numbers",
    ]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }

    const steps = main.getByRole("region", { name: "How it works" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(main.getByRole("heading", { level: 3, name: "Share your link" })).toBeVisible();
    await expect(main.locator("blockquote")).toHaveCount(0);

    await main.getByRole("link", { name: "Create your free profile" }).click();
    await expect(page).toHaveURL("/register");
  });

  test("the carousel pages with its buttons, dots and the arrow keys", async ({ page }) => {
    await page.goto("/musicians");
    const carousel = page.getByRole("region", { name: "Where Stagebook musicians perform" });
    const slide = (n: number) => carousel.getByRole("group", { name: `${n} of 4` });
    await expect(slide(1)).toBeVisible();
    await expect(slide(1).getByText("Wedding receptions", { exact: true })).toBeVisible();
    await expect(slide(1).getByRole("img", { name: "Illustration: Wedding receptions" })).toBeVisible();
    await expect(slide(2)).toBeHidden();

    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(slide(2)).toBeVisible();
    await expect(slide(2).getByText("Praise and thanksgiving", { exact: true })).toBeVisible();
    await expect(slide(1)).toBeHidden();

    // The arrow keys page while any control has focus.
    await page.keyboard.press("ArrowRight");
    await expect(slide(3)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(slide(4)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(slide(1)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(slide(4)).toBeVisible();

    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(slide(3)).toBeVisible();

    const dot = carousel.getByRole("button", { name: "Go to slide 2: Praise and thanksgiving" });
    await dot.click();
    await expect(slide(2)).toBeVisible();
    await expect(dot).toHaveAttribute("aria-current", "true");

    // Reachable from the keyboard alone.
    await carousel.getByRole("button", { name: "Previous slide" }).focus();
    await page.keyboard.press("Enter");
    await expect(slide(1)).toBeVisible();
  });

  test("opens at the top of the page even when coming back to it", async ({ page }) => {
    await page.goto("/musicians");
    await page
      .getByRole("heading", { level: 2, name: "Start getting booked today" })
      .scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/terms");
    await page.goBack();
    await expect(page).toHaveURL("/musicians");
    // Scroll restoration puts the old position back once the page has rendered: read the position
    // only after the page is there and its scroll has settled, so a zero is not an early read.
    await expect(page.getByRole("heading", { level: 2, name: "Start getting booked today" })).toBeAttached();
    expect(await settledScrollY(page)).toBe(0);

    await page
      .getByRole("heading", { level: 2, name: "Start getting booked today" })
      .scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.reload();
    expect(await settledScrollY(page)).toBe(0);
  });
});

test.describe("legal pages", () => {
  test("the terms show the key clauses and today's date", async ({ page }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle("Terms of Service | Stagebook");
    await expectSingleH1(page, "Terms of Service");
    const main = page.getByRole("main");
    await expect(main.getByText(`Last updated: ${lagosToday()}`)).toBeVisible();
    await expect(main.getByText("organisers a service fee on each booking")).toContainText(
      "shown at checkout",
    );
    await expect(main.getByText("musicians a commission on each completed booking")).toContainText(
      "shown in your dashboard",
    );
    await expect(
      main.getByText("Payment is held in escrow by Stagebook until the service is completed"),
    ).toBeVisible();
    await expect(main.getByText("Disputes go first to Stagebook's mediation")).toBeVisible();
    await expect(main.getByText("arbitration in Lagos, Nigeria")).toBeVisible();
    await expect(main.getByText("You must be at least 18 years old")).toBeVisible();
    await expect(
      main.getByText("Musicians set their own rates, availability and cancellation policies"),
    ).toBeVisible();
    await expect(
      main.getByText("capped at the amount you paid to Stagebook in the six months"),
    ).toBeVisible();
    await expect(main.getByRole("link", { name: "help@stagebook.test" })).toHaveAttribute(
      "href",
      "mailto:help@stagebook.test",
    );

    await main.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Disputes" }).click();
    await expect(page).toHaveURL("/terms#disputes");
    await expect(main.getByRole("heading", { level: 2, name: "8. Disputes" })).toBeInViewport();
  });

  test("the privacy policy cites the NDPA, the minimum age and today's date", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Policy | Stagebook");
    await expectSingleH1(page, "Privacy Policy");
    const main = page.getByRole("main");
    await expect(main.getByText(`Last updated: ${lagosToday()}`)).toBeVisible();
    await expect(main.getByText("Nigeria Data Protection Act 2023 (NDPA)")).toBeVisible();
    await expect(main.getByText("The minimum age to use Stagebook is 18")).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Your rights" })).toBeVisible();
    await expect(main.getByText("complain to the Nigeria Data Protection Commission")).toBeVisible();
    await main.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/terms");
  });
});

test.describe("blog", () => {
  test("says Coming Soon! and links home and to the marketplace", async ({ page }) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle("Blog | Stagebook");
    await expectSingleH1(page, "Coming Soon!");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Find Musicians" }).click();
    await expect(page).toHaveURL("/market");
    await page.goBack();
    await main.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every content page renders its content from the server", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: "Are You a Musician?" })).toBeVisible();
    await page.goto("/musicians");
    await expect(page.getByRole("group", { name: "1 of 4" })).toBeVisible();
    await expect(page.getByRole("region", { name: "How it works" }).getByRole("listitem")).toHaveCount(3);
    await page.goto("/terms");
    await expect(page.getByText(`Last updated: ${lagosToday()}`)).toBeVisible();
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test("the content pages hydrate without console errors or warnings", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  for (const path of ["/", "/musicians", "/terms", "/privacy", "/blog"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});
