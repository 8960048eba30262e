// Issue 30: a request, a payment and a release reach both sides' phones; read back from the e2e
// server's phone outbox ($DATA_DIR/phone-outbox/<id>.json), as the stand-in writes them.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { activateWebsite, createBookingToday, releaseAsPayer } from "./bookings-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { asNewVisitor, E2E_DATA_DIR, registerMusician, withDb } from "./support";

type Text = { channel: string; to: string; text: string; event: string };

function textsTo(to: string): Text[] {
  const dir = path.join(E2E_DATA_DIR, "phone-outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Text)
    .filter((t) => t.to === to);
}
const eventsTo = (to: string) =>
  textsTo(to)
    .map((t) => t.event)
    .sort();
const mobile = () => String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

test("a request, a payment and a release are texted to the musician and the organiser", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const musician = await (await browser.newContext()).newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Tunde Sax");
  const musicianPhone = mobile();
  await withDb((c) =>
    c.query("UPDATE musician_profiles SET phone_number = $1 WHERE slug = $2", [`0806${musicianPhone}`, slug]),
  );
  const musicianE164 = `+234806${musicianPhone}`;

  // A request from a signed-out visitor: the musician is texted, without the visitor's number.
  const visitorPhone = mobile();
  const visitor = await (await browser.newContext()).newPage();
  await asNewVisitor(visitor);
  await visitor.goto(`/musicians/${slug}`);
  await visitor.getByRole("link", { name: "Request Booking" }).click();
  const form = visitor.getByRole("dialog");
  await form.getByLabel("Your Name *").fill("Kemi Bello");
  await form.getByLabel("Event Type *").selectOption("birthday");
  await form.getByLabel("Event Date").fill("2099-05-01");
  await form.getByLabel("Phone Number").fill(`0809 ${visitorPhone.slice(0, 3)} ${visitorPhone.slice(3)}`);
  await form.getByLabel("Event Duration *").selectOption("4");
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(form.getByRole("link", { name: "Follow your request" })).toBeVisible();
  // Read from the stored message: at night in Lagos it waits until 07:00 before reaching the outbox.
  const stored = () =>
    withDb(async (c) => {
      const { rows } = await c.query<{ channel: string; text: string }>(
        "SELECT channel, text FROM phone_messages WHERE to_phone = $1 AND event = 'request_received'",
        [musicianE164],
      );
      return rows[0] ?? null;
    });
  await expect.poll(stored, { timeout: 60_000 }).not.toBeNull();
  const request = (await stored())!;
  expect(request).toMatchObject({ channel: "sms" });
  expect(request.text).toMatch(
    /^New booking request from Kemi Bello for Birthday, 1 May 2099\. Accept or decline: /,
  );
  expect(request.text).not.toContain(visitorPhone);

  // A booking for an organiser with a phone; the organiser pays on the test checkout.
  const link = await createBookingToday(musician, slug, {
    clientName: "Ada Eze",
    serviceType: "Background Music",
    eventType: "Gala",
    price: "80000",
  });
  const bookingSlug = link.split("/").pop()!;
  // Once paid, the client's texts go to the payer's own phone, never to one the musician typed (M4): the
  // number typed on the booking gets nothing; Ada, signed in with her account's number, pays.
  const typedPhone = mobile();
  await withDb((c) =>
    c.query("UPDATE bookings_by_musician SET phone_number = $1 WHERE slug = $2", [
      `0817${typedPhone}`,
      bookingSlug,
    ]),
  );
  const client = await (await browser.newContext()).newPage();
  const ada = await registerOrganiser(client, { firstName: "Ada", lastName: "Eze" });
  const adaPhone = mobile();
  await withDb((c) =>
    c.query('UPDATE "user" SET phone_number = $1 WHERE email = $2', [`0818${adaPhone}`, ada.email]),
  );
  const adaE164 = `+234818${adaPhone}`;
  await client.goto(link);
  await client.getByText("Confirm Booking", { exact: true }).click();
  await client.getByRole("button", { name: "Yes, confirm booking" }).click();
  const panel = client.getByTestId("pay-panel");
  await panel
    .getByLabel("Organiser's e-mail (for the receipt)")
    .fill(`ada-${randomBytes(3).toString("hex")}@example.com`);
  await panel.getByRole("button", { name: "Pay ₦84,000.00" }).click();
  await client.getByRole("button", { name: "Complete test payment" }).click();
  await expect(client).toHaveURL(link);

  await expect.poll(() => eventsTo(adaE164), { timeout: 60_000 }).toContain("paid");
  const receipt = textsTo(adaE164).find((t) => t.event === "paid")!;
  expect(receipt.text).toMatch(/^Receipt: you paid NGN 84,000 for Tunde Sax, Gala, /);
  expect(receipt.text).toContain(link);
  await expect.poll(() => eventsTo(musicianE164), { timeout: 60_000 }).toContain("paid");
  expect(textsTo(musicianE164).find((t) => t.event === "paid")!.text).toMatch(
    /^Ada Eze paid for Gala, .*: NGN 72,000 is held for you, released on /,
  );

  // The organiser releases after the event: both are told.
  await releaseAsPayer(client, bookingSlug);
  await expect(
    client.getByText("Paid — the event is complete and the payment has been released to the musician."),
  ).toBeVisible();
  await expect.poll(() => eventsTo(musicianE164), { timeout: 60_000 }).toContain("released");
  expect(textsTo(musicianE164).find((t) => t.event === "released")!.text).toMatch(
    /^NGN 72,000 for Gala, .* \(Ada Eze\) is released to your wallet\. /,
  );
  await expect.poll(() => eventsTo(adaE164), { timeout: 60_000 }).toContain("released");
  expect(textsTo(`+234817${typedPhone}`).filter((t) => t.event === "paid" || t.event === "released")).toEqual(
    [],
  );
  for (const t of [...textsTo(adaE164), ...textsTo(musicianE164)]) {
    expect(t.text.length).toBeLessThanOrEqual(160);
    expect(t.text).not.toContain("₦");
  }
});
