// Issue 23 §7 on a 390 px phone: a booking that happened stays on the musician's calendar and in Past,
// the private feed is on the Availability page with its whole URL readable, and an all-day booking is on
// its own date in the feed.
import { randomBytes } from "node:crypto";
import ical, { type VEvent } from "node-ical";
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

/** A calendar date `days` after today in Lagos. */
function lagosDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const base32 = () => Array.from(randomBytes(8), (b) => "abcdefghijklmnopqrstuvwxyz234567"[b % 32]).join("");

async function seedBooking(
  slug: string,
  b: { clientName: string; eventDate: string; status: string; start?: string; end?: string },
) {
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type, event_date,
         event_start_time, event_end_time, location, status)
       SELECT id, $2, $3, 'Full Event Performance', 'Wedding', $4, $5, $6, 'Eko Hotel, Lagos', $7
       FROM musician_profiles WHERE slug = $1`,
      [slug, base32(), b.clientName, b.eventDate, b.start ?? null, b.end ?? null, b.status],
    ),
  );
}

function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
}

test("a musician sees a played booking on the month grid and in Past, and subscribes from Availability", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const m = await registerMusician(page, { firstName: "Tunde", lastName: "Adeyemi" });
  const slug = await activateWebsite(m.email, "Tunde Sax");
  const played = lagosDay(-3);
  const allDay = lagosDay(20);
  await seedBooking(slug, {
    clientName: "Chiamaka Okafor",
    eventDate: played,
    status: "completed",
    start: "16:00",
    end: "19:00",
  });
  await seedBooking(slug, { clientName: "Bola Ade", eventDate: allDay, status: "confirmed" });

  // Events, the played booking's month: on its day in the grid and in the month's list, marked Completed.
  const month = played.slice(0, 7);
  await page.goto(`/musician_events/${slug}?month=${month}`);
  const day = page.getByRole("listitem", { name: `${longDate(played)}: Booking: Chiamaka Okafor` });
  await expect(day).toBeVisible();
  const monthList = page.getByRole("list", { name: "Events this month" });
  const card = monthList.getByRole("listitem").filter({ hasText: "Booking: Chiamaka Okafor" });
  await expect(card).toContainText("Completed");
  await expect(card).toContainText("4:00 PM");
  await expect(card).toContainText("Eko Hotel, Lagos");

  // The month arrows have names a screen reader reads.
  const shown = page.locator("#calendar-month");
  const monthName = (await shown.textContent())!;
  await page.getByRole("link", { name: "Next month" }).click();
  await expect(shown).not.toHaveText(monthName);
  await page.getByRole("link", { name: "Previous month" }).click();
  await expect(shown).toHaveText(monthName);
  await expect(
    page.getByRole("listitem", { name: `${longDate(played)}: Booking: Chiamaka Okafor` }),
  ).toBeVisible();

  // Past lists it too, linking to the booking.
  await page.goto(`/musician_events_past/${slug}`);
  await expect(page.getByRole("link", { name: "Booking: Chiamaka Okafor" })).toHaveAttribute(
    "href",
    /^\/booking\/[a-z2-7]{8}$/,
  );

  // Availability has the feed's card; the whole URL is on screen, wrapped, not cut in a one-line box.
  await page.goto(`/musician_availability/${slug}`);
  await expect(page.getByRole("heading", { name: "Sync with your calendar" })).toBeVisible();
  const link = page.getByLabel("Calendar link");
  const feedUrl = await link.inputValue();
  expect(feedUrl).toMatch(/^http:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await link.scrollIntoViewIfNeeded();
  const fit = await link.evaluate((el) => ({
    hidden: el.scrollWidth - el.clientWidth + (el.scrollHeight - el.clientHeight),
    right: el.getBoundingClientRect().right,
  }));
  expect(fit.hidden, "no part of the URL hidden inside the box").toBeLessThanOrEqual(1);
  expect(fit.right).toBeLessThanOrEqual(390);

  // The feed: the all-day booking on its own date, the played one in Lagos time.
  const ics = await (await request.get(feedUrl)).text();
  expect(ics).toContain(`DTSTART;VALUE=DATE:${allDay.replaceAll("-", "")}`);
  const events = Object.values(ical.sync.parseICS(ics)).filter((v): v is VEvent => v.type === "VEVENT");
  const bySummary = Object.fromEntries(events.map((e) => [String(e.summary), e]));
  expect(bySummary["Wedding — Chiamaka Okafor"]?.start.toISOString()).toBe(`${played}T15:00:00.000Z`);
  expect(bySummary["Wedding — Bola Ade"]?.datetype).toBe("date");

  // Regenerate from Availability comes back to Availability with a new link.
  await page.getByRole("button", { name: "Regenerate link" }).click();
  await expect(page.getByText("New calendar link made. The old link no longer works.").first()).toBeVisible();
  await expect(page).toHaveURL(`/musician_availability/${slug}`);
  await expect(page.getByLabel("Calendar link")).not.toHaveValue(feedUrl);
});
