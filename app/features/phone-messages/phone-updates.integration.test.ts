// Issue 30 §3-4: consent is on by default with the number given and off with one tap (a musician's
// Account tab, an organiser's account, each booking page); a number that cannot get a text is refused
// where it is typed, with a clear sentence.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { bookingFormSchema, emptyBookingForm } from "~/features/bookings/booking.schema";
import { answer, args, get, giveSlug, post } from "~/features/bookings/booking-test-support";
import type { Shown } from "~/features/messaging/contact-boundary";
import { insertBooking } from "~/features/payments/payment-test-support";
import { accountSchema } from "~/features/profiles/profile.schema";
import { PHONE_ERROR } from "~/lib/phone";
import { loader as bookingLoader } from "~/routes/booking";
import { loader as clientBookingsLoader } from "~/routes/client-bookings";
import { action as phoneUpdates } from "~/routes/phone-updates";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, createOrganiser, testIp } from "../../../tests/support/accounts";
import { queuePhoneMessage } from "./phone-messages.server";
import { saveConsent } from "./queries.server";

// The tests' names stand for text already through the contact boundary (ADR 0028), as the app passes it.
const shown = (text: string) => text as Shown;

afterAll(async () => {
  await stopJobs();
});

const mobile = () => `0807${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const e164 = (national: string) => `+234${national.slice(1)}`;
const queue = (phone: string, side: "musician" | "client" = "musician", bookingId: string | null = null) =>
  queuePhoneMessage(db, {
    event: side === "client" ? "booking_created" : "booking_confirmed",
    eventKey: `t:${randomBytes(4).toString("hex")}`,
    side,
    phone,
    bookingId,
    vars: {
      link: "https://stagebook.ng/booking/k3n9x2qa",
      client: shown("Ada"),
      event: shown("Wedding"),
      date: null,
    },
  });
/** The toast carried across the redirect (the flash cookie's value is base64 JSON). */
const flash = (setCookie: string | null) =>
  Buffer.from(decodeURIComponent(/sb_flash=([^;]*)/.exec(setCookie ?? "")?.[1] ?? ""), "base64").toString(
    "utf8",
  );

describe("where a number is typed", () => {
  it("the booking form and the Account tab refuse a number no Nigerian phone has", () => {
    const booking = (phoneNumber: string) =>
      bookingFormSchema.safeParse({
        ...emptyBookingForm,
        clientName: "Ada",
        serviceType: "Others",
        eventType: "wedding",
        phoneNumber,
      });
    const bad = booking("0801");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.find((i) => i.path[0] === "phoneNumber")?.message).toBe(PHONE_ERROR);
    expect(booking("+234 803 123 4567").error?.issues.some((i) => i.path[0] === "phoneNumber")).toBeFalsy();
    const account = (phoneNumber: string) =>
      accountSchema.safeParse({ firstName: "Tunde", lastName: "Adeyemi", phoneNumber, slug: "tunde-sax" });
    expect(account("+44 20 7946 0958").error?.issues[0]?.message).toBe(PHONE_ERROR);
    expect(account("234803 123 4567").success).toBe(true);
  });
});

describe("Booking updates by SMS or WhatsApp", () => {
  it("a musician's Account tab shows it on, and one tap turns it off (and WhatsApp can be chosen)", async () => {
    const m = await createMusician();
    await giveSlug(m);
    const phone = mobile();
    await pool().query("UPDATE musician_profiles SET phone_number = $2 WHERE id = $1", [m.profileId, phone]);
    const page = await answer(() => profileLoader(args(get(m, "/profile?tab=account"))));
    expect(page.body.phoneUpdates).toMatchObject({ enabled: true, channel: "sms" });

    const off = await answer(() =>
      phoneUpdates(
        args(
          post(m, "/phone-updates", { scope: "account", enabled: "off", returnTo: "/profile?tab=account" }),
        ),
      ),
    );
    expect(off.status).toBe(302);
    expect(off.location).toBe("/profile?tab=account");
    expect(flash(off.setCookie)).toContain("Booking updates by SMS or WhatsApp are off");
    expect(await queue(phone)).toBeNull();

    await answer(() =>
      phoneUpdates(args(post(m, "/phone-updates", { scope: "account", enabled: "on", channel: "whatsapp" }))),
    );
    const id = await queue(phone);
    const { rows } = await pool().query("SELECT channel FROM phone_messages WHERE id = $1", [id]);
    expect(rows[0]?.channel).toBe("whatsapp");
  });

  it("a new number on the Account tab keeps WhatsApp, and the toast says where updates go now (phone walk 3)", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const first = mobile();
    const account = (phoneNumber: string) =>
      answer(() =>
        profileAction(
          args(
            post(m, "/profile?tab=account", {
              intent: "account",
              firstName: "Tunde",
              lastName: "Bakare",
              phoneNumber,
              slug,
            }),
          ),
        ),
      );
    await account(first);
    await answer(() =>
      phoneUpdates(args(post(m, "/phone-updates", { scope: "account", enabled: "on", channel: "whatsapp" }))),
    );
    const second = mobile();
    const changed = await account(second);
    expect(changed.body.toast).toEqual({
      type: "success",
      message: "Account information updated successfully!",
      description: `Booking updates now go to ${second.slice(0, 4)} ${second.slice(4, 7)} ${second.slice(7)} by WhatsApp.`,
    });
    const page = await answer(() => profileLoader(args(get(m, "/profile?tab=account"))));
    expect(page.body.phoneUpdates).toMatchObject({ enabled: true, channel: "whatsapp" });
    // Saved again with the same number: no notice.
    expect((await account(second)).body.toast).not.toHaveProperty("description");
  });

  it("signed out, an account's updates cannot be changed", async () => {
    const res = await answer(() =>
      phoneUpdates(args(post(null, "/phone-updates", { scope: "account", enabled: "off" }))),
    );
    expect(flash(res.setCookie)).toContain("Please sign in to change your booking updates.");
  });

  it("an organiser turns theirs off on My Bookings", async () => {
    const phone = mobile();
    const o = await createOrganiser({ phoneNumber: phone });
    const page = await answer(() => clientBookingsLoader(args(get(o, "/bookings"))));
    expect(page.body.phoneUpdates).toMatchObject({
      enabled: true,
      phone: `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
    });
    await answer(() => phoneUpdates(args(post(o, "/phone-updates", { scope: "account", enabled: "off" }))));
    expect(await queue(phone, "client")).toBeNull();
  });

  it("after her STOP reply, My Bookings says it was turned off by that reply (phone walk 3)", async () => {
    const phone = mobile();
    const o = await createOrganiser({ phoneNumber: phone });
    await saveConsent(e164(phone), { enabled: false }, "stop");
    const page = await answer(() => clientBookingsLoader(args(get(o, "/bookings"))));
    expect(page.body.phoneUpdates).toMatchObject({ enabled: false, stoppedByReply: true });
    await answer(() => phoneUpdates(args(post(o, "/phone-updates", { scope: "account", enabled: "on" }))));
    await answer(() => phoneUpdates(args(post(o, "/phone-updates", { scope: "account", enabled: "off" }))));
    const again = await answer(() => clientBookingsLoader(args(get(o, "/bookings"))));
    expect(again.body.phoneUpdates).toEqual(expect.objectContaining({ enabled: false }));
    expect(again.body.phoneUpdates).not.toHaveProperty("stoppedByReply");
  });

  it("a booking page turns that booking's updates off for its organiser; its musician cannot", async () => {
    const m = await createMusician();
    const phone = mobile();
    const booking = await insertBooking(m.profileId, { phoneNumber: phone, status: "pending" });
    const page = await answer(() =>
      bookingLoader(args(get(null, `/booking/${booking.slug}`), { slug: booking.slug }, testIp())),
    );
    // The link holder may be the musician: only the last digits show.
    expect(page.body.phoneUpdates).toEqual({
      phone: `•••• ${phone.slice(-4)}`,
      enabled: true,
      channel: "sms",
    });

    const byMusician = await answer(() =>
      phoneUpdates(args(post(m, "/phone-updates", { scope: "booking", slug: booking.slug, enabled: "off" }))),
    );
    expect(flash(byMusician.setCookie)).toContain("Only the organiser can change their booking updates.");
    expect(await queue(phone, "client", booking.id)).not.toBeNull();

    const byLink = await answer(() =>
      phoneUpdates(
        args(post(null, "/phone-updates", { scope: "booking", slug: booking.slug, enabled: "off" })),
      ),
    );
    expect(byLink.location).toBe(`/booking/${booking.slug}`);
    expect(await queue(phone, "client", booking.id)).toBeNull();
    // Other bookings to the same number still go.
    expect(await queue(e164(phone), "client", null)).not.toBeNull();
  });
});

describe("the admin's view of what was sent", () => {
  it("lists a booking's messages with their status for an admin; anyone else gets not found", async () => {
    const { grantAdminByEmail } = await import("~/features/admin/queries.server");
    const { loader } = await import("~/routes/admin-phone-messages");
    const m = await createMusician();
    const phone = mobile();
    const booking = await insertBooking(m.profileId, { phoneNumber: phone });
    await queue(phone, "client", booking.id);
    const admin = await createMusician();
    await grantAdminByEmail(admin.email);
    const page = await answer(() =>
      loader(args(get(admin, `/admin/bookings/${booking.id}/phone-messages`), { id: booking.id })),
    );
    expect(page.body.messages).toEqual([
      expect.objectContaining({
        event: "booking_created",
        side: "client",
        channel: "sms",
        toPhone: e164(phone),
        status: "queued",
      }),
    ]);
    for (const who of [m, null]) {
      const refused = await answer(() =>
        loader(args(get(who, `/admin/bookings/${booking.id}/phone-messages`), { id: booking.id })),
      );
      expect(refused.status).toBe(404);
    }
  });
});
