// Issue 35 §1 (phone walk 3, CONFUSING 5 and 6): before payment the booking link is the client's key, but
// what is done with it by anyone but the client's own account is told to both sides as "by someone with
// the booking link", never "by you" or "by the organiser"; and the client can undo such a cancellation
// for a day, unless the musician has since taken another booking at that time.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { answer, args, get, giveSlug, post } from "~/features/bookings/booking-test-support";
import { mailsTo } from "~/features/notifications/notice-test-support";
import type { ClientActor } from "~/features/payments/payer.server";
import { insertBooking } from "~/features/payments/payment-test-support";
import { sendPhoneMessage } from "~/features/phone-messages/phone-messages.server";
import { phoneOutbox } from "~/features/phone-messages/phone-test-support";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { action as phoneUpdatesAction } from "~/routes/phone-updates";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { createMusician, createOrganiser, testIp } from "../../../tests/support/accounts";
import { cancelBookingAsClient } from "./client-cancel.server";
import { LINK_UNDO_MESSAGES } from "./link-actions";
import { linkCancelUndoFor, undoLinkCancellation } from "./link-actions.server";

afterAll(async () => {
  await stopJobs();
});

const HOUR = 3_600_000;
const anyone: ClientActor = { userId: null, payerToken: null };

function mobile() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { typed: `0805 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+234805${rest}` };
}

/** Sends what is queued for this number; the texts it received. */
async function textsTo(e164: string): Promise<string[]> {
  const { rows } = await pool().query<{ id: string; send_after: Date }>(
    "SELECT id, send_after FROM phone_messages WHERE to_phone = $1 AND status = 'queued' ORDER BY created_at",
    [e164],
  );
  for (const r of rows)
    await sendPhoneMessage({ id: r.id }, new Date(Math.max(Date.now(), r.send_after.getTime())));
  return phoneOutbox(e164).map((m) => m.text);
}

/** Tunde Sax's unpaid wedding for Ife Bello, with her e-mail and number as the musician typed them. */
async function unpaidWedding(over: Partial<typeof bookingsByMusician.$inferInsert> = {}) {
  const musician = await createMusician({ firstName: "Tunde", lastName: "Adeyemi" });
  await giveSlug(musician);
  const musicianPhone = mobile();
  await pool().query(
    "UPDATE musician_profiles SET stage_name = 'Tunde Sax', phone_number = $2 WHERE id = $1",
    [musician.profileId, musicianPhone.typed.replace(/ /g, "")],
  );
  const client = { email: `ife-${randomBytes(4).toString("hex")}@example.com`, phone: mobile() };
  const booking = await insertBooking(musician.profileId, {
    clientName: "Ife Bello",
    email: client.email,
    phoneNumber: client.phone.typed,
    eventDate: addDaysToDate(lagosToday(), 30),
    eventStartTime: "14:00",
    eventEndTime: "18:00",
    status: "confirmed",
    ...over,
  });
  return { musician, musicianPhone, client, booking };
}

async function statusOf(id: string) {
  const [row] = await db
    .select({ status: bookingsByMusician.status, cancelledBy: bookingsByMusician.cancelledBy })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.id, id));
  return row;
}

describe("what is done with the booking link is told as the link's, not 'you'", () => {
  it("a stranger's cancellation: both sides read 'someone with the booking link' in e-mails and texts", async () => {
    const w = await unpaidWedding();
    const done = await cancelBookingAsClient(w.booking.slug, testIp(), anyone);
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining("can be undone") });
    expect(await statusOf(w.booking.id)).toEqual({ status: "cancelled", cancelledBy: "link" });

    const toClient = mailsTo(w.client.email);
    expect(toClient.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Someone with the booking link cancelled /),
    ]);
    expect(toClient[0]!.text).toContain("Someone with the booking link cancelled this booking on");
    expect(toClient[0]!.text).toContain(
      "you can undo the cancellation from the booking page within 24 hours",
    );
    const toMusician = mailsTo(w.musician.email).filter((m) => m.subject.includes("cancelled"));
    expect(toMusician.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Someone with the booking link cancelled /),
    ]);
    expect(toMusician[0]!.text).toContain(
      `Someone with the booking link cancelled the booking ${w.booking.slug}`,
    );
    for (const m of [...toClient, ...toMusician]) {
      expect(m.subject + m.text).not.toMatch(/You cancelled|Ife Bello cancelled|by the organiser/);
    }

    const clientTexts = await textsTo(w.client.phone.e164);
    const musicianTexts = await textsTo(w.musicianPhone.e164);
    expect(clientTexts).toEqual([expect.stringMatching(/^Cancelled by someone with the booking link: /)]);
    expect(musicianTexts).toEqual([expect.stringMatching(/^Cancelled by someone with the booking link: /)]);
    for (const t of [...clientTexts, ...musicianTexts]) expect(t).not.toMatch(/by you|by the organiser/);

    // The page says it too, and offers the client the way back.
    const page = await answer(() =>
      bookingLoader(args(get(null, `/booking/${w.booking.slug}`), { slug: w.booking.slug })),
    );
    expect(page.body.booking.money.cancellation).toMatch(
      /^Someone with the booking link cancelled this booking/,
    );
    expect(page.body.undo).toMatchObject({ until: expect.any(String) });
  });

  it("the client's own signed-in account is 'you', as before; another organiser's account is the link", async () => {
    const ife = await createOrganiser();
    const own = await unpaidWedding({ clientUserId: ife.userId });
    expect(
      (await cancelBookingAsClient(own.booking.slug, testIp(), { userId: ife.userId, payerToken: null })).ok,
    ).toBe(true);
    expect(await statusOf(own.booking.id)).toEqual({ status: "cancelled", cancelledBy: "client" });
    expect(mailsTo(own.client.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^You cancelled /),
    ]);
    expect(await textsTo(own.client.phone.e164)).toEqual([expect.stringMatching(/^Cancelled by you: /)]);
    expect(await textsTo(own.musicianPhone.e164)).toEqual([
      expect.stringMatching(/^Cancelled by the organiser: /),
    ]);
    expect(
      await linkCancelUndoFor({ id: own.booking.id, status: "cancelled", paymentStatus: "unpaid" }),
    ).toBe(null);

    const other = await createOrganiser();
    const theirs = await unpaidWedding({ clientUserId: ife.userId });
    expect(
      (await cancelBookingAsClient(theirs.booking.slug, testIp(), { userId: other.userId, payerToken: null }))
        .ok,
    ).toBe(true);
    expect(await statusOf(theirs.booking.id)).toEqual({ status: "cancelled", cancelledBy: "link" });
    expect(mailsTo(theirs.client.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Someone with the booking link cancelled /),
    ]);
  });
});

describe("texts turned off with the link", () => {
  const turn = (who: { cookie: string } | null, slug: string, enabled: "on" | "off") =>
    answer(() => phoneUpdatesAction(args(post(who, "/phone-updates", { scope: "booking", slug, enabled }))));
  const pagePanel = async (slug: string) =>
    (await answer(() => bookingLoader(args(get(null, `/booking/${slug}`), { slug })))).body.phoneUpdates;

  it("a stranger's 'off' is told to both sides and on the page as the link's; the client's own is not", async () => {
    const w = await unpaidWedding();
    expect((await turn(null, w.booking.slug, "off")).status).toBe(302);
    const toClient = mailsTo(w.client.email).map((m) => m.subject);
    expect(toClient).toEqual([
      `Someone with the booking link turned off text updates for booking ${w.booking.slug}`,
    ]);
    expect(
      mailsTo(w.musician.email).some((m) => m.subject.startsWith("Someone with the booking link turned off")),
    ).toBe(true);
    expect(await pagePanel(w.booking.slug)).toMatchObject({ enabled: false, offByLink: true });
    // On again: the panel no longer blames the link.
    await turn(null, w.booking.slug, "on");
    expect(await pagePanel(w.booking.slug)).toMatchObject({ enabled: true });
    expect((await pagePanel(w.booking.slug)).offByLink).toBeUndefined();

    const ife = await createOrganiser();
    const own = await unpaidWedding({ clientUserId: ife.userId });
    expect((await turn(ife, own.booking.slug, "off")).status).toBe(302);
    expect(mailsTo(own.client.email)).toEqual([]);
    expect((await pagePanel(own.booking.slug)).offByLink).toBeUndefined();
  });
});

describe("Undo cancellation, for a day", () => {
  it("within 24 hours the booking goes back to what it was and the musician is told; only once", async () => {
    const w = await unpaidWedding({ status: "confirmed" });
    const at = new Date();
    expect((await cancelBookingAsClient(w.booking.slug, testIp(), anyone, at)).ok).toBe(true);

    // The musician holds no client key: refused.
    const byMusician = await answer(() =>
      bookingAction(
        args(post(w.musician, `/booking/${w.booking.slug}`, { intent: "undo-cancel" }), {
          slug: w.booking.slug,
        }),
      ),
    );
    expect(byMusician.status).toBe(403);
    expect(await statusOf(w.booking.id)).toEqual({ status: "cancelled", cancelledBy: "link" });

    // The client, with the link, on the page.
    const undone = await answer(() =>
      bookingAction(
        args(post(null, `/booking/${w.booking.slug}`, { intent: "undo-cancel" }), { slug: w.booking.slug }),
      ),
    );
    expect(undone.body).toMatchObject({
      intent: "undo-cancel",
      ok: true,
      toast: { message: LINK_UNDO_MESSAGES.done },
    });
    expect(await statusOf(w.booking.id)).toEqual({ status: "confirmed", cancelledBy: null });
    const told = mailsTo(w.musician.email).find((m) => m.subject.startsWith("Cancellation undone"));
    expect(told?.text).toContain(`booking ${w.booking.slug}`);
    expect(told?.text).toContain("is confirmed again");

    expect(await undoLinkCancellation(w.booking.slug, testIp(), anyone)).toEqual({
      ok: false,
      status: 409,
      message: LINK_UNDO_MESSAGES.nothing,
    });
    // A later cancellation through the link is told again (its own notice, not the first one's).
    expect((await cancelBookingAsClient(w.booking.slug, testIp(), anyone)).ok).toBe(true);
    expect(
      mailsTo(w.client.email).filter((m) => m.subject.startsWith("Someone with the booking link cancelled")),
    ).toHaveLength(2);
  });

  it("a pending booking goes back to pending, up to the last minute of the day", async () => {
    const w = await unpaidWedding({ status: "pending" });
    const at = new Date();
    await cancelBookingAsClient(w.booking.slug, testIp(), anyone, at);
    const late = new Date(at.getTime() + 24 * HOUR - 60_000);
    expect(
      await linkCancelUndoFor({ id: w.booking.id, status: "cancelled", paymentStatus: "unpaid" }, late),
    ).not.toBe(null);
    expect(await undoLinkCancellation(w.booking.slug, testIp(), anyone, late)).toMatchObject({ ok: true });
    expect(await statusOf(w.booking.id)).toEqual({ status: "pending", cancelledBy: null });
  });

  it("refused after 24 hours, with a sentence; the page no longer offers it", async () => {
    const w = await unpaidWedding();
    const at = new Date();
    await cancelBookingAsClient(w.booking.slug, testIp(), anyone, at);
    const dayLater = new Date(at.getTime() + 24 * HOUR);
    expect(
      await linkCancelUndoFor({ id: w.booking.id, status: "cancelled", paymentStatus: "unpaid" }, dayLater),
    ).toBe(null);
    expect(await undoLinkCancellation(w.booking.slug, testIp(), anyone, dayLater)).toEqual({
      ok: false,
      status: 409,
      message: LINK_UNDO_MESSAGES.tooLate,
    });
    expect(await statusOf(w.booking.id)).toEqual({ status: "cancelled", cancelledBy: "link" });
  });

  it("refused when the musician has since taken another booking at that time", async () => {
    const w = await unpaidWedding();
    await cancelBookingAsClient(w.booking.slug, testIp(), anyone);
    const [row] = await db
      .select({ eventDate: bookingsByMusician.eventDate })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.id, w.booking.id));
    await insertBooking(w.musician.profileId, {
      clientName: "Someone Else",
      eventDate: row!.eventDate,
      eventStartTime: "16:00",
      eventEndTime: "20:00",
      status: "confirmed",
    });
    expect(await undoLinkCancellation(w.booking.slug, testIp(), anyone)).toEqual({
      ok: false,
      status: 409,
      message: LINK_UNDO_MESSAGES.taken,
    });
    expect(await statusOf(w.booking.id)).toEqual({ status: "cancelled", cancelledBy: "link" });
  });
});
