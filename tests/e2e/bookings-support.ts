// Seeds what the profile editor's Account tab would save, straight into the e2e server's embedded
// database (its port is in postmaster.pid, its password beside it), so the bookings specs do not
// depend on the editor's UI.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { withDb } from "./support";

/** Makes the musician's website active with a fresh slug; returns the slug. */
export async function activateWebsite(email: string, stageName: string): Promise<string> {
  const slug = `e2e-${randomBytes(4).toString("hex")}`;
  await withDb(async (c) => {
    const res = await c.query(
      `UPDATE musician_profiles SET slug = $1, stage_name = $2, phone_number = '08030000000', website_active = true,
         performance_roles = ARRAY['Saxophonist'], location = 'Lagos'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $3)`,
      [slug, stageName, email],
    );
    if (res.rowCount !== 1) throw new Error(`no profile for ${email}`);
  });
  return slug;
}

const YESTERDAY_IN_LAGOS = "(now() AT TIME ZONE 'Africa/Lagos')::date - 1";

/** Moves a booking's event to yesterday in Lagos: its end has passed, so release and Mark completed open. */
export async function eventWasYesterday(bookingSlug: string): Promise<void> {
  await withDb((c) =>
    c.query(`UPDATE bookings_by_musician SET event_date = ${YESTERDAY_IN_LAGOS} WHERE slug = $1`, [
      bookingSlug,
    ]),
  );
}

/** The same, for the booking of `clientName` with the musician whose website is `musicianSlug`. */
export async function eventWasYesterdayFor(musicianSlug: string, clientName: string): Promise<void> {
  await withDb((c) =>
    c.query(
      `UPDATE bookings_by_musician b SET event_date = ${YESTERDAY_IN_LAGOS}
       FROM musician_profiles p WHERE p.id = b.musician_id AND p.slug = $1 AND b.client_name = $2`,
      [musicianSlug, clientName],
    ),
  );
}

/**
 * The payer says the event happened (issue 22 §2): after its end, through the confirmation that names the
 * amount. The event moves to yesterday first, then the payer's page is reloaded with release open.
 */
export async function releaseAsPayer(client: Page, bookingSlug: string): Promise<void> {
  await eventWasYesterday(bookingSlug);
  await client.reload();
  const release = client.getByTestId("event-happened");
  await release.getByText("The event happened", { exact: true }).click();
  await release.getByRole("button", { name: "Yes, release the payment" }).click();
}

/** The musician creates a booking for today with the header's Create Booking wizard; returns its link. */
export async function createBookingToday(
  musician: Page,
  website: string,
  b: { clientName: string; serviceType: string; eventType: string; price: string },
): Promise<string> {
  await musician.goto(`/musician_bookings/${website}`);
  await musician.getByRole("banner").getByRole("button", { name: "Create Booking" }).first().click();
  const d = musician.getByRole("dialog");
  await d.getByLabel("Client Name *").fill(b.clientName);
  await d.getByLabel("Service Type *").selectOption(b.serviceType);
  await d.getByLabel("Event Type *").selectOption(b.eventType);
  await d.getByLabel("Price").fill(b.price);
  await d
    .getByLabel("Event Date")
    .fill(new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date()));
  await d.getByRole("button", { name: "Preview Booking" }).click();
  await d.getByRole("button", { name: "Create Booking" }).click();
  return d.getByLabel("Booking link").inputValue();
}
