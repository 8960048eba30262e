// Verified two-way reviews (issue 12): a client reviews from the booking link, the review stays
// hidden, the musician reviews the organiser, both publish, and the profile shows them.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { activateWebsite, createBookingToday } from "./bookings-support";
import { expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

const lagosDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/**
 * A booking paid through the platform and released by its payer after the event: made, confirmed, paid
 * on the test checkout and released as people do, so the ledger holds its money's story (ledger:check
 * runs after the suite). Its date moves to yesterday once paid, as the event's end must have passed.
 */
async function paidCompletedBooking(musician: Page, client: Page, website: string): Promise<string> {
  const link = await createBookingToday(musician, website, {
    clientName: "Ngozi Bello",
    serviceType: "Full Event Performance",
    eventType: "Wedding",
    price: "250000",
  });
  const slug = link.split("/").pop()!;

  await client.goto(link);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  const panel = client.getByTestId("pay-panel");
  await panel.getByLabel("Organiser's e-mail (for the receipt)").fill(`ngozi-${slug}@example.com`);
  await panel.getByRole("button", { name: /^Pay ₦/ }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(client).toHaveURL(link);
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();
  await withDb((c) =>
    c.query("UPDATE bookings_by_musician SET event_date = $1 WHERE slug = $2", [lagosDay(-1), slug]),
  );
  await client.reload();
  const release = client.getByTestId("event-happened");
  await release.getByText("The event happened", { exact: true }).click();
  await release.getByRole("button", { name: "Yes, release the payment" }).click();
  await expect(
    client.getByText("Paid — the event is complete and the payment has been released to the musician."),
  ).toBeVisible();
  return slug;
}

/** Picks n stars in the 1–5 group called `label` (the radios are visually hidden inside their labels). */
async function rate(page: Page, label: string, n: number) {
  await page
    .locator("label")
    .filter({ has: page.getByLabel(`${label}: ${n} out of 5`, { exact: true }) })
    .click();
}

/** Whether each of the five stars of the group called `label` is drawn filled. */
function filledStars(page: Page, label: string): Promise<boolean[]> {
  return page
    .getByRole("group", { name: label, exact: true })
    .locator("svg")
    .evaluateAll((svgs) =>
      svgs.map((svg) => !["none", "transparent", "rgba(0, 0, 0, 0)"].includes(getComputedStyle(svg).fill)),
    );
}

test("a client reviews from the link, it stays hidden, the musician reviews the organiser, both publish", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const m = await registerMusician(page);
  const stage = `Reviewed ${randomBytes(3).toString("hex")}`;
  const website = await activateWebsite(m.email, stage);
  // The client: no account, the link is the key.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const bookingSlug = await paidCompletedBooking(page, client, website);
  await client.goto(`/booking/${bookingSlug}`);
  await expect(client.getByRole("heading", { name: "Leave a review" })).toBeVisible();
  await client.getByRole("button", { name: "Submit review" }).click();
  await expect(client.getByText("Choose an overall rating from 1 to 5 stars")).toBeVisible();
  // The stars: a tap fills every star up to the chosen one; the arrow keys move the choice.
  await rate(client, "Overall", 3);
  expect(await filledStars(client, "Overall")).toEqual([true, true, true, false, false]);
  await client.getByLabel("Overall: 3 out of 5", { exact: true }).focus();
  await client.keyboard.press("ArrowRight");
  await expect(client.getByLabel("Overall: 4 out of 5", { exact: true })).toBeChecked();
  expect(await filledStars(client, "Overall")).toEqual([true, true, true, true, false]);
  await rate(client, "Satisfaction", 5);
  await rate(client, "Professionalism", 4);
  await rate(client, "Communication", 4);
  await rate(client, "Punctuality", 3);
  const text = "<b>Great</b> sax all evening, though they started a little late.";
  await client.getByLabel("Your review").fill(text);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a52" } })
    .jpeg()
    .toBuffer();
  // The photo input looks like the app's other upload fields: a "Choose photos" button, the raw input hidden.
  const photos = client.getByLabel("Photos from the event (optional)");
  await expect(client.getByText("Choose photos", { exact: true })).toBeVisible();
  await expect(photos).toHaveClass(/sr-only/);
  await expect(client.getByText("No photos chosen")).toBeVisible();
  await photos.setInputFiles({ name: "dance-floor.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(client.getByText("1 photo chosen: dance-floor.jpg")).toBeVisible();
  await client.getByRole("button", { name: "Submit review" }).click();
  await expect(client.getByText("Your review is saved and hidden until it is published.")).toBeVisible();
  // The value posted is the one chosen by keyboard.
  const stored = await withDb((c) =>
    c.query(
      "SELECT r.overall, r.satisfaction, r.punctuality FROM reviews r JOIN bookings_by_musician b ON b.id = r.booking_id WHERE b.slug = $1 AND r.direction = 'client_to_musician'",
      [bookingSlug],
    ),
  );
  expect(stored.rows).toEqual([{ overall: 4, satisfaction: 5, punctuality: 3 }]);

  // Hidden from the public until both have written.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/musicians/${website}?tab=reviews`);
  await expect(visitor.getByRole("heading", { name: "No reviews yet" })).toBeVisible();
  await expect(visitor.getByText("sax all evening")).toHaveCount(0);

  // The musician: from the booking in All Bookings to the review form.
  await page.goto(`/musician_bookings/${website}`);
  await page.getByRole("link", { name: "Review organiser Ngozi Bello" }).click();
  await expect(page).toHaveURL(new RegExp(`/musician_reviews/${website}`));
  await expect(page.getByText("sax all evening")).toHaveCount(0);
  await rate(page, "Overall", 5);
  await page.getByRole("radio", { name: "Yes" }).first().check();
  await page
    .getByRole("group", { name: "Treated the band well" })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page
    .getByLabel("Your review of the organiser")
    .fill("Clear brief, paid on time and fed the whole band.");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expectToast(page, "Thank you! Both reviews are now published");

  // Both published: the organiser reads what the musician wrote about them on their booking page.
  await client.reload();
  await expect(client.getByRole("heading", { name: `What ${stage} said about you` })).toBeVisible();
  await expect(client.getByText("Clear brief, paid on time and fed the whole band.")).toBeVisible();
  await expect(client.getByText("Paid on time: Yes · Treated the band well: Yes")).toBeVisible();

  // Both published: the profile shows the real average, the review as text, marked verified.
  await visitor.goto(`/musicians/${website}?tab=reviews`);
  await expect(visitor.getByTestId("rating-average")).toHaveText("4.0");
  await expect(visitor.getByTestId("rating-count")).toHaveText("Based on 1 review");
  await expect(visitor.getByText(text)).toBeVisible();
  await expect(visitor.locator("article b")).toHaveCount(0);
  await expect(visitor.getByText("Verified booking · Wedding")).toBeVisible();
  const shared = visitor.getByRole("img", { name: "From the event, shared by Ngozi" });
  await expect(shared).toBeVisible();
  expect(await shared.getAttribute("src")).toMatch(/^\/uploads\/review_photos\/.+-320\.webp$/);

  // The musician's page now lists it as received, with a public reply.
  await page.goto(`/musician_reviews/${website}`);
  await expect(page.getByText("sax all evening")).toBeVisible();
  await page.getByText("Reply publicly").click();
  await page.getByLabel("Your public reply").fill("Thank you, Ngozi! We'll be early next time.");
  await page.getByRole("button", { name: "Post reply" }).click();
  await expectToast(page, "Your reply has been posted");
  await visitor.goto(`/musicians/${website}?tab=reviews`);
  await expect(visitor.getByText("We'll be early next time.")).toBeVisible();

  await clientContext.close();
  await visitorContext.close();
});
