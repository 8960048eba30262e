// Issue 22 §1–2: once paid, only the payer moves the money. The musician and a stranger holding the
// link see no release/cancel/dispute controls, and replaying the payer's exact form posts gets 403.
import type { APIRequestContext, Page } from "@playwright/test";
import { activateWebsite, createBookingToday } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

const lagosDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

const PHONE = { viewport: { width: 390, height: 844 } };

/** The payer's three money-moving forms, field for field as the page sends them. */
const PAYER_POSTS: Record<string, string>[] = [
  { intent: "event-happened" },
  { intent: "client-cancel", confirm: "yes" },
  {
    intent: "dispute",
    clientName: "Ada Eze",
    phoneNumber: "08031234567",
    disputeReason: "The musician did not arrive at the venue on time.",
    idempotencyKey: "replayed-key-0001",
  },
];

async function replayRefused(request: APIRequestContext, link: string) {
  for (const form of PAYER_POSTS) {
    const res = await request.post(link, { form, maxRedirects: 0 });
    expect(res.status(), `${form.intent} replayed`).toBe(403);
  }
}

async function expectNoMoneyControls(page: Page) {
  await expect(
    page.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();
  await expect(page.getByText("The event happened", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Cancel this booking", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Dispute Booking" })).toHaveCount(0);
}

test("after the event, the payer releases through the confirmation; the musician and a stranger with the link are refused (390 px)", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const musician = await (await browser.newContext()).newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Tunde Sax");

  const link = await createBookingToday(musician, slug, {
    clientName: "Ada Eze",
    serviceType: "Background Music",
    eventType: "Gala",
    price: "80000",
  });
  const bookingSlug = link.split("/").pop()!;

  // The client, on a phone, confirms and pays on the test checkout (which sets the payer cookie).
  const client = await (await browser.newContext(PHONE)).newPage();
  await client.goto(link);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  const panel = client.getByTestId("pay-panel");
  await panel.getByLabel("Organiser's e-mail (for the receipt)").fill(`payer-${bookingSlug}@example.com`);
  await panel.getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(client).toHaveURL(link);
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();

  // The event was yesterday, so its end in Lagos has passed and release is open.
  await withDb((c) =>
    c.query("UPDATE bookings_by_musician SET event_date = $1 WHERE slug = $2", [lagosDay(-1), bookingSlug]),
  );

  // A stranger holding only the link, on a phone: sees the booking, no controls; replays are refused.
  const stranger = await (await browser.newContext(PHONE)).newPage();
  await stranger.goto(link);
  await expectNoMoneyControls(stranger);
  await replayRefused(stranger.request, link);

  // The musician, signed in: told only the client can release; replays are refused too.
  await musician.goto(link);
  await expect(musician.getByTestId("payer-only")).toBeVisible();
  await expectNoMoneyControls(musician);
  await replayRefused(musician.request, link);
  await musician.goto(`/musician_bookings/${slug}`);
  const row = musician.getByRole("listitem").filter({ hasText: "Ada Eze" });
  await expect(row.getByText("Paid — in escrow")).toBeVisible();

  // The money is untouched: the payer still sees it held, and releases through the confirmation.
  await client.reload();
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();
  const release = client.getByTestId("event-happened");
  await release.getByText("The event happened", { exact: true }).click();
  await expect(
    release.getByText(/^Release ₦[\d,]+\.\d{2} to Tunde Sax\? This cannot be undone\.$/),
  ).toBeVisible();
  await release.getByRole("button", { name: "Yes, release the payment" }).click();
  await expect(
    client.getByText("Paid — the event is complete and the payment has been released to the musician."),
  ).toBeVisible();

  await musician.reload();
  await expect(row.getByText("Paid — released")).toBeVisible();
});
