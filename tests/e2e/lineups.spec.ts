// Issue 39 §2-3 on a 390 px phone: a band leader adds a drummer to a booking's line-up (the share
// sentence live as the fee is typed), the drummer accepts the invite from their dashboard, and the two
// talk in the line-up's thread, each on their own device.
import { randomBytes } from "node:crypto";
import { activateWebsite } from "./bookings-support";
import { expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician, withDb } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

function lagosDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A confirmed, unpaid ₦250,000 wedding of the leader's, as accepting a request and the client's Confirm leave it. */
async function seedBooking(leaderSlug: string): Promise<string> {
  const slug = randomBytes(4).toString("hex");
  await withDb((c) =>
    c.query(
      `INSERT INTO bookings_by_musician (musician_id, slug, client_name, email, phone_number, service_type,
         event_type, event_date, event_start_time, event_end_time, location, price_kobo, status)
       SELECT id, $2, 'Ngozi Okafor', 'ngozi@example.com', '08031234567', 'Full Event Performance', 'Wedding',
         $3, '18:00', '22:00', 'Eko Hotel, Victoria Island, Lagos', 25000000, 'confirmed'
       FROM musician_profiles WHERE slug = $1`,
      [leaderSlug, slug, lagosDay(45)],
    ),
  );
  return slug;
}

const noSideways = async (page: import("@playwright/test").Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test("a leader adds a drummer, the drummer accepts from the dashboard, and they message each other", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const leader = await registerMusician(page, { firstName: "Tunde", lastName: "Adeyemi" });
  const leaderSlug = await activateWebsite(leader.email, `Tunde Sax ${randomBytes(2).toString("hex")}`);
  const drummerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const drummerPage = await drummerContext.newPage();
  const drummer = await registerMusician(drummerPage, { firstName: "Kemi", lastName: "Bello" });
  const drummerName = `Kemi Drums ${randomBytes(2).toString("hex")}`;
  const drummerSlug = await activateWebsite(drummer.email, drummerName);
  const bookingSlug = await seedBooking(leaderSlug);

  // The leader, on their booking's page.
  await page.goto(`/booking/${bookingSlug}`);
  const section = page.getByRole("region", { name: "Line-up" });
  await expect(section.getByText("No musicians in this line-up yet.")).toBeVisible();
  await section.getByLabel("Musician", { exact: true }).fill(drummerName);
  await section.getByLabel("Role", { exact: true }).fill("Drummer");
  await section.getByLabel("Fee (₦)", { exact: true }).fill("35,000");
  // The sentence follows the fee as it is typed.
  await expect(section.getByTestId("line-up-sentence")).toContainText(
    /^Your share ₦[\d,]+ − line-up ₦35,000 = you keep ₦[\d,]+$/,
  );
  await section.getByRole("button", { name: "Send invite" }).click();
  await expectToast(page, "Invite sent");
  const member = section.getByTestId("line-up-member");
  await expect(member).toContainText(`${drummerName} · Drummer · ₦35,000`);
  await expect(member.getByTestId("line-up-status")).toHaveText("Invited: waiting for an answer");
  await noSideways(page);

  // The drummer, on their own phone: the invite waits on the dashboard.
  await drummerPage.goto("/musician_dashboard");
  const invite = drummerPage.getByTestId("line-up-invite");
  await expect(invite).toContainText(/invites you to play Drummer at Wedding for ₦35,000/);
  await expect(invite.getByTestId("line-up-payment")).toHaveText("Not paid yet");
  // The member never reads the client's name or contacts, nor the leader's price.
  await expect(drummerPage.getByText("Ngozi")).toHaveCount(0);
  await expect(drummerPage.getByText("₦250,000")).toHaveCount(0);
  await noSideways(drummerPage);
  await invite.getByRole("button", { name: "Accept" }).click();
  await expectToast(drummerPage, "You are in the line-up");
  await expect(drummerPage.getByTestId("line-up-invite")).toHaveCount(0);

  // Their Line-ups page: the gig, and the thread with the leader.
  await drummerPage.goto(`/musician_lineups/${drummerSlug}`);
  const gig = drummerPage.getByTestId("line-up-gig");
  await expect(gig).toContainText("Wedding with Tunde Sax");
  await gig
    .getByLabel("Message", { exact: true })
    .fill("See you at 5 for the sound check. My number is 0803 555 1212");
  await gig.getByRole("button", { name: "Send" }).click();
  await expect(gig.getByTestId("lineup-thread")).toContainText("My number is 0803 555 1212");
  await noSideways(drummerPage);

  // Back to the leader: the drummer is playing, and their message reads as typed (no masking between them).
  await page.reload();
  await expect(member.getByTestId("line-up-status")).toHaveText("Playing");
  await expect(member.getByTestId("lineup-thread")).toContainText("My number is 0803 555 1212");
  await member.getByLabel("Message", { exact: true }).fill("Perfect, thank you!");
  await member.getByRole("button", { name: "Send" }).click();
  await expect(member.getByTestId("lineup-thread")).toContainText("Perfect, thank you!");
  await drummerContext.close();
});
