// /test-checkout/{reference}: the built-in test provider's stand-in for Paystack's hosted checkout.
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { callbackWithReference, completeTestCheckout, findTestCheckout } from "./test-provider.server";
import { scheduleTestWebhook } from "./test-webhooks.server";

/** The checkout to show, or null: unknown reference, or real Paystack is configured (no test page then). */
export async function loadTestCheckout(reference: string) {
  if (env().PAYSTACK_SECRET_KEY || !/^[\w.=-]{1,100}$/.test(reference)) return null;
  return (await findTestCheckout(reference)) ?? null;
}

/**
 * "Complete test payment" marks it paid and posts the signed charge.success to our webhook; "Cancel
 * payment" leaves it abandoned. Either way the customer goes back to callback_url with the reference,
 * as from Paystack. If our webhook did not answer, the job queue delivers it again.
 */
export async function finishTestCheckout(
  reference: string,
  intent: "complete" | "cancel",
): Promise<string | null> {
  const checkout = await loadTestCheckout(reference);
  if (!checkout) return null;
  if (intent === "complete") {
    try {
      await completeTestCheckout(reference);
    } catch (err) {
      logger.warn({ err, reference }, "test charge.success not delivered; the job queue retries it");
      await scheduleTestWebhook("transaction", reference);
    }
  }
  return callbackWithReference(checkout.callbackUrl, reference);
}
