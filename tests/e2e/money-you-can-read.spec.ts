// Issue 23 §1–3 at 390 px, read as a person reads them: the commission before committing, a wallet
// whose lines add up, and a question before money moves (also before hydration and without JavaScript).
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { activateWebsite, releaseAsPayer } from "./bookings-support";
import { expect, test } from "./fixtures";
import { asNewVisitor, latestMailTo, registerMusician, signIn, withDb } from "./support";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const lagosDate = (days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const dayMonth = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );

async function phonePage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  return context.newPage();
}

/** A pending booking of the musician's, as the Create Booking wizard saves it. */
async function seedBooking(musicianEmail: string, over: { price: number; date: string; client?: string }) {
  const slug = randomBytes(4).toString("hex");
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, service_type, price_kobo,
         event_type, event_date, event_start_time, event_end_time, status)
       SELECT p.id, $1, $2, $3, 'Full Event Performance', $4, 'Wedding', $5, '00:00', '00:30', 'pending'
       FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $6`,
      [
        slug,
        over.client ?? "Chiamaka Okafor",
        `client-${slug}@example.com`,
        over.price,
        over.date,
        musicianEmail,
      ],
    ),
  );
  return slug;
}

async function confirmAndPay(client: Page, slug: string, total: string) {
  await client.goto(`/booking/${slug}`);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  await client.getByLabel("Organiser's e-mail (for the receipt)").fill("payer-money@example.com");
  await client.getByRole("button", { name: `Pay ${total}` }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(client).toHaveURL(new RegExp(`/booking/${slug}`));
  await expect(
    client.getByText("Payment received — held in escrow until your event is completed").first(),
  ).toBeVisible();
}

/** Available money, as a release would post it (one balanced ledger transaction). */
async function seedAvailable(musicianEmail: string, kobo: number) {
  await withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `SELECT p.id FROM musician_profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = $1`,
      [musicianEmail],
    );
    const payable = `musician_payable:${rows[0]!.id}`;
    await c.query("BEGIN");
    await c.query(
      `INSERT INTO ledger_accounts (code, kind) VALUES ($1, 'musician_payable'), ('paystack_clearing', 'clearing')
       ON CONFLICT (code) DO NOTHING`,
      [payable],
    );
    const t = await c.query<{ id: string }>(
      `INSERT INTO ledger_transactions (idempotency_key, kind, memo) VALUES ($1, 'release', 'e2e seed') RETURNING id`,
      [`e2e-seed:${payable}`],
    );
    await c.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_kobo)
       SELECT $1, id, CASE WHEN code = $2 THEN $3::bigint ELSE -$3::bigint END
       FROM ledger_accounts WHERE code IN ($2, 'paystack_clearing')`,
      [t.rows[0]!.id, payable, kobo],
    );
    await c.query("COMMIT");
  });
}

async function addBankAccount(page: Page, bank: string, number: string, password: string) {
  await page.getByLabel("Bank").selectOption({ label: bank });
  await page.getByLabel("Account number (NUBAN)").fill(number);
  await page.getByRole("button", { name: /Check account|Change bank account/ }).click();
  await page.getByLabel("Your Stagebook password").fill(password);
  await page.getByRole("button", { name: "Save bank account" }).click();
}

test("§1 the commission, before committing: the price fields, the preview, the dashboard, Join as Musician and the pay panel", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const m = await registerMusician(page, { firstName: "Tunde", lastName: "Adeyemi" });
  const musicianSlug = await activateWebsite(m.email, "Tunde Sax");
  await page.goto("/musician_dashboard");
  await expect(page.getByTestId("fee-rates")).toHaveText(
    "Stagebook keeps 10% of each booking's price as commission; you receive the rest. Clients pay a 5% service fee on top of your price.",
  );

  await page.getByRole("button", { name: "Create Booking" }).first().click();
  const wizard = page.getByRole("dialog");
  await wizard.getByLabel("Client Name *").fill("Chiamaka Okafor");
  await wizard.getByLabel("Price").fill("450,000");
  // Said as the price is typed, before leaving the field.
  await expect(wizard.getByTestId("commission-note")).toHaveText(
    "Stagebook keeps 10% (₦45,000). You receive ₦405,000. The client pays ₦472,500 with the 5% service fee.",
  );
  await wizard.getByLabel("Price").fill("200000");
  await expect(wizard.getByTestId("commission-note")).toHaveText(
    "Stagebook keeps 10% (₦20,000). You receive ₦180,000. The client pays ₦210,000 with the 5% service fee.",
  );
  await wizard.getByLabel("Price").fill("450000");
  await wizard.getByLabel("Service Type *").selectOption({ index: 1 });
  await wizard.getByLabel("Event Type *").selectOption("Wedding");
  await wizard.getByLabel("Event Date").fill(lagosDate(30));
  await wizard.getByRole("button", { name: "Preview Booking" }).click();
  await expect(wizard.getByRole("heading", { name: "Booking Preview" })).toBeVisible();
  await expect(wizard.getByTestId("commission-note")).toHaveText(
    "Stagebook keeps 10% (₦45,000). You receive ₦405,000. The client pays ₦472,500 with the 5% service fee.",
  );
  await wizard.getByRole("button", { name: "Create Booking" }).click();
  const link = await wizard.getByLabel("Booking link").inputValue();
  const slug = link.split("/booking/")[1]!;

  // Edit: the same sentence under the price, for the new price.
  await page.goto(`/musician_bookings/${musicianSlug}`);
  await page.getByRole("button", { name: "Edit booking for Chiamaka Okafor" }).click();
  const edit = page.getByRole("dialog");
  await edit.getByLabel("Price").fill("300,000");
  await expect(edit.getByTestId("commission-note")).toHaveText(
    "Stagebook keeps 10% (₦30,000). You receive ₦270,000. The client pays ₦315,000 with the 5% service fee.",
  );
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Booking for Chiamaka Okafor has been updated")).toBeVisible();

  // "Join as Musician" states the rates to someone who has not signed up.
  const visitor = await phonePage(browser);
  await asNewVisitor(visitor);
  await visitor.goto("/musicians");
  await expect(visitor.getByRole("heading", { name: "What it costs" })).toBeVisible();
  await expect(visitor.getByTestId("fee-rates")).toContainText("Stagebook keeps 10% of each booking's price");

  // The organiser sees the fee's rate and whether it comes back, where the fee is shown.
  await visitor.goto(`/booking/${slug}`);
  await visitor.getByText("Confirm Booking", { exact: true }).click();
  await visitor.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(visitor.getByText("Booking confirmed successfully!")).toBeVisible();
  const panel = visitor.getByTestId("pay-panel");
  await expect(panel.getByText("Service fee (5%)")).toBeVisible();
  await expect(panel.getByText("₦15,000.00")).toBeVisible();
  await expect(panel.getByTestId("service-fee-refund")).toHaveText(
    "The service fee is refunded with the price: in full if the musician cancels, in the same share as the price under the cancellation policy if you cancel.",
  );
  await expect(panel.getByRole("button", { name: "Pay ₦315,000.00" })).toBeVisible();
});

test("§2 a wallet that reconciles: paid, released, withdrawn, in plain words that add up", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const m = await registerMusician(page, { firstName: "Tunde", lastName: "Adeyemi" });
  const musicianSlug = await activateWebsite(m.email, "Tunde Sax");
  const today = lagosDate();
  const slug = await seedBooking(m.email, { price: 45_000_000, date: today });
  await page.goto(`/musician_wallet/${musicianSlug}`);
  // The payout account before any money is held (a first account added while Available or escrow holds
  // money is held 24 hours, ADR 0017 and 0027), and automatic payouts off: this journey withdraws by hand.
  await addBankAccount(page, "Guaranty Trust Bank", "0123456789", m.password);
  await expect(page.getByTestId("saved-bank-account")).toContainText("Guaranty Trust Bank · 0123456789");
  await page.getByRole("switch", { name: "Automatic payouts" }).click();
  await expect(page.getByTestId("auto-payout-state")).toHaveText(
    "Off: released money stays in Available until you withdraw it.",
  );
  const client = await phonePage(browser);
  await confirmAndPay(client, slug, "₦472,500.00");
  await page.reload();
  await expect(page.getByTestId("wallet-commission")).toHaveText(
    "Amounts are what you receive: Stagebook keeps 10% of each booking's price as commission.",
  );
  const history = page.getByRole("list", { name: "Wallet history" });
  const paidLine = history.getByRole("listitem").filter({ hasText: "Chiamaka Okafor paid for Wedding" });
  await expect(paidLine).toContainText(
    `Chiamaka Okafor paid for Wedding, ${dayMonth(today)} — ₦405,000 held (₦450,000 − 10% commission)`,
  );
  await expect(paidLine).toContainText("+₦405,000");
  await expect(page.getByTestId("balance-in-escrow")).toHaveText("₦405,000.00");
  // No internal references anywhere in the history.
  await expect(history).not.toContainText("sbp_");

  await releaseAsPayer(client, slug);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId("balance-available").textContent();
    })
    .toBe("₦405,000.00");
  await expect(history.getByRole("listitem").filter({ hasText: "Released to Available" })).toContainText(
    "₦405,000",
  );

  await page.getByLabel("Amount").fill("405000");
  await page.getByLabel("Amount").blur();
  // The amount field formats naira as the profile's rate field does.
  await expect(page.getByLabel("Amount")).toHaveValue("₦405,000");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Send ₦405,000 to Guaranty Trust Bank ••6789?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, send ₦405,000" }).click();
  await expect(page.getByText("Withdrawal of ₦405,000.00 is on its way to your bank")).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("balance-paid-out").textContent();
      },
      { timeout: 30_000 },
    )
    .toBe("₦405,000.00");
  const withdrawal = history
    .getByRole("listitem")
    .filter({ hasText: "Withdrawal to Guaranty Trust Bank ••6789" });
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText("−₦405,000");
  await expect(withdrawal).toContainText("Paid out");
  await expect(history).not.toContainText("po_");
  await expect(page.getByTestId("wallet-reconciliation")).toHaveText(
    "Received from clients after commission and refunds: ₦405,000 = Available ₦0 + In escrow ₦0 + Paid out ₦405,000.",
  );
});

test("§3 confirmations where money moves: the payout account takes the password, is e-mailed and held; Withdraw asks without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const m = await registerMusician(page, { firstName: "Tunde", lastName: "Adeyemi" });
  const musicianSlug = await activateWebsite(m.email, "Tunde Sax");
  await page.goto(`/musician_wallet/${musicianSlug}`);

  // The first account, added before there is money to take (with money in Available it would be
  // held like a change, ADR 0017): the password is asked; a wrong one is refused and nothing is saved.
  await page.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
  await page.getByLabel("Account number (NUBAN)").fill("0123456789");
  await page.getByRole("button", { name: "Check account" }).click();
  await page.getByLabel("Your Stagebook password").fill("not-my-password");
  await page.getByRole("button", { name: "Save bank account" }).click();
  await expect(page.getByText("That password is not right. Try again.")).toBeVisible();
  await expect(page.getByTestId("saved-bank-account")).toHaveCount(0);
  await page.getByLabel("Your Stagebook password").fill(m.password);
  await page.getByRole("button", { name: "Save bank account" }).click();
  await expect(page.getByTestId("saved-bank-account")).toContainText("Guaranty Trust Bank · 0123456789");
  await expect(page.getByTestId("payout-hold")).toHaveCount(0);
  await seedAvailable(m.email, 30_000_000);
  await page.reload();
  await expect(page.getByTestId("balance-available")).toHaveText("₦300,000.00");

  // Without JavaScript, Withdraw still asks, naming the amount and where it goes.
  const noJs = await phonePage(browser, false);
  await signIn(noJs, m);
  await expect(noJs).toHaveURL(/musician_dashboard/);
  await noJs.goto(`/musician_wallet/${musicianSlug}`);
  await noJs.getByLabel("Amount").fill("500");
  await noJs.getByRole("button", { name: "Withdraw" }).click();
  await expect(noJs.getByText("The minimum withdrawal is ₦1,000.00")).toBeVisible();
  await expect(noJs.getByLabel("Amount")).toHaveValue("500");
  await noJs.getByLabel("Amount").fill("100,000");
  await noJs.getByRole("button", { name: "Withdraw" }).click();
  await expect(noJs.getByText("Send ₦100,000 to Guaranty Trust Bank ••6789?")).toBeVisible();
  await expect(noJs.getByTestId("balance-available")).toHaveText("₦300,000.00");
  await noJs.getByRole("button", { name: "Yes, send ₦100,000" }).click();
  await expect(noJs.getByTestId("balance-available")).toHaveText("₦200,000.00");

  // Changing the account: password again, an e-mail, and no payout to it for 24 hours.
  await addBankAccount(page, "Zenith Bank", "1234567890", m.password);
  await expect(page.getByTestId("saved-bank-account")).toContainText("Zenith Bank · 1234567890");
  await expect(page.getByTestId("payout-hold")).toContainText(
    "Your payout account is new. For your safety, payouts to it start at",
  );
  // By its words: the ₦100,000 payout's notice may come after it.
  const mail = (await latestMailTo(m.email, "Subject: Your payout account was changed"))
    .replace(/=\r?\n/g, "")
    .replace(/=E2=80=A2/g, "•");
  expect(mail).toContain("Subject: Your payout account was changed");
  expect(mail).toContain("Your payout account was changed to Zenith Bank ••7890 (TUNDE ADEYEMI).");
  expect(mail).toContain("If this wasn't you");
  await page.getByLabel("Amount").fill("50000");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "payouts to it start at" })).toBeVisible();
  await expect(page.getByText("Send ₦50,000 to")).toHaveCount(0);
  await expect(page.getByTestId("balance-available")).toHaveText("₦200,000.00");
});

test("§3 Delete asks first, before the page is interactive and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const m = await registerMusician(page, { firstName: "Efe", lastName: "Okoro" });
  const musicianSlug = await activateWebsite(m.email, "Efe Keys");
  await seedBooking(m.email, { price: 10_000_000, date: lagosDate(20), client: "Ngozi Eze" });
  const noJs = await phonePage(browser, false);
  await signIn(noJs, m);
  await expect(noJs).toHaveURL(/musician_dashboard/);
  await noJs.goto(`/musician_bookings/${musicianSlug}`);
  const card = noJs.getByRole("listitem").filter({ hasText: "Ngozi Eze" });
  await card.getByLabel("Delete booking for Ngozi Eze").click();
  const question = card.getByRole("region", { name: "Delete this booking?" });
  await expect(question).toContainText(
    "The booking for Ngozi Eze will be removed and its link will stop working.",
  );
  await expect(noJs.getByRole("listitem").filter({ hasText: "Ngozi Eze" })).toHaveCount(1);
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(noJs.getByRole("listitem").filter({ hasText: "Ngozi Eze" })).toHaveCount(0);
});
