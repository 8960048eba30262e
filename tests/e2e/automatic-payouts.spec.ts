// Issue 29 at 390 px: the musician has a payout account; the payer releases the payment; the musician's
// wallet shows the money sent to their bank, "Paid out", without any tap (the release asked for the
// payout, the job queue sent the transfer, the test provider's webhook settled it).
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { activateWebsite, releaseAsPayer } from "./bookings-support";
import { expect, test } from "./fixtures";
import { latestMailTo, registerMusician, withDb } from "./support";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

/** A pending ₦100,000 booking of the musician's for today, as the Create Booking wizard saves it. */
async function seedBooking(musicianEmail: string): Promise<string> {
  const slug = randomBytes(4).toString("hex");
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, service_type, price_kobo,
         event_type, event_date, event_start_time, event_end_time, status)
       SELECT p.id, $1, 'Funke Ade', $2, 'Full Event Performance', 10000000, 'Wedding', $3, '00:00', '00:30', 'pending'
       FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $4`,
      [slug, `client-${slug}@example.com`, lagosToday(), musicianEmail],
    ),
  );
  return slug;
}

test("the payer releases, and the musician's wallet shows it paid out to the bank without a tap", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const m = await registerMusician(page, { firstName: "Ada", lastName: "Obi" });
  const musicianSlug = await activateWebsite(m.email, "Ada Strings");

  // The payout account, saved once (the first account is not held).
  await page.goto(`/musician_wallet/${musicianSlug}`);
  await page.waitForSelector("html[data-hydrated]");
  const setting = page.getByRole("switch", { name: "Automatic payouts" });
  await expect(setting).toHaveAttribute("aria-checked", "true");
  await expect(setting).toHaveAccessibleDescription(/^Send released money to my bank automatically/);
  await page.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
  await page.getByLabel("Account number (NUBAN)").fill("0123456789");
  await page.getByRole("button", { name: "Check account" }).click();
  await page.getByLabel("Your Stagebook password").fill(m.password);
  await page.getByRole("button", { name: "Save bank account" }).click();
  await expect(page.getByTestId("saved-bank-account")).toContainText("Guaranty Trust Bank · 0123456789");
  await expect(page.getByTestId("auto-payout-state")).toHaveText(
    "On: each payment released to you goes to Guaranty Trust Bank ••6789 within a minute. Stagebook pays the bank transfer fee.",
  );

  // The organiser pays on the test checkout, then says the event happened.
  const client = await phonePage(browser);
  const slug = await seedBooking(m.email);
  await client.goto(`/booking/${slug}`);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  await client.getByLabel("Organiser's e-mail (for the receipt)").fill(`payer-${slug}@example.com`);
  await client.getByLabel("Organiser's e-mail (for the receipt)").fill(`payer-${slug}@example.com`);
  await client.getByRole("button", { name: "Pay ₦105,000.00" }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed").first(),
  ).toBeVisible();
  await releaseAsPayer(client, slug);
  await expect(
    client.getByText("Paid — the event is complete and the payment has been released to the musician."),
  ).toBeVisible();

  // The musician opens the wallet and watches: no Withdraw, no reload.
  await page.goto(`/musician_wallet/${musicianSlug}`);
  const line = page
    .getByRole("list", { name: "Wallet history" })
    .getByRole("listitem")
    .filter({ hasText: "Sent to Guaranty Trust Bank ••6789 automatically" });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("−₦90,000");
  await expect(line).toContainText("Funke Ade · Wedding");
  await expect(line.getByText("Paid out", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("balance-paid-out")).toHaveText("₦90,000.00");
  await expect(page.getByTestId("balance-available")).toHaveText("₦0.00");
  await expect(page.getByTestId("balance-in-escrow")).toHaveText("₦0.00");

  // Told by e-mail, with the booking.
  await expect
    .poll(async () => (await latestMailTo(m.email)).replace(/=\r?\n/g, ""), { timeout: 30_000 })
    .toContain("sent to Guaranty Trust Bank");
});
