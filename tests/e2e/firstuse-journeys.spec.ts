import { randomBytes } from "node:crypto";
import { seedActiveMusicians } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { asNewVisitor, registerMusician, uniqueEmail, withDb } from "./support";

// Issue 16 journeys on a 390×844 phone.
test.use({ viewport: { width: 390, height: 844 } });

test("a new musician goes from sign-up to a live website they can share, with a setup checklist", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const lastName = `Bakare${Math.floor(Math.random() * 1e6)}`;
  await asNewVisitor(page);
  await page.goto("/register");
  await page.getByLabel("First name").fill("Tunde");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(uniqueEmail("tunde"));
  await page.getByLabel("Password", { exact: true }).fill("talking-drum-26");
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL("/musician_dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Tunde" })).toBeVisible();
  const checklist = page.getByRole("region", { name: "Get ready for your first booking" });
  await expect(checklist.getByText("0 of 7 done")).toBeVisible();
  for (const step of [
    "Add a photo",
    "Write your bio and hourly rate",
    "Add a portfolio item",
    "Add your bank account for payouts",
    "Choose your cancellation policy",
    "Share your link",
  ]) {
    await expect(checklist.getByText(step)).toBeVisible();
  }
  const slug = `tunde-${lastName.toLowerCase()}`;
  await expect(checklist.getByText(new RegExp(`/musicians/${slug}$`))).toBeVisible();
  await expect(checklist.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/\\?text=.*musicians%2F${slug}`),
  );

  // Bio and rate, written as people write naira, tick their step.
  await checklist.getByRole("link", { name: /Write your bio and hourly rate/ }).click();
  await expect(page).toHaveURL("/profile?tab=about");
  await page.getByLabel("Stage name").fill(`Tunde ${lastName}`);
  await page.getByLabel("Bio").fill("Talking drum and juju for weddings in Lagos.");
  await page.getByLabel("Hourly rate (₦)").fill("150,000");
  await page.getByLabel("Hourly rate (₦)").blur();
  await expect(page.getByLabel("Hourly rate (₦)")).toHaveValue("₦150,000");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!").first()).toBeVisible();
  await page.goto("/musician_dashboard");
  await expect(checklist.getByText("1 of 7 done")).toBeVisible();

  // The website works at once, for anyone with the link.
  await page.getByRole("link", { name: "View My Website" }).click();
  await expect(page).toHaveURL(`/musicians/${slug}`);
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const anon = await visitor.newPage();
  expect((await anon.goto(`/musicians/${slug}`))?.status()).toBe(200);
  await expect(anon.getByRole("heading", { level: 1, name: `Tunde ${lastName}` })).toBeVisible();
  await expect(anon.getByText("Starting from ₦150,000/hr")).toBeVisible();
  await expect(anon.getByText("No reviews yet").first()).toBeVisible();
  await expect(anon.getByText("4.8")).toHaveCount(0);
  await visitor.close();
});

test("an organiser filters the market by a round maximum rate in the Filters sheet and finds the musician", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const t = `zr${randomBytes(3).toString("hex")}`;
  const [affordable] = await seedActiveMusicians([
    { stageName: `Ayo ${t}`, genres: ["Jazz"], location: "Ikeja, Lagos", rateNaira: 80_000 },
    { stageName: `Dayo ${t}`, genres: ["Jazz"], location: "Ikeja, Lagos", rateNaira: 150_000 },
  ]);
  await registerOrganiser(page);
  await page.goto("/market");
  // The search box and the results are on the first screen; the filters wait behind one button.
  await expect(page.getByLabel("Search by name, genre or role")).toBeInViewport();
  await expect(page.getByRole("list", { name: "Musicians" }).getByRole("link").first()).toBeInViewport();
  await expect(page.getByLabel("Genre", { exact: true })).toBeHidden();

  await page.getByLabel("Search by name, genre or role").fill(t);
  await page.getByRole("button", { name: "Filters (0)" }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel("Maximum hourly rate (₦)").fill("100,000");
  await sheet.getByRole("button", { name: "Apply filters" }).click();

  // Shown back as naira ("₦100,000") and read by the same parser on the server.
  await expect(page).toHaveURL(/maxRate=(%E2%82%A6)?100(%2C|,)000/);
  await expect(page).toHaveURL(/#results$/);
  await expect(sheet).toBeHidden();
  const results = page.getByRole("list", { name: "Musicians" });
  await expect(results.getByRole("link")).toHaveCount(1);
  await expect(results.getByRole("link")).toContainText(`Ayo ${t}`);
  await expect(results.getByRole("link")).toContainText("Starting from ₦80,000/hr");
  // The view moved to the results.
  await expect(results.getByRole("link")).toBeInViewport();
  await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
  await page.getByRole("button", { name: "Filters (1)" }).click();
  await expect(sheet.getByLabel("Maximum hourly rate (₦)")).toHaveValue("₦100,000");
  await page.keyboard.press("Escape");
  await results.getByRole("link").click();
  await expect(page).toHaveURL(`/musicians/${affordable}`);

  // Without JavaScript the filters are a plain form behind the same "Filters (n)".
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noJs.newPage();
  await plain.goto("/market");
  await expect(plain.getByLabel("Maximum hourly rate (₦)")).toBeHidden();
  await plain.getByText("Filters (0)").click();
  await plain.getByLabel("Search by name, genre or role").fill(t);
  await plain.getByLabel("Maximum hourly rate (₦)").fill("100000");
  await plain.getByRole("button", { name: "Apply filters" }).click();
  await expect(plain.getByRole("list", { name: "Musicians" }).getByRole("link")).toHaveCount(1);
  await expect(plain.getByRole("list", { name: "Musicians" }).getByRole("link")).toContainText(`Ayo ${t}`);
  await expect(plain.getByRole("list", { name: "Musicians" }).getByRole("link")).toBeInViewport();
  await noJs.close();
});

test("a client confirms from the shared link, sees what happens next, and the booking is on the musician's calendar", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const m = await registerMusician(page, {
    firstName: "Kemi",
    lastName: `Cal${randomBytes(2).toString("hex")}`,
  });
  const bookingSlug = randomBytes(4).toString("hex");
  const eventDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + 20 * 86_400_000),
  );
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, phone_number, service_type,
         price_kobo, event_type, event_date, event_start_time, event_end_time, location, status)
       SELECT p.id, $1, 'Ngozi Bello', 'ngozi@example.com', '08099998888', 'Full Event Performance', 25000000,
         'Wedding', $2, '19:00', '23:00', 'Eko Hotel, Lagos', 'pending'
       FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $3`,
      [bookingSlug, eventDate, m.email],
    ),
  );

  // The client opens the link on their phone (signed out) and confirms.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.goto(`/booking/${bookingSlug}`);
  await expect(client.getByText("Confirm Booking", { exact: true })).toBeInViewport();
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  const next = client.getByRole("region", { name: "What happens next" });
  await expect(next).toBeVisible();
  await expect(next).toContainText("Kemi");
  await expect(client.getByText("Confirm Booking", { exact: true })).toHaveCount(0);
  await clientContext.close();

  // The musician finds it on the events calendar and in Upcoming, marked as a booking and linking to it.
  const slug = await withDb(async (c) => {
    const r = await c.query<{ slug: string }>(
      `SELECT p.slug FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $1`,
      [m.email],
    );
    return r.rows[0]!.slug;
  });
  await page.goto("/musician_dashboard");
  await expect(page.getByTestId("stat-upcoming-events")).toHaveText("1");
  await page.goto(`/musician_events_upcoming/${slug}`);
  const upcoming = page.getByRole("listitem").filter({ hasText: "Ngozi Bello" });
  await expect(upcoming).toBeVisible();
  await expect(upcoming).toContainText("Wedding");
  await expect(upcoming.getByRole("link")).toHaveAttribute("href", new RegExp(bookingSlug));
  await page.goto(`/musician_events/${slug}?month=${eventDate.slice(0, 7)}`);
  await expect(page.getByText("Ngozi Bello").first()).toBeVisible();
});

test("a musician's phone dashboard: one menu with the dashboard first, compact stats, one Create Booking, a sticky Save", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerMusician(page, { firstName: "Bayo", lastName: `Menu${randomBytes(2).toString("hex")}` });
  await page.waitForSelector("html[data-hydrated]");
  // One menu button, no second (dashboard) hamburger.
  await expect(page.getByRole("button", { name: "Toggle sidebar" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(1);
  // One primary Create Booking on the screen.
  await expect(page.getByRole("button", { name: "Create Booking" }).filter({ visible: true })).toHaveCount(1);
  // Five stats, two to a row (Booking Requests came first with issue 38's numbers), the fifth below them.
  const boxes = await Promise.all(
    [
      "stat-booking-requests",
      "stat-total-bookings",
      "stat-upcoming-events",
      "stat-unread-messages",
      "stat-average-rating",
    ].map((id) => page.getByTestId(id).boundingBox()),
  );
  const [a, b, c, d, e] = boxes.map((x) => x!);
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(4);
  expect(Math.abs(c!.y - d!.y)).toBeLessThan(4);
  expect(c!.y).toBeGreaterThan(a!.y + 20);
  expect(e!.y).toBeGreaterThan(c!.y + 20);
  // Compact: no card takes a row of its own above the last, and the five fit in a short block.
  expect(Math.abs(a!.x - c!.x)).toBeLessThan(4);
  expect(Math.abs(c!.x - e!.x)).toBeLessThan(4);
  // The four stats' two rows had 260 px; three rows keep that 130 px a row.
  expect((await page.getByTestId("dashboard-stats").boundingBox())!.height).toBeLessThan(390);

  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  const dashboardMenu = drawer.getByRole("navigation", { name: "Dashboard menu" });
  await expect(dashboardMenu.getByText("Main Menu")).toBeVisible();
  // Dashboard sections first, then the site's links.
  const order = await drawer
    .getByRole("link")
    .evaluateAll((links) => links.map((l) => l.textContent?.trim()));
  expect(order.indexOf("Availability")).toBeGreaterThanOrEqual(0);
  expect(order.indexOf("Availability")).toBeLessThan(order.indexOf("Find Musicians"));
  await dashboardMenu.getByRole("link", { name: "Availability" }).click();
  await expect(page).toHaveURL(/\/musician_availability\//);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Availability: the Save bar counts the days picked and stays on screen.
  const days = page.locator('label:has(input[name="dates"])');
  for (const i of [3, 5]) {
    await days.nth(i).click();
    await expect(days.nth(i).locator("input")).toBeChecked();
  }
  const save = page.getByRole("button", { name: "Save Changes (2 days)" });
  await expect(save).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(save).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a musician adds to the portfolio on a phone: list first, one Add to portfolio, cleared fields, the new item highlighted", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerMusician(page, { firstName: "Sola", lastName: `Port${randomBytes(2).toString("hex")}` });
  await page.goto("/profile?tab=portfolio");
  // Profile tabs scroll sideways when they do not fit, and the page itself never does.
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  expect(await tabs.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const add = page.getByText("Add to portfolio", { exact: true });
  await expect(add).toHaveCount(1);
  await page.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.locator("#video-title").fill("Live at Eko Hotel");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByText("Video added successfully!").first()).toBeVisible();
  const list = page.getByRole("region", { name: "Your portfolio" });
  await expect(list.getByRole("listitem", { name: "Just added: Live at Eko Hotel" })).toBeVisible();
  await expect(page.getByLabel("YouTube URL")).toHaveValue("");
  await expect(page.locator("#video-title")).toHaveValue("");

  // With items listed, the list comes first and the forms wait behind the one button.
  await page.reload();
  await expect(page.getByLabel("YouTube URL")).toBeHidden();
  const listTop = (await list.boundingBox())!.y;
  const addTop = (await add.boundingBox())!.y;
  expect(listTop).toBeLessThan(addTop);
  await add.click();
  await page.getByLabel("YouTube URL").fill("https://www.youtube.com/watch?v=9bZkp7q19f0");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(list.getByRole("listitem", { name: /^Just added/ })).toHaveCount(1);
  await expect(list.getByRole("listitem", { name: /^Just added/ })).toBeInViewport();
  await expect(page.getByLabel("YouTube URL")).toHaveValue("");
});
