// Issue 27 at 390 px: a booking for a time already over is asked about before it is made; the client's
// Confirm step shows the price, the fee and the total; and once paid, a stranger holding the booking's
// link sees no phone and gets a contract without either side's contact details.
import { execFileSync } from "node:child_process";
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const lagosDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const PAST_TIME_QUESTION = "This time is already over: is this booking for a past event?";
/** The musician's phone, as activateWebsite stores it. */
const MUSICIAN_PHONE = /0803\s?000\s?0000|08030000000/;

test("past time asked first; Confirm shows price, fee and total; a stranger with a paid link sees no contacts (390 px)", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const musician = await (await browser.newContext(PHONE)).newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Tunde Sax");

  // Create Booking for yesterday: refused with the question until the musician says yes.
  await musician.goto(`/musician_bookings/${slug}`);
  await musician.getByRole("button", { name: "Create Booking" }).first().click();
  const d = musician.getByRole("dialog");
  await d.getByLabel("Client Name *").fill("Ada Eze");
  await d.getByLabel("Service Type *").selectOption("Background Music");
  await d.getByLabel("Event Type *").selectOption("Gala");
  await d.getByLabel("Price").fill("80000");
  await d.getByLabel("Event Date").fill(lagosDay(-1));
  await d.getByRole("button", { name: "Preview Booking" }).click();
  // Asked once, in the preview, with what it means for the money (phone walk 3); Create waits for it.
  const asked = d.getByTestId("preview-past-event");
  await expect(asked).toContainText(PAST_TIME_QUESTION);
  await expect(asked).toContainText("the payment is released to you 48 hours after they pay");
  await expect(d.getByText(PAST_TIME_QUESTION)).toHaveCount(1);
  await expect(d.getByRole("button", { name: "Create Booking" })).toBeDisabled();
  // Not the past after all: the date is corrected to a coming day, and no question is asked.
  await d.getByRole("button", { name: "Back" }).click();
  await d.getByLabel("Event Date").fill(lagosDay(5));
  await d.getByRole("button", { name: "Preview Booking" }).click();
  await expect(d.getByTestId("preview-past-event")).toHaveCount(0);
  await d.getByRole("button", { name: "Create Booking" }).click();
  await expect(d.getByRole("heading", { name: "Booking Created Successfully!" })).toBeVisible();
  const link = await d.getByLabel("Booking link").inputValue();
  const bookingSlug = link.split("/").pop()!;
  await d.getByRole("button", { name: "Close" }).first().click();

  // A second one really for a past event: the musician ticks "Yes" and it is made.
  await musician.getByRole("button", { name: "Create Booking" }).first().click();
  const past = musician.getByRole("dialog");
  await past.getByLabel("Client Name *").fill("Bisi Past");
  await past.getByLabel("Service Type *").selectOption("Background Music");
  await past.getByLabel("Event Type *").selectOption("Gala");
  await past.getByLabel("Event Date").fill(lagosDay(-2));
  await past.getByRole("button", { name: "Preview Booking" }).click();
  await past.getByLabel("Yes, this booking is for a past event").check();
  await past.getByRole("button", { name: "Create Booking" }).click();
  await expect(past.getByRole("heading", { name: "Booking Created Successfully!" })).toBeVisible();

  // The client, on a phone: Confirm shows the price, the 5% fee and the total first.
  const client = await (await browser.newContext(PHONE)).newPage();
  await client.goto(link);
  await expect(
    client.getByRole("heading", { level: 1, name: "Tunde Sax has sent you a booking" }),
  ).toBeVisible();
  // Opened by keyboard, the question takes the whole bottom bar (phone walk 3: it was squeezed into its
  // left half, beside Dispute Booking, which steps aside while it is open).
  const bar = client.getByTestId("booking-actions");
  await expect(bar.getByRole("button", { name: "Dispute Booking" })).toBeVisible();
  await client.locator("summary", { hasText: "Confirm Booking" }).focus();
  await client.keyboard.press("Enter");
  const question = client.getByRole("region", { name: "Confirm this booking?" });
  await expect(question).toBeVisible();
  await expect(bar.getByRole("button", { name: "Dispute Booking" })).toBeHidden();
  const barBox = (await bar.boundingBox())!;
  const questionBox = (await question.boundingBox())!;
  // The bar's padding (12 px a side) is all that lies between them.
  expect(questionBox.width).toBeGreaterThanOrEqual(barBox.width - 2 * 12 - 2);
  expect(questionBox.x).toBeLessThanOrEqual(barBox.x + 12 + 1);
  await client.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Yes, confirm booking" })).toBeFocused();
  await expect(question).toContainText("Price ₦80,000.00 + Service fee (5%) ₦4,000.00 = Total ₦84,000.00");
  await expect(question).not.toContainText("can no longer be disputed");
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  const panel = client.getByTestId("pay-panel");
  await panel.getByLabel("Organiser's e-mail (for the receipt)").fill(`ada-${bookingSlug}@example.com`);
  await panel.getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed").first(),
  ).toBeVisible();
  // The payer may call the musician now, and the page speaks of a paid booking.
  await expect(client.getByRole("heading", { name: "Contact Tunde Sax" })).toBeVisible();
  await expect(client.getByText(MUSICIAN_PHONE).first()).toBeVisible();
  await expect(
    client.getByRole("heading", { level: 1, name: "Your booking with Tunde Sax is paid" }),
  ).toBeVisible();
  await expect(client.getByText("To reach Tunde Sax, call or text them on the number shown")).toBeVisible();
  await expect(client.getByText("reply where they sent you this link")).toHaveCount(0);
  await expect(client.getByText("Add the event to your calendar so you don't miss it.")).toBeVisible();

  // A stranger with the same link, signed out and without the payer's cookie.
  const stranger = await (await browser.newContext(PHONE)).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText("Payment received").first()).toBeVisible();
  await expect(stranger.getByRole("heading", { name: "Contact Tunde Sax" })).toHaveCount(0);
  await expect(stranger.getByText(MUSICIAN_PHONE)).toHaveCount(0);
  await expect(stranger.getByText("You have confirmed this booking.")).toHaveCount(0);
  await expect(stranger.getByText("This booking is confirmed and paid.")).toBeVisible();
  await expect(
    stranger.getByRole("heading", { level: 1, name: "This booking with Tunde Sax is paid" }),
  ).toBeVisible();
  const anonymous = await playwright.request.newContext({ baseURL });
  const contract = await anonymous.get(`/booking/${bookingSlug}/documents/contract`);
  expect(contract.status()).toBe(200);
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], {
    input: await contract.body(),
  })
    .toString("utf8")
    .replace(/\s+/g, " ");
  expect(text).toContain("Performance Contract");
  expect(text).toContain("shared only with the client who paid and the musician");
  expect(text).not.toMatch(MUSICIAN_PHONE);
  expect(text).not.toContain(m.email);
  expect(text).not.toContain(`ada-${bookingSlug}@example.com`);
  await anonymous.dispose();
});
