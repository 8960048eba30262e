import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  return context.newPage();
}

/** A calendar date `days` after today in Lagos. */
function lagosDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function feedEvents(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((v): v is VEvent => v.type === "VEVENT");
}

test("musician copies the calendar feed URL; a client confirms; the feed has the booking; the contract downloads", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const musician = await newPage(browser);
  const m = await registerMusician(musician, { firstName: "Kunle", lastName: "Ade" });
  const slug = await activateWebsite(m.email, "Kunle Keys");

  // The events page offers a private feed URL with instructions, and copies it.
  await musician.goto(`/musician_events/${slug}`);
  await expect(musician.getByRole("heading", { name: "Sync with your calendar" })).toBeVisible();
  await expect(musician.getByRole("heading", { name: "Add to Google Calendar" })).toBeVisible();
  await expect(musician.getByRole("heading", { name: "Add to Apple Calendar" })).toBeVisible();
  await musician.getByRole("button", { name: "Copy link" }).click();
  await expect(musician.getByText("Calendar link copied to clipboard!").last()).toBeVisible();
  const feedUrl = await musician.evaluate(() => navigator.clipboard.readText());
  expect(feedUrl).toMatch(/^http:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(musician.getByLabel("Calendar link")).toHaveValue(feedUrl);
  const empty = await request.get(feedUrl);
  expect(empty.status()).toBe(200);
  expect(feedEvents(await empty.text())).toHaveLength(0);

  // The musician makes a booking for an evening three weeks ahead.
  const eventDate = lagosDay(21);
  await musician.getByRole("button", { name: "Create Booking" }).first().click();
  const dialog = musician.getByRole("dialog");
  await dialog.getByLabel("Client Name *").fill("Ngozi Bello");
  await dialog.getByLabel("Service Type *").selectOption("Full Event Performance");
  await dialog.getByLabel("Event Type *").selectOption("Wedding");
  await dialog.getByLabel("Price").fill("300,000");
  await dialog.getByLabel("Location").fill("Eko Hotel, Victoria Island");
  await dialog.getByLabel("Event Date").fill(eventDate);
  await dialog.getByLabel("Start Time").selectOption("19:00");
  await dialog.getByLabel("End Time").selectOption("22:00");
  await dialog.getByRole("button", { name: "Preview Booking" }).click();
  await dialog.getByRole("button", { name: "Create Booking" }).click();
  await expect(dialog.getByRole("heading", { name: "Booking Created Successfully!" })).toBeVisible();
  const link = await dialog.getByLabel("Booking link").inputValue();
  expect(link).toMatch(/\/booking\/[a-z2-7]{8}$/);
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Pending: not in the feed yet. The client confirms from the link.
  expect(feedEvents(await (await request.get(feedUrl)).text())).toHaveLength(0);
  const client = await newPage(browser);
  await client.goto(link);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  await expect(client.getByText("Booking confirmed successfully!").first()).toBeVisible();

  // The subscribed calendar now has it, in Lagos time, with place, client and a link back.
  const feed = await request.get(feedUrl);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const [event, ...rest] = feedEvents(await feed.text());
  expect(rest).toHaveLength(0);
  expect(event!.summary).toBe("Wedding — Ngozi Bello");
  expect(event!.location).toBe("Eko Hotel, Victoria Island");
  expect(event!.start.tz).toBe("Africa/Lagos");
  expect(event!.start.toISOString()).toBe(`${eventDate}T18:00:00.000Z`); // 19:00 in Lagos
  expect(event!.description).toContain(link);

  // The client downloads the contract from the booking page.
  const [download] = await Promise.all([
    client.waitForEvent("download"),
    client.getByRole("link", { name: "Contract (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contract-[a-z2-7]{8}\.pdf$/);
  const pdf = execFileSync("pdftotext", [
    "-layout",
    "-enc",
    "UTF-8",
    (await download.path())!,
    "-",
  ]).toString();
  const text = pdf.replace(/\s+/g, " ");
  expect(text).toContain("Performance Contract");
  expect(text).toContain("Kunle Keys (Kunle Ade)");
  expect(text).toContain("Ngozi Bello");
  expect(text).toContain("₦300,000.00");
  expect(text).toContain("7:00 PM – 10:00 PM");
  expect(text).toContain("Confirmed by Ngozi Bello");

  // Regenerating the link revokes the copied one.
  await musician.goto(`/musician_events/${slug}`);
  await musician.getByRole("button", { name: "Regenerate link" }).click();
  await expect(
    musician.getByText("New calendar link made. The old link no longer works.").first(),
  ).toBeVisible();
  await expect(musician.getByLabel("Calendar link")).not.toHaveValue(feedUrl);
  expect((await request.get(feedUrl)).status()).toBe(404);
});
