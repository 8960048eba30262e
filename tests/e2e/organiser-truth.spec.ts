// Issue 23 §4 and §5 at 390 px: the organiser and the musician read the same truth about the money —
// who paid, who cancelled, what each keeps, a dispute's next steps — on their pages and in their mail.
import type { Browser, Page } from "@playwright/test";
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { latestMailTo, registerMusician } from "./support";

const PHONE = { viewport: { width: 390, height: 844 } };
const lagosInDays = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
/** "28 Nov", as the pages write a day. */
const shortDay = (days: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
/** A mail's text with quoted-printable undone (soft breaks joined, UTF-8 bytes decoded). */
function readable(eml: string): string {
  const soft = eml.replace(/=\r?\n/g, "");
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext(PHONE)).newPage();
}

/** The musician books Chiamaka Okafor's Gala (₦80,000) `days` from now; returns the booking link. */
async function bookGala(musician: Page, slug: string, email: string, days: number): Promise<string> {
  await musician.goto(`/musician_bookings/${slug}`);
  await musician.getByRole("button", { name: "Create Booking" }).first().click();
  const d = musician.getByRole("dialog");
  await d.getByLabel("Client Name *").fill("Chiamaka Okafor");
  await d.getByLabel("Email").fill(email);
  await d.getByLabel("Service Type *").selectOption("Background Music");
  await d.getByLabel("Event Type *").selectOption("Gala");
  await d.getByLabel("Price").fill("80000");
  await d.getByLabel("Event Date").fill(lagosInDays(days));
  await d.getByRole("button", { name: "Preview Booking" }).click();
  await d.getByRole("button", { name: "Create Booking" }).click();
  return d.getByLabel("Booking link").inputValue();
}

/** The signed-in organiser confirms and pays ₦84,000 (price + 5% fee) on the test checkout. */
async function confirmAndPay(organiser: Page, link: string): Promise<void> {
  await organiser.goto(link);
  await organiser.getByText("Confirm Booking", { exact: true }).click();
  await organiser.getByRole("button", { name: "Yes, confirm booking" }).click();
  await organiser.getByTestId("pay-panel").getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await organiser.getByRole("button", { name: "Complete test payment" }).click();
  await expect(organiser).toHaveURL(link);
  // Told at the top, and the next step moves on.
  await expect(organiser.getByTestId("payment-received")).toHaveText(
    "Payment received — ₦84,000.00 held in escrow",
  );
  await expect(organiser.getByText("Pay below.")).toHaveCount(0);
}

test("§5 at 390 px: paid and cancelled are told to both sides, with names, amounts and dates", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const musician = await phone(browser);
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Tunde Sax");
  await musician.goto("/profile?tab=account");
  await musician.getByRole("radio", { name: /^Moderate/ }).check();
  await musician.getByRole("button", { name: "Save cancellation policy" }).click();
  await expect(musician.getByText("Cancellation policy set to Moderate")).toBeVisible();

  const organiser = await phone(browser);
  const o = await registerOrganiser(organiser, { firstName: "Chiamaka", lastName: "Okafor" });
  const link = await bookGala(musician, slug, o.email, 3);
  await confirmAndPay(organiser, link);
  const gala = `Gala, ${shortDay(3)}`;

  // Paid: the musician's Recent Activity and mail say who paid and what is held for them.
  await musician.goto("/musician_dashboard");
  const activity = musician.getByRole("list", { name: "Recent activity" });
  await expect(
    activity.getByText(`Chiamaka Okafor paid for ${gala} — ₦72,000.00 held in escrow for you`),
  ).toBeVisible();
  const paidMail = readable(await latestMailTo(m.email));
  expect(paidMail).toContain(
    `Chiamaka Okafor paid ₦84,000.00 for ${gala}. ₦72,000.00 (your price after Stagebook's 10% commission) is held in escrow`,
  );
  expect(paidMail).toContain(`/musician_bookings/${slug}#booking-`);

  // The organiser cancels three days out under Moderate: half back.
  await organiser.waitForSelector("html[data-hydrated]");
  await organiser.getByText("Cancel this booking", { exact: true }).click();
  await organiser.getByRole("button", { name: "Yes, cancel this booking" }).click();
  await expect(
    organiser
      .getByRole("region", { name: "Cancellation" })
      .getByText("Booking cancelled. A refund of ₦42,000.00 is on its way to you."),
  ).toBeVisible();

  await musician.reload();
  await expect(
    activity.getByText(`Chiamaka Okafor cancelled ${gala} — refunded ₦42,000.00; you keep ₦36,000.00`),
  ).toBeVisible();
  // The cancellation's mail, not the newest one: the refund may already be paid back and announced.
  const toMusician = readable(await latestMailTo(m.email, "you keep"));
  expect(toMusician).toContain(
    "Chiamaka Okafor is refunded ₦42,000.00; you keep ₦36,000.00 (after commission)",
  );
  const toOrganiser = readable(await latestMailTo(o.email, "You cancelled this booking"));
  expect(toOrganiser).toContain(
    `You cancelled this booking on ${shortDay(0)}. Refund: ₦42,000.00 of ₦84,000.00 (Moderate policy) — on its way to the card or account that paid.`,
  );
  expect(toOrganiser).toContain(link);
});

test("§4 at 390 px: My Bookings tells who cancelled and the refund, a dispute reads Disputed on both sides, the musician adds their side, forms are prefilled", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const musician = await phone(browser);
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Tunde Sax");
  await musician.goto("/profile?tab=account");
  await musician.getByRole("radio", { name: /^Moderate/ }).check();
  await musician.getByRole("button", { name: "Save cancellation policy" }).click();
  await expect(musician.getByText("Cancellation policy set to Moderate")).toBeVisible();

  const organiser = await phone(browser);
  const o = await registerOrganiser(organiser, { firstName: "Chiamaka", lastName: "Okafor" });

  // Request Booking, signed in: the organiser's details are already there; "No account needed" is not said.
  await organiser.goto(`/musicians/${slug}`);
  await organiser.waitForSelector("html[data-hydrated]");
  await organiser.getByRole("link", { name: "Request Booking" }).first().click();
  const sheet = organiser.getByRole("dialog");
  await expect(sheet.getByLabel("Your Name *")).toHaveValue("Chiamaka Okafor");
  await expect(sheet.getByLabel("Email")).toHaveValue(o.email);
  await expect(sheet.getByText("No account needed")).toHaveCount(0);
  await organiser.keyboard.press("Escape");

  // A cancelled booking: the card says who cancelled, when, and the refund of what was paid, after a reload too.
  const cancelled = await bookGala(musician, slug, o.email, 3);
  await confirmAndPay(organiser, cancelled);
  await organiser.waitForSelector("html[data-hydrated]");
  await organiser.getByText("Cancel this booking", { exact: true }).click();
  await organiser.getByRole("button", { name: "Yes, cancel this booking" }).click();
  await expect(
    organiser
      .getByRole("region", { name: "Cancellation" })
      .getByText("Booking cancelled. A refund of ₦42,000.00 is on its way to you."),
  ).toBeVisible();
  await organiser.goto("/bookings");
  await organiser.reload();
  // The test provider may already have paid the refund back by now: "on its way to" or "refunded to".
  const line = new RegExp(
    `You cancelled this booking on ${shortDay(0)}\\. Refund: ₦42,000\\.00 of ₦84,000\\.00 \\(Moderate policy\\) — (on its way to|refunded to) the card or account that paid\\.`,
  );
  const cancelledCard = organiser.getByRole("listitem").filter({ hasText: line });
  await expect(cancelledCard).toBeVisible();
  await expect(organiser.getByText("cancelled by the musician")).toHaveCount(0);
  await cancelledCard.getByRole("link", { name: "View booking" }).click();
  await expect(organiser).toHaveURL(cancelled);
  // The booking page, reloaded, says the same.
  await expect(organiser.getByText(line).first()).toBeVisible();

  // A disputed booking: "Disputed" on the organiser's card and the musician's, with what happens next.
  const disputed = await bookGala(musician, slug, o.email, 10);
  await confirmAndPay(organiser, disputed);
  await organiser.waitForSelector("html[data-hydrated]");
  await organiser.getByRole("button", { name: "Dispute Booking" }).first().click();
  const form = organiser.getByRole("dialog");
  // Signed in, the dispute form starts from the organiser's own account.
  await expect(form.getByLabel("Your Name")).toHaveValue("Chiamaka Okafor");
  await form.getByLabel("Phone Number").fill("0803 123 4567");
  await form.getByLabel("Reason for Dispute").fill("The band told me on the phone they will not come");
  await form.getByRole("button", { name: "Submit Dispute" }).click();
  await expect(organiser.getByText("Dispute submitted successfully")).toBeVisible();
  await organiser.goto("/bookings");
  const disputedCard = organiser.getByRole("listitem").filter({ hasText: "Disputed" });
  await expect(disputedCard.getByText("Gala")).toBeVisible();
  await expect(
    disputedCard.getByText(
      "You told us something is wrong, so the payment stays in escrow until our team decides.",
    ),
  ).toBeVisible();

  await musician.goto(`/musician_bookings/${slug}`);
  await musician.waitForSelector("html[data-hydrated]");
  const card = musician.getByRole("listitem").filter({ hasText: "What happens next" });
  await expect(card.getByText("Disputed", { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      /the payment stays in escrow\. Add your side by \d{1,2} \w{3}; Stagebook decides by \d{1,2} \w{3}/,
    ),
  ).toBeVisible();
  await card.getByText("Add your side", { exact: true }).click();
  await card.getByLabel("Your side").fill("I was on stage at 7 PM as agreed; photos from the hall attached.");
  await card.getByLabel("Photos (optional, up to 4)").setInputFiles({
    name: "stage.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await card.getByRole("button", { name: "Send your side" }).click();
  await expect(
    musician.getByText("Your side has been added. Our team will read it before deciding."),
  ).toBeVisible();
  await expect(
    card.getByText("I was on stage at 7 PM as agreed; photos from the hall attached."),
  ).toBeVisible();
  await expect(card.getByRole("img", { name: "From the event, 1 of 1" })).toBeVisible();
  // The organiser's page: their own reason, and that the musician has answered (phone walk 2).
  await organiser.goto(disputed);
  const mine = organiser.getByRole("region", { name: "What you told us" });
  await expect(mine.getByText("The band told me on the phone they will not come")).toBeVisible();
  await expect(
    mine.getByText(/added their side on \d{1,2} \w{3}\. Our team reads both and decides by \d{1,2} \w{3}/),
  ).toBeVisible();
  await expect(organiser.getByText("can add their side within")).toHaveCount(0);
  await musician.goto("/musician_dashboard");
  await expect(
    musician
      .getByRole("list", { name: "Recent activity" })
      .getByText(`Chiamaka Okafor disputed Gala, ${shortDay(10)} — ₦72,000.00 on hold`),
  ).toBeVisible();
});
