// /test-checkout/{access_code}: the built-in test provider's stand-in for Paystack's hosted checkout. As
// Paystack's, it is named by an access code and never shows the reference or the callback URL: only the
// browser that completes the payment is sent back with them (ADR 0025).
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  callbackWithReference,
  closeTestCheckout,
  completeTestCheckout,
  findTestCheckoutByAccessCode,
} from "./test-provider.server";
import { scheduleTestWebhook } from "./test-webhooks.server";

/** The checkout to show, or null: unknown access code, or real Paystack is configured (no test page then). */
export async function loadTestCheckout(accessCode: string) {
  if (env().PAYSTACK_SECRET_KEY || !/^[\w-]{1,100}$/.test(accessCode)) return null;
  return (await findTestCheckoutByAccessCode(accessCode)) ?? null;
}

/**
 * "Complete test payment" marks it paid, posts the signed charge.success to our webhook and sends this
 * browser to callback_url with the reference, as Paystack does. "Cancel payment" closes the checkout for
 * good (it can no longer be paid) and goes back the same way. A checkout already paid sends nobody
 * anywhere (null): only the browser that paid it was sent back. If our webhook did not answer, the job queue
 * delivers it again.
 */
export async function finishTestCheckout(
  accessCode: string,
  intent: "complete" | "cancel",
): Promise<{ to: string | null } | null> {
  const checkout = await loadTestCheckout(accessCode);
  if (!checkout) return null;
  const { reference } = checkout;
  if (checkout.status === "success") return { to: null };
  // A closed checkout can never be paid, so its way back gives nobody anything.
  if (intent === "cancel" || checkout.closed) {
    await closeTestCheckout(reference);
    return { to: callbackWithReference(checkout.callbackUrl, reference) };
  }
  try {
    const done = await completeTestCheckout(reference);
    if (done?.status !== "success") return { to: null };
  } catch (err) {
    logger.warn({ err, reference }, "test charge.success not delivered; the job queue retries it");
    await scheduleTestWebhook("transaction", reference);
  }
  return { to: callbackWithReference(checkout.callbackUrl, reference) };
}
