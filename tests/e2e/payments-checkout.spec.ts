import { activateWebsite, releaseAsPayer } from "./bookings-support";
import { expect, test } from "./fixtures";
import { latestMailTo, registerMusician, uniqueEmail } from "./support";

const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());

test("musician books → client confirms and pays on the test checkout → escrow → the event happened → completed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const musician = await (await browser.newContext()).newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Ayo Sax");

  // The musician creates a booking for today, with no client e-mail.
  await musician.goto(`/musician_bookings/${slug}`);
  await musician.getByRole("banner").getByRole("button", { name: "Create Booking" }).first().click();
  const d = musician.getByRole("dialog");
  await d.getByLabel("Client Name *").fill("Ada Eze");
  await d.getByLabel("Service Type *").selectOption("Background Music");
  await d.getByLabel("Event Type *").selectOption("Gala");
  await d.getByLabel("Price").fill("80000");
  await d.getByLabel("Event Date").fill(lagosToday());
  await d.getByRole("button", { name: "Preview Booking" }).click();
  await d.getByRole("button", { name: "Create Booking" }).click();
  await expect(d.getByRole("heading", { name: "Booking Created Successfully!" })).toBeVisible();
  const link = await d.getByLabel("Booking link").inputValue();
  expect(link).toMatch(/\/booking\/[a-z2-7]{8}$/);

  // The client confirms; the pay panel appears with the server's breakdown.
  const client = await (await browser.newContext()).newPage();
  await client.goto(link);
  await expect(client.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("You have confirmed this booking.")).toBeVisible();
  const panel = client.getByTestId("pay-panel");
  await expect(panel.getByText("₦80,000.00")).toBeVisible();
  await expect(panel.getByText("₦4,000.00")).toBeVisible();
  await expect(panel.getByText("₦84,000.00", { exact: true })).toBeVisible();

  // No e-mail on the booking: the panel asks for one for the receipt, then Pay goes to the checkout.
  const payer = uniqueEmail("organiser");
  await panel.getByLabel("Organiser's e-mail (for the receipt)").fill(payer);
  await panel.getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await expect(client.getByRole("heading", { name: "Test payment — no real money moves" })).toBeVisible();
  await client.getByRole("button", { name: "Complete test payment" }).click();

  // Back on the booking, verified: held in escrow, and paying again is impossible.
  await expect(client).toHaveURL(link);
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();
  await expect(client.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  const receipt = await latestMailTo(payer);
  expect(receipt.replace(/=\r?\n/g, "")).toContain("84,000.00");

  await musician.goto(`/musician_bookings/${slug}`);
  const row = musician.getByRole("listitem").filter({ hasText: "Ada Eze" });
  await expect(row.getByText("Paid — in escrow")).toBeVisible();

  // Once the event has ended, the payer says it happened, which releases the money and completes the booking.
  await releaseAsPayer(client, link.split("/booking/")[1]!);
  await expect(
    client.getByText("Paid — the event is complete and the payment has been released to the musician."),
  ).toBeVisible();
  await musician.reload();
  await expect(row.getByText("Paid — released")).toBeVisible();
  await expect(row.getByText("Completed", { exact: true })).toBeVisible();
  // By its words: a payout's or a later notice may be newer.
  const released = await latestMailTo(m.email, "is now available in your Stagebook wallet");
  expect(released.replace(/=\r?\n/g, "")).toContain("is now available in your Stagebook wallet");
});

const lagosInDays = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test("musician picks Moderate → shown on the profile and before paying → client pays, then cancels 3 days out and gets 50% back", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const musician = await (await browser.newContext()).newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Kemi Keys");

  // The policy is chosen in the profile editor's Account tab and shown on the public profile.
  await musician.goto("/profile?tab=account");
  await musician.getByRole("radio", { name: /^Moderate/ }).check();
  await musician.getByRole("button", { name: "Save cancellation policy" }).click();
  await expect(musician.getByText("Cancellation policy set to Moderate")).toBeVisible();
  await musician.goto(`/musicians/${slug}`);
  await expect(musician.getByTestId("cancellation-policy")).toContainText(
    "Cancellation policy: Moderate. Full refund up to 7 days before the event, 50% after.",
  );

  // A booking three days from now, confirmed by the client, who sees the policy before paying.
  await musician.goto(`/musician_bookings/${slug}`);
  await musician.getByRole("banner").getByRole("button", { name: "Create Booking" }).first().click();
  const d = musician.getByRole("dialog");
  await d.getByLabel("Client Name *").fill("Bola Ade");
  await d.getByLabel("Email").fill(uniqueEmail("client"));
  await d.getByLabel("Service Type *").selectOption("Background Music");
  await d.getByLabel("Event Type *").selectOption("Gala");
  await d.getByLabel("Price").fill("80000");
  await d.getByLabel("Event Date").fill(lagosInDays(3));
  await d.getByRole("button", { name: "Preview Booking" }).click();
  await d.getByRole("button", { name: "Create Booking" }).click();
  const link = await d.getByLabel("Booking link").inputValue();

  const client = await (await browser.newContext()).newPage();
  await client.goto(link);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  const panel = client.getByTestId("pay-panel");
  await expect(panel.getByTestId("cancellation-policy")).toContainText("Cancellation policy: Moderate.");
  // The payer gives their own e-mail at Pay (money review 2, N1).
  await panel.getByLabel("Organiser's e-mail (for the receipt)").fill("payer-moderate@example.com");
  await panel.getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed"),
  ).toBeVisible();

  // Cancelling asks first and states the refund the server computed under the policy.
  await client.waitForSelector("html[data-hydrated]");
  await client.getByText("Cancel this booking", { exact: true }).click();
  await expect(
    client.getByText("If you cancel now you will be refunded ₦42,000.00 of the ₦84,000.00 you paid."),
  ).toBeVisible();
  await client.getByRole("button", { name: "Yes, cancel this booking" }).click();
  await expect(
    client
      .getByRole("region", { name: "Cancellation" })
      .getByText("Booking cancelled. A refund of ₦42,000.00 is on its way to you."),
  ).toBeVisible();
  await expect(panel.getByText(/^Cancelled and partly refunded/)).toBeVisible();
  await expect(client.getByRole("button", { name: "Yes, cancel this booking" })).toHaveCount(0);
  // By its words: the refund's paid-back notice may be newer.
  const told = await latestMailTo(m.email, "cancelled the booking");
  expect(told.replace(/=\r?\n/g, "")).toContain("Bola Ade cancelled the booking");
});
