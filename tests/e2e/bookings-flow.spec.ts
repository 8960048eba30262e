import type { Browser, Page } from "@playwright/test";
import { activateWebsite, eventWasYesterdayFor } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
// Bookings are made for tomorrow: a time already over today asks "is this booking for a past event?"
// (issue 27), and the spec moves each event to yesterday itself when it needs it over.
const lagosTomorrow = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date(Date.now() + 86_400_000));

async function newPage(browser: Browser, opts: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    ...opts,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  return context.newPage();
}

/** Fills the Create New Booking form's required fields, previews, creates, and returns the copied link. */
async function createAndCopyLink(page: Page, expectClient: string): Promise<string> {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Preview Booking" }).click();
  await expect(dialog.getByRole("heading", { name: "Booking Preview" })).toBeVisible();
  await expect(dialog.getByText(expectClient)).toBeVisible();
  await dialog.getByRole("button", { name: "Create Booking" }).click();
  // Wait on this dialog's state, never on a toast: an earlier booking raised the same toasts.
  await expect(dialog.getByRole("heading", { name: "Booking Created Successfully!" })).toBeVisible();
  await expect(page.getByText("Booking created successfully!", { exact: true }).first()).toBeVisible();
  const link = await dialog.getByLabel("Booking link").inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/booking\/[a-z2-7]{8}$/);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await dialog.getByRole("button", { name: "Copy Link" }).click();
  await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
  await expect.poll(clipboard).toBe(link);
  await expect(page.getByText("Booking link copied to clipboard!").first()).toBeVisible();
  const message = await dialog.getByLabel("Message for your client").inputValue();
  expect(message).toContain(`Hello ${expectClient}`);
  expect(message).toContain(link);
  expect(message).toContain("Best regards,\nAyo Sax");
  await dialog.getByRole("button", { name: "Copy Message" }).click();
  await expect.poll(clipboard).toBe(message);
  await expect(page.getByText("Message copied to clipboard!").first()).toBeVisible();
  const wa = await dialog.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
  expect(wa).toContain("https://wa.me/");
  expect(decodeURIComponent(wa!.split("text=")[1]!)).toBe(message);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  return link;
}

test("organiser request → accepted booking → client confirms → completed; disputed booking on Successful Bookings; musician B locked out", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const today = lagosToday();

  // Musician A with an active website.
  const musician = await newPage(browser);
  const a = await registerMusician(musician);
  const slug = await activateWebsite(a.email, "Ayo Sax");

  // A signed-out organiser sends a request from the public profile.
  const organiser = await newPage(browser);
  await organiser.goto(`/musicians/${slug}`);
  await organiser.getByRole("link", { name: "Request Booking" }).click();
  const form = organiser.getByRole("dialog");
  await expect(form.getByRole("heading", { name: "Request Booking" })).toBeVisible();
  const send = form.getByRole("button", { name: "Send Request" });
  // Never greyed out: sending an empty form names every field that needs something.
  await expect(send).toBeEnabled();
  await send.click();
  await expect(form.getByText("Client name is required")).toBeVisible();
  await expect(
    form.getByText("Add a phone number or an e-mail address so the musician can reply").first(),
  ).toBeVisible();
  await expect(form.getByText("Choose the event date, or tick “Date not fixed yet”")).toBeVisible();
  await expect(form.getByText(/^Please check: Your Name, /)).toBeVisible();
  await expect(form.getByLabel("Your Name *")).toBeFocused();
  await form.getByLabel("Your Name *").fill("Kemi Bello");
  await expect(form.getByLabel("Other event type")).toHaveCount(0);
  await form.getByLabel("Event Type *").selectOption("other");
  await expect(form.getByLabel("Other event type")).toBeVisible();
  await form.getByLabel("Event Type *").selectOption("birthday");
  await expect(form.getByLabel("Other event type")).toHaveCount(0);
  const values = await form
    .getByLabel("Event Type *")
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(values).toEqual([
    "",
    "wedding",
    "birthday",
    "corporate",
    "cocktail",
    "concert",
    "award",
    "gala",
    "other",
  ]);
  const durations = await form
    .getByLabel("Event Duration *")
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(durations).toEqual(["", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12+"]);
  await expect(form.getByLabel("Event Date")).toHaveAttribute("min", today);
  await form.getByLabel("Event Date").fill(lagosTomorrow());
  await form.getByLabel("Location").fill("Ikeja, Lagos");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Email").blur();
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await form.getByLabel("Phone Number").fill("12345");
  await form.getByLabel("Phone Number").blur();
  await expect(form.getByText("Enter a Nigerian phone number, e.g. 0803 123 4567")).toBeVisible();
  await form.getByLabel("Phone Number").fill("+234 803 555 0101");
  await form.getByLabel("Email").fill("kemi@example.com");
  // A request can say when the music starts (phone walk 2).
  await form.getByLabel("Start Time").selectOption("19:00");
  await form.getByLabel("Event Duration *").selectOption("4");
  await form.getByLabel("Budget Estimate").fill("150000");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(organiser.getByText("Booking request sent successfully!")).toBeVisible();
  // The confirmation: what was sent, when the musician usually replies, and the private status link.
  await expect(form.getByRole("heading", { name: "Request sent to Ayo Sax" })).toBeVisible();
  await expect(form.getByText("Ayo Sax has not answered a request on Stagebook yet")).toBeVisible();
  await expect(form.getByText("0803 555 0101")).toBeVisible();
  await expect(form.getByText("7:00 PM", { exact: true })).toBeVisible();
  const statusHref = await form.getByRole("link", { name: "Follow your request" }).getAttribute("href");
  expect(statusHref).toMatch(/^\/request\/[0-9a-f]{64}$/);
  const follow = await newPage(browser);
  await follow.goto(statusHref!);
  await expect(follow.getByRole("heading", { name: "Waiting for Ayo Sax to reply" })).toBeVisible();

  // The musician accepts it into a booking and copies the link.
  await musician.goto(`/musician_bookingrequests/${slug}`);
  await expect(musician.getByRole("heading", { name: "Kemi Bello" })).toBeVisible();
  await expect(musician.getByText("4 hours")).toBeVisible();
  await expect(musician.getByText("7:00 PM", { exact: true })).toBeVisible();
  await expect(musician.getByText("₦150,000.00")).toBeVisible();
  // The organiser's phone and e-mail wait for payment (issue 22 §4): no call, WhatsApp or mailto links.
  await expect(musician.getByText("shared once the booking is paid", { exact: true })).toHaveCount(2);
  await expect(
    musician.getByRole("link", { name: /Call Kemi Bello|WhatsApp Kemi Bello|E-mail Kemi Bello/ }),
  ).toHaveCount(0);
  await expect(musician.getByText("kemi@example.com")).toHaveCount(0);
  await musician.getByRole("button", { name: "Accept request from Kemi Bello" }).click();
  const wizard = musician.getByRole("dialog");
  await expect(wizard.getByLabel("Client Name *")).toHaveValue("Kemi Bello");
  await expect(wizard.getByLabel("Event Type *")).toHaveValue("Birthday");
  await expect(wizard.getByLabel("Price")).toHaveValue("₦150,000");
  // The organiser's start, and the end their 4 hours make.
  await expect(wizard.getByLabel("Start Time")).toHaveValue("19:00");
  await expect(wizard.getByLabel("End Time")).toHaveValue("23:00");
  await wizard.getByRole("button", { name: "Preview Booking" }).click();
  await expect(wizard.getByText("Service type is required")).toBeVisible();
  await wizard.getByLabel("Service Type *").selectOption("Full Event Performance");
  await wizard.getByLabel("Start Time").selectOption("14:00");
  const endChoices = await wizard
    .getByLabel("End Time")
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  // After the start first, then the next day's times up to it: an overnight event (ADR 0024).
  expect(endChoices.slice(0, 2)).toEqual(["14:30", "15:00"]);
  expect(endChoices).not.toContain("14:00");
  expect(endChoices.at(-1)).toBe("13:30");
  await wizard.getByLabel("End Time").selectOption("02:00");
  await expect(wizard.getByText("Ends after midnight: the next day")).toBeVisible();
  await wizard.getByLabel("End Time").selectOption("18:00");
  await expect(wizard.getByText("Ends after midnight: the next day")).toHaveCount(0);
  const link = await createAndCopyLink(musician, "Kemi Bello");
  await expect(musician.getByText("No pending booking requests")).toBeVisible();
  await follow.reload();
  await expect(follow.getByRole("heading", { name: "Ayo Sax accepted your request" })).toBeVisible();
  await expect(follow.getByRole("link", { name: "Open your booking" })).toHaveAttribute(
    "href",
    new URL(link).pathname,
  );

  // A signed-out client opens the link and confirms.
  const client = await newPage(browser);
  await client.setViewportSize({ width: 375, height: 800 });
  await client.goto(link);
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(
    client.getByRole("heading", { level: 1, name: "Ayo Sax has sent you a booking" }),
  ).toBeVisible();
  await expect(client.getByText("₦150,000.00", { exact: true })).toBeVisible();
  // A client's page: no musician's tools, no Back out of the site; Confirm is in reach without scrolling.
  await expect(client.getByRole("button", { name: "Copy URL" })).toHaveCount(0);
  await expect(client.getByRole("link", { name: "Back" })).toHaveCount(0);
  await expect(client.getByText("Confirm Booking", { exact: true })).toBeInViewport();
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!")).toBeVisible();
  await expect(client.getByText("You have confirmed this booking.")).toBeVisible();
  // What happens next replaces the buttons.
  await expect(client.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(client.getByText("Confirm Booking", { exact: true })).toHaveCount(0);

  // The musician sees it confirmed and marks it completed (its date, today, has come).
  await musician.goto("/musician_bookings");
  await expect(musician).toHaveURL(`/musician_bookings/${slug}`);
  const kemi = musician.getByRole("listitem").filter({ hasText: "Kemi Bello" });
  await expect(kemi.getByText("Confirmed", { exact: true })).toBeVisible();
  // Disabled actions say why, in a hint on the page that the buttons are described by.
  await expect(kemi.getByRole("button", { name: "Edit booking for Kemi Bello" })).toBeDisabled();
  await expect(kemi.getByRole("button", { name: "Delete booking for Kemi Bello" })).toBeDisabled();
  await expect(kemi.getByText(/Only pending bookings can be edited\./)).toBeVisible();
  await expect(kemi.getByRole("button", { name: "Edit booking for Kemi Bello" })).toHaveAccessibleDescription(
    /Only pending bookings can be edited\./,
  );
  await expect(
    kemi.getByRole("button", { name: "Delete booking for Kemi Bello" }),
  ).toHaveAccessibleDescription(/cannot be deleted/);
  // Mark completed opens at the event's end (issue 22 §2): the event moves to yesterday.
  await eventWasYesterdayFor(slug, "Kemi Bello");
  await musician.reload();
  // It asks first, and says it releases no money (phone walk 3).
  await kemi.getByLabel("Mark booking for Kemi Bello completed").click();
  const markKemi = kemi.getByRole("region", { name: "Mark this booking completed?" });
  await expect(markKemi).toContainText("This records that the event for Kemi Bello took place.");
  await markKemi.getByRole("button", { name: "Mark completed" }).click();
  await expect(musician.getByText("Booking for Kemi Bello has been marked completed")).toBeVisible();
  await expect(kemi.getByText("Completed", { exact: true })).toBeVisible();

  // A second booking, made from the dashboard's Create Booking button, is disputed by the client.
  // The header's button comes first; the dashboard shell's own button is the last one.
  await musician.getByRole("button", { name: "Create Booking" }).last().click();
  const second = musician.getByRole("dialog");
  await second.getByLabel("Client Name *").fill("Tope Ade");
  await second.getByLabel("Service Type *").selectOption("Others");
  await second.getByLabel("Other service type").fill("Talking drum solo");
  await second.getByLabel("Event Type *").selectOption("Corporate");
  await second.getByLabel("Event Date").fill(lagosTomorrow());
  // After Kemi's 14:00–18:00: one musician's confirmed bookings never overlap (issue 13).
  await second.getByLabel("Start Time").selectOption("19:00");
  await second.getByLabel("End Time").selectOption("22:00");
  await second.getByRole("button", { name: "Preview Booking" }).click();
  await expect(second.getByText("Not provided")).toHaveCount(2);
  await expect(second.getByText("Not specified").first()).toBeVisible();
  await second.getByRole("button", { name: "Back" }).click();
  await expect(second.getByLabel("Client Name *")).toHaveValue("Tope Ade");
  const link2 = await createAndCopyLink(musician, "Tope Ade");

  const client2 = await newPage(browser);
  await client2.goto(link2);
  await client2.getByRole("button", { name: "Dispute Booking" }).click();
  const disputeForm = client2.getByRole("dialog");
  await disputeForm.getByLabel("Your Name").fill("T");
  await disputeForm.getByRole("button", { name: "Submit Dispute" }).click();
  await expect(disputeForm.getByText("Name is required")).toBeVisible();
  await expect(disputeForm.getByText("Valid phone number is required")).toBeVisible();
  await expect(disputeForm.getByText("Please provide details about your dispute")).toBeVisible();
  await disputeForm.getByLabel("Your Name").fill("Tope Ade");
  await disputeForm.getByLabel("Phone Number").fill("08031112222");
  await disputeForm.getByLabel("Reason for Dispute").fill("The quoted time is wrong; we need 3pm.");
  await disputeForm.getByRole("button", { name: "Submit Dispute" }).click();
  await expect(client2.getByText("Dispute submitted successfully")).toBeVisible();
  // The client stays on the booking, which now says Disputed; so does the musician's list, with the reason.
  await expect(client2.getByText("Disputed", { exact: true })).toBeVisible();
  expect(client2.url()).toBe(link2);
  await expect(client2.getByRole("button", { name: "Dispute Booking" })).toHaveCount(0);
  await musician.goto(`/musician_bookings/${slug}`);
  const disputed = musician.getByRole("listitem").filter({ hasText: "Tope Ade" });
  await expect(disputed.getByText("Disputed", { exact: true })).toBeVisible();
  await expect(disputed.getByText("The quoted time is wrong; we need 3pm.")).toBeVisible();

  // Later the client confirms and the musician completes it: the dispute shows, resolved.
  await client2.goto(link2);
  await client2.getByText("Confirm Booking", { exact: true }).click();
  await client2.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client2.getByText("Booking confirmed successfully!")).toBeVisible();
  await eventWasYesterdayFor(slug, "Tope Ade");
  await musician.goto(`/musician_bookings/${slug}`);
  const tope1 = musician.getByRole("listitem").filter({ hasText: "Tope Ade" });
  await tope1.getByLabel("Mark booking for Tope Ade completed").click();
  await tope1
    .getByRole("region", { name: "Mark this booking completed?" })
    .getByRole("button", { name: "Mark completed" })
    .click();
  await expect(musician.getByText("Booking for Tope Ade has been marked completed")).toBeVisible();
  await musician.goto(`/musician_successfulbookings/${slug}`);
  const tope = musician.getByRole("listitem").filter({ hasText: "Tope Ade" }).first();
  await expect(tope.getByText("The quoted time is wrong; we need 3pm.")).toBeVisible();
  await expect(tope.getByText("Resolved")).toBeVisible();
  await expect(
    musician
      .getByRole("listitem")
      .filter({ hasText: "Kemi Bello" })
      .first()
      .getByText("No dispute found for this booking"),
  ).toBeVisible();

  // Musician B cannot reach any of A's booking pages.
  const other = await newPage(browser);
  await registerMusician(other, { firstName: "Bisi" });
  for (const path of [
    `/musician_bookings/${slug}`,
    `/musician_bookingrequests/${slug}`,
    `/musician_successfulbookings/${slug}`,
  ]) {
    const res = await other.goto(path);
    expect(res?.status()).toBe(404);
    await expect(other.getByText("Kemi Bello")).toHaveCount(0);
  }
});

test("edit, cancel and delete from All Bookings", async ({ browser }) => {
  const musician = await newPage(browser);
  const a = await registerMusician(musician);
  const slug = await activateWebsite(a.email, "Ayo Sax");
  await musician.goto(`/musician_bookings/${slug}`);
  await expect(musician.getByText("No bookings yet")).toBeVisible();
  await expect(
    musician.getByText("Inactive").or(musician.getByText("Active", { exact: true })),
  ).toBeVisible();
  for (const name of ["Uche Obi", "Ngozi Eze"]) {
    await musician.getByRole("banner").getByRole("button", { name: "Create Booking" }).first().click();
    const d = musician.getByRole("dialog");
    await d.getByLabel("Client Name *").fill(name);
    await d.getByLabel("Service Type *").selectOption("Background Music");
    await d.getByLabel("Event Type *").selectOption("Gala");
    await d.getByLabel("Price").fill("80000");
    await createAndCopyLink(musician, name);
  }
  const uche = musician.getByRole("listitem").filter({ hasText: "Uche Obi" });
  await expect(uche.getByText("Pending", { exact: true })).toBeVisible();
  await uche.getByRole("button", { name: "Edit booking for Uche Obi" }).click();
  const edit = musician.getByRole("dialog");
  await edit.getByLabel("Client Name *").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Client name is required")).toBeVisible();
  await edit.getByLabel("Client Name *").fill("Uche Obi-Nwosu");
  await edit.getByLabel("Location").fill("Abuja");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(musician.getByText("Booking for Uche Obi-Nwosu has been updated")).toBeVisible();
  const renamed = musician.getByRole("listitem").filter({ hasText: "Uche Obi-Nwosu" });
  await expect(renamed.getByText("Abuja")).toBeVisible();

  await renamed.getByLabel("Cancel booking for Uche Obi-Nwosu").click();
  await renamed
    .getByRole("region", { name: "Cancel this booking?" })
    .getByRole("button", { name: "Cancel booking" })
    .click();
  await expect(musician.getByText("Booking for Uche Obi-Nwosu has been cancelled")).toBeVisible();
  await expect(renamed.getByText("Cancelled", { exact: true })).toBeVisible();

  const ngozi = musician.getByRole("listitem").filter({ hasText: "Ngozi Eze" });
  await ngozi.getByLabel("Delete booking for Ngozi Eze").click();
  await ngozi
    .getByRole("region", { name: "Delete this booking?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(musician.getByText("Booking for Ngozi Eze has been deleted")).toBeVisible();
  await expect(musician.getByRole("listitem").filter({ hasText: "Ngozi Eze" })).toHaveCount(0);
});

test("the request form works as a plain HTML form with JavaScript off", async ({ browser }) => {
  // Two sign-ups, a request, a decline, its undo and the undo window running out (10 s).
  test.setTimeout(120_000);
  const setup = await newPage(browser);
  const a = await registerMusician(setup);
  const slug = await activateWebsite(a.email, "Ayo Sax");
  const page = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(`/musicians/${slug}`);
  await page.getByRole("link", { name: "Request Booking" }).click();
  await expect(page).toHaveURL(`/musicians/${slug}/request`);
  await page.getByLabel("Your Name *").fill("Wale Ojo");
  await page.getByLabel("Event Type *").selectOption("wedding");
  await page.getByLabel("Event Duration *").selectOption("12+");
  // Without a way to reply or a date, the server names both fields and keeps what was typed.
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(
    page.getByText("Add a phone number or an e-mail address so the musician can reply").first(),
  ).toBeVisible();
  await expect(page.getByText("Choose the event date, or tick “Date not fixed yet”")).toBeVisible();
  await page.getByLabel("Your Name *").fill("Wale Ojo");
  await page.getByLabel("Event Type *").selectOption("wedding");
  await page.getByLabel("Event Duration *").selectOption("12+");
  await page.getByLabel("Phone Number").fill("0803 123 4567");
  await page.getByLabel("Date not fixed yet").check();
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Booking request sent successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request sent to Ayo Sax" })).toBeVisible();
  await page.getByRole("link", { name: "Follow your request" }).click();
  await expect(page.getByRole("heading", { name: "Waiting for Ayo Sax to reply" })).toBeVisible();
  await expect(page.getByText("Not fixed yet")).toBeVisible();
  const statusUrl = page.url();

  await setup.goto(`/musician_bookingrequests/${slug}`);
  await expect(setup.getByRole("heading", { name: "Wale Ojo" })).toBeVisible();
  await expect(setup.getByText("12+ hours")).toBeVisible();
  await expect(setup.getByText("Not fixed yet")).toBeVisible();
  // The phone waits for payment (issue 22 §4); the musician answers with the reply form.
  await expect(setup.getByRole("link", { name: /Call Wale Ojo/ })).toHaveCount(0);
  await expect(setup.getByLabel("Reply to Wale Ojo")).toBeVisible();

  // Decline asks for an optional reason and can be undone for a few seconds.
  await setup.getByLabel("Decline request from Wale Ojo").click();
  await setup.getByLabel("Reason (optional)").fill("I am away that month");
  await setup.getByRole("button", { name: "Decline request" }).click();
  await expect(setup.getByText("You declined the request from Wale Ojo.")).toBeVisible();
  await setup.getByRole("button", { name: "Undo decline of Wale Ojo" }).click();
  await expect(setup.getByText("Request from Wale Ojo is back in your list")).toBeVisible();
  await expect(setup.getByRole("button", { name: "Accept request from Wale Ojo" })).toBeVisible();
  // Declined for good: once the Undo is gone, the organiser's page says so, with the reason.
  await setup.getByLabel("Decline request from Wale Ojo").click();
  await setup.getByLabel("Reason (optional)").fill("I am away that month");
  await setup.getByRole("button", { name: "Decline request" }).click();
  await expect(setup.getByText("You declined the request from Wale Ojo.")).toBeVisible();
  // Once the undo window has passed, the list (read afresh) no longer offers it.
  await expect(async () => {
    await setup.reload();
    await expect(setup.getByText("No pending booking requests")).toBeVisible({ timeout: 2_000 });
    await expect(setup.getByText("You declined the request from Wale Ojo.")).toHaveCount(0, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
  await page.goto(statusUrl);
  await expect(page.getByRole("heading", { name: "Ayo Sax declined your request" })).toBeVisible();
  await expect(page.getByText("I am away that month")).toBeVisible();
});

test("an unknown booking link answers 404 'Booking not found' with Go Back", async ({ page }) => {
  const res = await page.goto("/booking/zzzzzzzz");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
  const redirected = await page.goto("/bookings/zzzzzzzz");
  expect(redirected?.status()).toBe(404);
  await expect(page).toHaveURL("/booking/zzzzzzzz");
});
