// Test and drill helpers: a booking paid through the real checkout and the built-in test provider, so
// the ledger holds a real, balanced payment a restore must bring back (or leave out).
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";

export async function payForNewBooking(
  musicianProfileId: string,
  clientIp: string,
): Promise<{ bookingId: string; reference: string }> {
  const b = await insertBooking(musicianProfileId);
  const started = await startCheckout(b.slug, { email: "ada@example.com" }, clientIp);
  if (!started.ok) throw new Error(started.message);
  const reference = decodeURIComponent(started.authorizationUrl.split("/test-checkout/")[1] ?? "");
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as Parameters<typeof handleChargeSuccess>[0]);
  });
  return { bookingId: b.id, reference };
}
