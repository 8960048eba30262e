// The public booking page (/booking/{slug}) as a browser drives it, for integration tests: its loader,
// its action, and a booking paid through it on the built-in test checkout.
import { answer, args, get, post } from "../../app/features/bookings/booking-test-support";
import { handleChargeSuccess } from "../../app/features/payments/checkout.server";
import { insertBooking } from "../../app/features/payments/payment-test-support";
import { completeTestCheckout } from "../../app/features/payments/paystack/test-provider.server";
import { action, loader } from "../../app/routes/booking";

export type Who = { cookie: string } | null;

export const bookingPage = (slug: string, who: Who = null, query = "") =>
  answer(() => loader(args(get(who, `/booking/${slug}${query}`), { slug })));

export const bookingAct = (slug: string, form: Record<string, string>, who: Who = null, ip?: string) =>
  answer(() => action(args(post(who, `/booking/${slug}`, form), { slug }, ip)));

/** The name=value a Set-Cookie answer puts in the browser. */
export const cookieOf = (a: { setCookie: string | null }) => (a.setCookie ?? "").split(";")[0]!;

/**
 * A booking paid from a browser (signed in as `who`, or not) with Pay on its page and the test
 * checkout: the payer's device cookie and the payment's reference.
 */
export async function paidThroughBookingPage(
  musician: { profileId: string },
  over: Parameters<typeof insertBooking>[1] = {},
  who: Who = null,
) {
  const b = await insertBooking(musician.profileId, over);
  const paid = await bookingAct(b.slug, { intent: "pay", email: over.email ?? "ada@example.com" }, who);
  if (paid.status !== 302) throw new Error(JSON.stringify(paid.body));
  const reference = decodeURIComponent(paid.location?.split("/test-checkout/")[1] ?? "");
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return { ...b, payerCookie: cookieOf(paid), payer: { cookie: cookieOf(paid) }, reference };
}
