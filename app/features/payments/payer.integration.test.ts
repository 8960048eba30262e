// Issue 22 §1–2 (ADR 0013): once a booking is paid only its payer releases, cancels or disputes it, and
// nothing is released before the event has ended in Lagos.

import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { giveSlug } from "~/features/bookings/booking-test-support";
import { completeOwnBooking, MARK_COMPLETED_WAITS } from "~/features/bookings/bookings.server";
import { nextStep } from "~/features/bookings/components/public-booking-page";
import { accountBalanceKobo, findLedgerBreaches } from "~/features/ledger/ledger.server";
import { escrowAccount, musicianPayableAccount, PLATFORM_REVENUE } from "~/features/ledger/ledger-accounts";
import { MONEY_MESSAGES } from "~/features/money/booking-money.server";
import { formatCalendarDate } from "~/lib/lagos-date";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { payments } from "~db/schema/payments";
import { createMusician, createOrganiser, type TestMusician, testIp } from "../../../tests/support/accounts";
import {
  bookingAct as act,
  cookieOf,
  bookingPage as page,
  paidThroughBookingPage as paidBooking,
  type Who,
} from "../../../tests/support/booking-page";
import { lagosDay } from "../../../tests/support/lagos-days";
import { handleChargeSuccess } from "./checkout.server";
import { type ClientActor, readPayerToken } from "./payer.server";
import { MANAGE_ON_THIS_DEVICE, PAY_NEEDS_DATE, PAYER_MESSAGES } from "./payment-messages";
import { bookingRow, insertBooking, outboxMails, payPanelForSlug } from "./payment-test-support";
import { completeTestCheckout } from "./paystack/test-provider.server";
import { markEventHappened } from "./release.server";

const cookies = (...c: string[]) => ({ cookie: c.filter(Boolean).join("; ") });

const FORMS = {
  release: { intent: "event-happened" },
  cancel: { intent: "client-cancel", confirm: "yes" },
  dispute: {
    intent: "dispute",
    clientName: "Ada Eze",
    phoneNumber: "08031234567",
    disputeReason: "The band never came.",
  },
} as const;

async function moneyOf(b: { id: string }, m: TestMusician) {
  const [disputes] = await db
    .select({ n: count() })
    .from(clientDisputes)
    .where(eq(clientDisputes.bookingId, b.id));
  return {
    escrow: await accountBalanceKobo(escrowAccount(b.id)),
    musician: await accountBalanceKobo(musicianPayableAccount(m.profileId)),
    platform: await accountBalanceKobo(PLATFORM_REVENUE),
    row: await bookingRow(b.id),
    disputes: disputes!.n,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("only the payer moves a paid booking's money", () => {
  it("the musician's session, a stranger with the link and a second organiser replay the payer's release, cancel and dispute: 403, nothing moves, each refusal logged", async () => {
    const m = await createMusician();
    const other = await createOrganiser();
    const ended = await paidBooking(m); // the event is over: the payer could release it
    const ahead = await paidBooking(m, { eventDate: "2099-06-06" }); // not yet: the payer could cancel it
    const warn = vi.spyOn(logger, "warn");
    const intruders: [string, (b: { payerCookie: string }) => Who, string][] = [
      ["the musician's session", () => m, PAYER_MESSAGES.musician],
      [
        "the musician holding the payer's own cookie",
        (b) => cookies(m.cookie, b.payerCookie),
        PAYER_MESSAGES.musician,
      ],
      ["a stranger with only the link", () => null, PAYER_MESSAGES.notPayer],
      ["another organiser", () => other, PAYER_MESSAGES.notPayer],
    ];
    let refusals = 0;
    for (const b of [ended, ahead]) {
      const before = await moneyOf(b, m);
      for (const [who, as, message] of intruders) {
        for (const [name, form] of Object.entries(FORMS)) {
          const res = await act(b.slug, form, as(b));
          expect({ who, name, status: res.status, message: res.body.toast?.message }).toEqual({
            who,
            name,
            status: 403,
            message,
          });
          refusals += 1;
        }
      }
      expect(await moneyOf(b, m)).toEqual(before);
      expect(before.row?.paymentStatus).toBe("paid");
    }
    const logged = warn.mock.calls.filter((c) => String(c[1]).includes("not the booking's payer"));
    expect(logged).toHaveLength(refusals);

    // The same posts from the payer's browser do what they say.
    const musicianBefore = await accountBalanceKobo(musicianPayableAccount(m.profileId));
    expect((await act(ended.slug, FORMS.release, cookies(ended.payerCookie))).status).toBe(200);
    expect(await bookingRow(ended.id)).toEqual({ status: "completed", paymentStatus: "released" });
    expect((await accountBalanceKobo(musicianPayableAccount(m.profileId))) - musicianBefore).toBe(22_500_000);
    expect((await act(ahead.slug, FORMS.dispute, cookies(ahead.payerCookie))).status).toBe(200);
    expect((await moneyOf(ahead, m)).disputes).toBe(1);
    expect(await findLedgerBreaches()).toEqual([]);
  });

  it("the page shows the payer's actions only to the payer and tells everyone else how the payer gets in", async () => {
    const m = await createMusician();
    const b = await paidBooking(m, { eventDate: "2099-06-07" });
    const payer = await page(b.slug, cookies(b.payerCookie));
    expect(payer.body).toMatchObject({ viewer: "payer", cancel: { canCancel: true, paid: true } });
    expect((await page(b.slug)).body.viewer).toBe("other");
    expect((await page(b.slug, m)).body.viewer).toBe("musician");
    expect((await page(b.slug, cookies(m.cookie, b.payerCookie))).body.viewer).toBe("musician");
    // A forged or another booking's cookie is nobody's.
    const forged = `sb_payer_${b.slug}=${"A".repeat(43)}`;
    expect((await page(b.slug, cookies(forged))).body.viewer).toBe("other");
    expect(readPayerToken(`x=1; ${b.payerCookie}`, b.slug)).toBe(b.payerCookie.split("=")[1]);
    expect(readPayerToken(b.payerCookie, "otherslg")).toBeNull();
  });

  it("a signed-in organiser who paid acts with their account from any browser; the unpaid link still confirms and pays", async () => {
    const m = await createMusician();
    const org = await createOrganiser();
    const b = await paidBooking(m, { eventDate: "2099-06-08" }, org);
    const [row] = await db
      .select({ payer: payments.payerUserId })
      .from(payments)
      .where(eq(payments.reference, b.reference));
    expect(row?.payer).toBe(org.userId);
    expect((await page(b.slug, org)).body.viewer).toBe("payer");
    expect((await act(b.slug, FORMS.dispute, org)).status).toBe(200);

    // An organiser who only pressed Pay (and never paid) on a booking someone else then paid is not its payer.
    const c = await insertBooking(m.profileId, { eventDate: "2099-06-09" });
    const stranger = await createOrganiser();
    expect((await act(c.slug, { intent: "pay", email: "ada@example.com" }, stranger)).status).toBe(302);
    const real = await paidBooking(m, { eventDate: "2099-06-10" });
    expect((await act(real.slug, FORMS.cancel, stranger)).status).toBe(403);

    // Unpaid, the link alone confirms and pays, as the spec says.
    const pending = await insertBooking(m.profileId, { status: "pending", eventDate: "2099-06-11" });
    expect((await act(pending.slug, { intent: "confirm" })).status).toBe(200);
    expect((await act(pending.slug, { intent: "pay", email: "ada@example.com" })).status).toBe(302);
  });

  it("a checkout someone else started is never handed on: the browser that pays it is the payer", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { eventDate: "2099-06-12" });
    // The musician, signed out, presses Pay first; then the client does.
    const musicians = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    const clients = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    expect(clients.location).not.toBe(musicians.location);
    // The same browser pressing again goes back to its own checkout.
    expect(
      (await act(b.slug, { intent: "pay", email: "ada@example.com" }, cookies(cookieOf(clients)))).location,
    ).toBe(clients.location);
    const reference = decodeURIComponent(clients.location?.split("/test-checkout/")[1] ?? "");
    await completeTestCheckout(reference, async (p) => {
      await handleChargeSuccess(p.data as never);
    });
    expect((await act(b.slug, FORMS.cancel, cookies(cookieOf(musicians)))).status).toBe(403);
    expect((await act(b.slug, FORMS.cancel, cookies(cookieOf(clients)))).status).toBe(200);
  });
});

describe("the payer on another device", () => {
  it("gets in with the link from the receipt e-mail, once", async () => {
    const m = await createMusician();
    const b = await paidBooking(m, { eventDate: "2099-07-01" });
    // Quoted-printable writes "=" as "=3D".
    const [receipt] = outboxMails(b.reference).map((mail) => mail.replace(/=3D/g, "="));
    const secret = receipt?.match(new RegExp(`/booking/${b.slug}\\?manage=([\\w-]{43})`))?.[1];
    expect(secret).toBeTruthy();

    const opened = await page(b.slug, null, `?manage=${secret}`);
    expect(opened.body).toMatchObject({ viewer: "other", manageLink: { usable: true } });
    const claimed = await act(b.slug, { intent: "claim-manage", manage: secret! });
    expect(claimed).toMatchObject({ status: 302, location: `/booking/${b.slug}` });
    // And says it worked (phone walk 3): the toast comes with the page it lands on.
    expect(claimed.setCookie).toMatch(/sb_flash=/);
    const flash = /sb_flash=([^;]*)/.exec(claimed.setCookie ?? "")?.[1] ?? "";
    expect(Buffer.from(decodeURIComponent(flash), "base64").toString("utf8")).toContain(
      MANAGE_ON_THIS_DEVICE,
    );
    const device = cookies(cookieOf(claimed));
    expect(device.cookie).toMatch(new RegExp(`^sb_payer_${b.slug}=`));
    expect(device.cookie).not.toBe(b.payerCookie);
    expect((await page(b.slug, device)).body.viewer).toBe("payer");
    expect((await act(b.slug, FORMS.dispute, device)).status).toBe(200);

    // Spent: it neither works again nor is offered again.
    expect(await act(b.slug, { intent: "claim-manage", manage: secret! })).toMatchObject({
      status: 400,
      body: { toast: { message: PAYER_MESSAGES.linkInvalid } },
    });
    expect((await page(b.slug, null, `?manage=${secret}`)).body.manageLink).toEqual({
      secret,
      usable: false,
    });
  });

  it("can ask for a new link on the page: it is e-mailed to the address that paid and never shown", async () => {
    const m = await createMusician();
    const b = await paidBooking(m, { eventDate: "2099-07-02", email: "payer-new-link@example.com" });
    const asked = await act(b.slug, { intent: "send-manage-link" });
    expect(asked).toMatchObject({
      status: 200,
      body: { ok: true, toast: { message: PAYER_MESSAGES.linkSent } },
    });
    expect(JSON.stringify(asked.body)).not.toContain("manage=");
    const mails = outboxMails(`Manage your booking ${b.slug}`).map((mail) => mail.replace(/=3D/g, "="));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: payer-new-link@example.com");
    const secret = mails[0]!.match(/\?manage=([\w-]{43})/)?.[1];
    const claimed = await act(b.slug, { intent: "claim-manage", manage: secret! });
    expect(claimed.status).toBe(302);
    expect((await act(b.slug, FORMS.cancel, cookies(cookieOf(claimed)))).status).toBe(200);

    // A few per hour from one requester; an unpaid booking has nothing to manage.
    const ip = testIp();
    await act(b.slug, { intent: "send-manage-link" }, null, ip);
    await act(b.slug, { intent: "send-manage-link" }, null, ip);
    await act(b.slug, { intent: "send-manage-link" }, null, ip);
    expect((await act(b.slug, { intent: "send-manage-link" }, null, ip)).status).toBe(429);
    const unpaid = await insertBooking(m.profileId, { eventDate: "2099-07-03" });
    expect((await act(unpaid.slug, { intent: "send-manage-link" })).status).toBe(409);
    expect((await act(unpaid.slug, { intent: "claim-manage", manage: "x".repeat(43) })).status).toBe(400);
  });
});

describe("nothing is released before the event has ended in Lagos", () => {
  const payerOf = (b: { payerCookie: string }): ClientActor => ({
    userId: null,
    payerToken: b.payerCookie.split("=")[1]!,
  });

  it("with an end time: from that time; the page says when it opens", async () => {
    const m = await createMusician();
    const day = lagosDay(15);
    const b = await paidBooking(m, {
      eventDate: day,
      eventStartTime: "16:00",
      eventEndTime: "19:00",
    });
    const early = await markEventHappened(b.slug, testIp(), payerOf(b), new Date(`${day}T17:59:59Z`));
    const opens = `${MONEY_MESSAGES.tooEarly} That is from ${formatCalendarDate(day)} at 19:00.`;
    expect(early).toEqual({ ok: false, status: 409, message: opens });
    expect(await bookingRow(b.id)).toEqual({ status: "confirmed", paymentStatus: "paid" });
    expect((await payPanelForSlug(b.slug))?.releaseOpens).toBe(opens);
    expect(await markEventHappened(b.slug, testIp(), payerOf(b), new Date(`${day}T18:00:00Z`))).toMatchObject(
      {
        ok: true,
        released: true,
      },
    );
  });

  it("with only a start time: 6 h after it, never before midnight (a 21:00 gig: 03:00); with none: midnight (ADR 0024)", async () => {
    const m = await createMusician();
    const [gig, next] = [lagosDay(16), lagosDay(17)];
    const cases: { eventStartTime: string | null; eventDate: string; opensAt: string }[] = [
      { eventStartTime: "21:00", eventDate: gig, opensAt: `${next}T02:00:00Z` }, // 03:00 Lagos
      { eventStartTime: null, eventDate: next, opensAt: `${next}T23:00:00Z` }, // 00:00 Lagos
    ];
    for (const { eventStartTime, eventDate, opensAt } of cases) {
      const b = await paidBooking(m, { eventDate, eventStartTime, eventEndTime: null });
      const lastSecond = new Date(new Date(opensAt).getTime() - 1_000);
      expect(await markEventHappened(b.slug, testIp(), payerOf(b), lastSecond)).toMatchObject({
        status: 409,
      });
      expect(await markEventHappened(b.slug, testIp(), payerOf(b), new Date(opensAt))).toMatchObject({
        ok: true,
      });
    }
  });

  it("money paid after the event's end can be released by the payer at once", async () => {
    const m = await createMusician();
    const b = await paidBooking(m); // the event was in 2024; paid now
    expect((await payPanelForSlug(b.slug))?.canMarkHappened).toBe(true);
    expect((await act(b.slug, FORMS.release, cookies(b.payerCookie))).status).toBe(200);
  });

  it("a booking with no event date cannot be paid: the page and the refusal ask the musician to set it", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { eventDate: null });
    expect((await page(b.slug)).body.payment).toMatchObject({ state: "pay", needsDate: true });
    expect(await act(b.slug, { intent: "pay", email: "ada@example.com" })).toMatchObject({
      status: 409,
      body: { toast: { message: PAY_NEEDS_DATE } },
    });
    expect(await db.select().from(payments).where(eq(payments.bookingId, b.id))).toEqual([]);
  });

  it("the musician's Mark completed follows the same clock, and the client's page never calls escrowed money completed", async () => {
    const m = await createMusician();
    const day = lagosDay(23);
    const b = await paidBooking(m, {
      eventDate: day,
      eventStartTime: "20:00",
      eventEndTime: "23:00",
    });
    const musician = { id: m.profileId };
    expect(await completeOwnBooking(musician, b.id, new Date(`${day}T21:59:00Z`))).toEqual({
      ok: false,
      status: 409,
      message: `${MARK_COMPLETED_WAITS} That is from ${formatCalendarDate(day)} at 23:00.`,
    });
    expect(await completeOwnBooking(musician, b.id, new Date(`${day}T22:00:00Z`))).toMatchObject({
      ok: true,
    });
    expect(await bookingRow(b.id)).toEqual({ status: "completed", paymentStatus: "paid" });
    const { booking } = (await page(b.slug, cookies(b.payerCookie))).body;
    expect(nextStep(booking)).not.toBe("This booking is completed.");
    expect(nextStep(booking)).toContain("Your payment stays in escrow");
    // Anyone else with the link reads the same without being spoken to as the payer (issue 27).
    expect(nextStep((await page(b.slug)).body.booking)).toContain("The payment stays in escrow");
    expect(nextStep({ ...booking, paymentStatus: "released", moneyHeld: false })).toBe(
      "This booking is completed.",
    );
  });
});

describe("the payer's powers never reach the musician (money review 2, N1 and N11)", () => {
  it("Pay asks the payer for their e-mail, never takes the one the musician typed, and refuses the musician's own address or account", async () => {
    const m = await createMusician();
    // The musician typed their own address as the client's.
    const b = await insertBooking(m.profileId, { eventDate: "2099-08-01", email: m.email });
    expect((await payPanelForSlug(b.slug))?.needsEmail).toBe(true);
    expect(await act(b.slug, { intent: "pay" })).toMatchObject({
      status: 400,
      body: { errors: { email: expect.any(String) } },
    });
    for (const email of [m.email, ` ${m.email.toUpperCase()} `, m.email.replace("@", "+client@")]) {
      expect(await act(b.slug, { intent: "pay", email })).toMatchObject({
        status: 400,
        body: { errors: { email: PAYER_MESSAGES.musiciansEmail } },
      });
    }
    // Signed in as the musician, whatever e-mail is typed.
    expect(await act(b.slug, { intent: "pay", email: "someone-else@example.com" }, m)).toMatchObject({
      status: 403,
      body: { toast: { message: PAYER_MESSAGES.musicianPays } },
    });
    expect(await db.select().from(payments).where(eq(payments.bookingId, b.id))).toHaveLength(0);
    // The person paying gives their own address: the receipt and its manage link go there.
    const paid = await act(b.slug, { intent: "pay", email: "real-organiser@example.com" });
    expect(paid.status).toBe(302);
    const reference = decodeURIComponent(paid.location?.split("/test-checkout/")[1] ?? "");
    await completeTestCheckout(reference, async (p) => {
      await handleChargeSuccess(p.data as never);
    });
    const [receipt] = outboxMails(reference);
    expect(receipt).toContain("To: real-organiser@example.com");
    expect(
      outboxMails(reference).some((mail) => mail.includes(`To: ${m.email}`) && mail.includes("manage=")),
    ).toBe(false);
  });

  it("a payment made with the musician's own address (before this rule): no manage link, no device standing, no release", async () => {
    const m = await createMusician();
    const b = await paidBooking(m, { eventDate: "2024-02-02", email: "organiser-n1@example.com" });
    // As it was possible before: the payment's e-mail is the musician's.
    await db.update(payments).set({ email: m.email }).where(eq(payments.reference, b.reference));
    const payerCookie = cookies(b.payerCookie);
    expect((await page(b.slug, payerCookie)).body.viewer).toBe("other");
    expect((await act(b.slug, FORMS.release, payerCookie)).status).toBe(403);
    expect(await act(b.slug, { intent: "send-manage-link" })).toMatchObject({
      status: 403,
      body: { toast: { message: PAYER_MESSAGES.musiciansAddress } },
    });
    const [receipt] = outboxMails(b.reference).map((mail) => mail.replace(/=3D/g, "="));
    const secret = receipt?.match(/\?manage=([\w-]{43})/)?.[1];
    expect(secret).toBeTruthy();
    expect(await act(b.slug, { intent: "claim-manage", manage: secret! })).toMatchObject({
      status: 403,
      body: { toast: { message: PAYER_MESSAGES.musiciansAddress } },
    });
    expect((await moneyOf(b, m)).row?.paymentStatus).toBe("paid");
  });

  it("Pay does not take the booking into the account of whoever presses it; the payer's account gets it when the charge is credited", async () => {
    const m = await createMusician();
    const passerBy = await createOrganiser();
    const payer = await createOrganiser();
    const b = await insertBooking(m.profileId, { eventDate: "2099-08-02" });
    const clientOf = async () =>
      (
        await db
          .select({ c: bookingsByMusician.clientUserId })
          .from(bookingsByMusician)
          .where(eq(bookingsByMusician.id, b.id))
      )[0]?.c;
    expect((await act(b.slug, { intent: "pay", email: passerBy.email }, passerBy)).status).toBe(302);
    expect(await clientOf()).toBeNull();
    const paid = await act(b.slug, { intent: "pay", email: payer.email }, payer);
    expect(paid.status).toBe(302);
    expect(await clientOf()).toBeNull();
    await completeTestCheckout(
      decodeURIComponent(paid.location?.split("/test-checkout/")[1] ?? ""),
      async (p) => {
        await handleChargeSuccess(p.data as never);
      },
    );
    expect(await clientOf()).toBe(payer.userId);
  });

  it("a stranger asking for manage links again and again does not stop the payer getting one", async () => {
    const m = await createMusician();
    const b = await paidBooking(m, { eventDate: "2099-08-03", email: "locked-out@example.com" });
    const stranger = testIp();
    for (let i = 0; i < 3; i++) await act(b.slug, { intent: "send-manage-link" }, null, stranger);
    expect((await act(b.slug, { intent: "send-manage-link" }, null, stranger)).status).toBe(429);
    expect(await act(b.slug, { intent: "send-manage-link" }, null, testIp())).toMatchObject({
      status: 200,
      body: { toast: { message: PAYER_MESSAGES.linkSent } },
    });
  });
});

describe("after payment, contact details are for the payer and the musician only (issue 27)", () => {
  it("a visitor with the link sees the booking without the musician's phone, and is not spoken to as the payer", async () => {
    const m = await createMusician();
    await giveSlug(m); // the musician's phone: 08030000000
    const b = await paidBooking(m, {
      eventDate: "2099-09-01",
      additionalDetails: "Call me on 0812 345 6789",
    });
    const payer = await page(b.slug, cookies(b.payerCookie));
    expect(payer.body.booking.musicianPhone).toBe("08030000000");
    expect(nextStep(payer.body.booking)).toBe("You have confirmed this booking.");
    const stranger = await page(b.slug);
    expect(stranger.body.viewer).toBe("other");
    expect(stranger.body.booking.musicianPhone).toBeNull();
    expect(JSON.stringify(stranger.body.booking)).not.toMatch(/08030000000|0812 345 6789/);
    expect(nextStep(stranger.body.booking)).toBe("This booking is confirmed and paid.");
    expect(JSON.stringify(stranger.body.booking.money)).not.toMatch(/\bYou\b|\byour\b/);
    // A dispute: the payer reads "You told us…", the visitor does not.
    expect((await act(b.slug, FORMS.dispute, cookies(b.payerCookie))).status).toBe(200);
    expect(nextStep((await page(b.slug)).body.booking)).not.toMatch(/^You/);
    expect(nextStep((await page(b.slug, cookies(b.payerCookie))).body.booking)).toMatch(/^You told us/);
  });

  it("a cancelled booking shows no contact card", async () => {
    const m = await createMusician();
    await giveSlug(m);
    const b = await paidBooking(m, { eventDate: "2099-09-02" });
    expect((await act(b.slug, FORMS.cancel, cookies(b.payerCookie))).status).toBe(200);
    expect((await page(b.slug, cookies(b.payerCookie))).body.booking.musicianPhone).toBeNull();
  });
});
