// The public booking page (/booking/{slug}) as a browser drives it, for integration tests: its loader,
// its action, and a booking paid through it on the built-in test checkout.
import { answer, args, get, post } from "../../app/features/bookings/booking-test-support";
import { handleChargeSuccess } from "../../app/features/payments/checkout.server";
import { insertBooking } from "../../app/features/payments/payment-test-support";
import {
  completeTestCheckout,
  findTestCheckoutByAccessCode,
} from "../../app/features/payments/paystack/test-provider.server";
import { action, loader } from "../../app/routes/booking";
import { loader as callbackLoader } from "../../app/routes/payment-callback";

export type Who = { cookie: string } | null;

export const bookingPage = (slug: string, who: Who = null, query = "") =>
  answer(() => loader(args(get(who, `/booking/${slug}${query}`), { slug })));

export const bookingAct = (slug: string, form: Record<string, string>, who: Who = null, ip?: string) =>
  answer(() => action(args(post(who, `/booking/${slug}`, form), { slug }, ip)));

/** The name=value a Set-Cookie answer puts in the browser. */
export const cookieOf = (a: { setCookie: string | null }) => (a.setCookie ?? "").split(";")[0]!;

/** Two browsers' cookies as one Cookie header (empty parts left out). */
export const withCookies = (...c: (string | null | undefined)[]): Who => ({
  cookie: c.filter(Boolean).join("; "),
});

/**
 * The test checkout a Pay answer's location names, paid from the browser `who` (charge.success delivered
 * in-process), and that browser sent on to the callback URL as the provider sends the one that paid
 * (ADR 0025). Answers the reference and the callback's answer (its Set-Cookie makes that browser the payer).
 */
export async function payCheckoutAt(location: string | null, who: Who = null) {
  const checkout = await findTestCheckoutByAccessCode((location ?? "").split("/test-checkout/")[1] ?? "");
  if (!checkout) throw new Error(`no test checkout at ${location}`);
  await completeTestCheckout(checkout.reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  const path = new URL(checkout.callbackUrl, "http://x.invalid").pathname;
  const claim = path.split("/payments/callback/")[1] ?? "";
  const query = `?trxref=${checkout.reference}&reference=${checkout.reference}`;
  const returned = await answer(() => callbackLoader(args(get(who, `${path}${query}`), { claim })));
  return { reference: checkout.reference, returned, returnPath: `${path}${query}` };
}

/**
 * A booking paid from a browser (signed in as `who`, or not) with Pay on its page and the test
 * checkout, completed in that same browser: the payer's device cookie and the payment's reference.
 */
export async function paidThroughBookingPage(
  musician: { profileId: string },
  over: Parameters<typeof insertBooking>[1] = {},
  who: Who = null,
) {
  const b = await insertBooking(musician.profileId, over);
  const paid = await bookingAct(b.slug, { intent: "pay", email: over.email ?? "ada@example.com" }, who);
  if (paid.status !== 302) throw new Error(JSON.stringify(paid.body));
  const { reference, returned } = await payCheckoutAt(
    paid.location,
    withCookies(who?.cookie, cookieOf(paid)),
  );
  const payerCookie = cookieOf(returned);
  return { ...b, payerCookie, payer: { cookie: payerCookie }, reference };
}
