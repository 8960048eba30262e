import { describe, expect, it } from "vitest";
import { answer, args, get, post } from "~/features/bookings/booking-test-support";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { formatLagosMoment } from "~/features/money/event-time";
import { action, loader } from "~/routes/booking";
import { loader as callbackLoader } from "~/routes/payment-callback";
import { createMusician } from "../../../tests/support/accounts";
import { payCheckoutAt } from "../../../tests/support/booking-page";
import { PAYMENT_RECEIVED } from "./payment-messages";
import { bookingRow, insertBooking, testCheckoutReference } from "./payment-test-support";
import { completeTestCheckout, findTestCheckout } from "./paystack/test-provider.server";

const page = (slug: string) => answer(() => loader(args(get(null, `/booking/${slug}`), { slug })));
const act = (slug: string, form: Record<string, string>, who: { cookie: string } | null = null) =>
  answer(() => action(args(post(who, `/booking/${slug}`, form), { slug })));
/** The payer cookie a Pay answer sets (name=value), as the browser would send it back. */
const payerCookieOf = (a: { setCookie: string | null }) => ({ cookie: (a.setCookie ?? "").split(";")[0]! });

describe("/booking/{slug} money actions, as the client with only the link", () => {
  it("pays: breakdown on the page, e-mail asked when missing, redirect to checkout, callback back to the booking", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId, { email: null });
    const before = (await page(b.slug)).body.payment;
    expect(before).toMatchObject({ state: "pay", totalKobo: 26_250_000, needsEmail: true });
    // Before paying: when the release would be due if paid now, from the money module, in Lagos words.
    expect(before.releaseDue).toBe(formatLagosMoment(new Date(before.releaseDueAt)));

    const noEmail = await act(b.slug, { intent: "pay" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors.email).toBe("Enter the organiser's e-mail address for the receipt");
    const badEmail = await act(b.slug, { intent: "pay", email: "not-an-email" });
    expect(badEmail.body.errors.email).toBe("Enter a valid e-mail address for the receipt");
    // A price sent from the browser is ignored: the server computes the amount.
    const paid = await act(b.slug, {
      intent: "pay",
      email: "ada@example.com",
      amount: "100",
      amountKobo: "1",
    });
    expect(paid.status).toBe(302);
    const reference = await testCheckoutReference(paid.location);
    expect(reference).toMatch(/^sbp_/);

    await completeTestCheckout(reference, async () => {});
    // The provider sends the browser that paid to the callback URL with the return secret (ADR 0025).
    const checkout = await findTestCheckout(reference);
    const claim = new URL(checkout!.callbackUrl).pathname.split("/payments/callback/")[1]!;
    const back = await answer(() =>
      callbackLoader(
        args(
          get(payerCookieOf(paid), `/payments/callback/${claim}?trxref=${reference}&reference=${reference}`),
          {
            claim,
          },
        ),
      ),
    );
    expect(back).toMatchObject({ status: 302, location: `/booking/${b.slug}` });
    const held = (await page(b.slug)).body.payment;
    expect(held).toMatchObject({ state: "paid", canMarkHappened: true });
    const money = await peekBookingMoney(b.id);
    expect(held.releaseDueAt).toBe(money?.releaseDueAt?.toISOString());
    expect(held.releaseDue).toBe(formatLagosMoment(money!.releaseDueAt!));
    expect(PAYMENT_RECEIVED).toBe("Payment received — held in escrow until your event is completed");

    const again = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    expect(again).toMatchObject({
      status: 409,
      body: { toast: { message: "This booking has already been paid." } },
    });

    // The browser that paid is the payer; it (and only it) may release (ADR 0025).
    expect(back.setCookie).toMatch(
      new RegExp(`^sb_payer_${b.slug}=[\\w-]{43}; Path=/; .*HttpOnly; SameSite=Lax`),
    );
    const done = await act(b.slug, { intent: "event-happened" }, payerCookieOf(back));
    expect(done.status).toBe(200);
    expect(await bookingRow(b.id)).toEqual({ status: "completed", paymentStatus: "released" });
    expect((await page(b.slug)).body.payment.state).toBe("released");
  });

  it("lets the client dispute a paid booking, which holds the release", async () => {
    const m = await createMusician();
    const b = await insertBooking(m.profileId);
    const pressed = await act(b.slug, { intent: "pay", email: "ada@example.com" });
    const { returned: paid } = await payCheckoutAt(pressed.location, payerCookieOf(pressed));
    const disputed = await act(
      b.slug,
      {
        intent: "dispute",
        clientName: "Ada Eze",
        phoneNumber: "08031234567",
        disputeReason: "The band arrived two hours late.",
      },
      payerCookieOf(paid),
    );
    expect(disputed.status).toBe(200);
    expect((await page(b.slug)).body.payment).toMatchObject({ onHold: true, canMarkHappened: false });
    const refused = await act(b.slug, { intent: "event-happened" }, payerCookieOf(paid));
    expect(refused.status).toBe(409);
    expect((await bookingRow(b.id))?.paymentStatus).toBe("paid");
  });

  it("answers an unknown or malformed callback reference with 404", async () => {
    for (const q of ["", "?reference=sbp_nope", "?reference=%0d%0aLocation:evil"]) {
      const res = await answer(() => callbackLoader(args(get(null, `/payments/callback${q}`))));
      expect(res.status).toBe(404);
    }
  });
});
