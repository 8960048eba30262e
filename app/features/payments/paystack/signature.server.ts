import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/server/env.server";

/** Paystack's x-paystack-signature: HMAC-SHA512 of the raw request body, keyed with the secret key, hex. */
export function paystackSignature(rawBody: string | Buffer, secret: string): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

/**
 * The built-in test provider's secret key. Derived from BETTER_AUTH_SECRET, so every worker process
 * (and every restart) signs and checks with the same key without storing another secret.
 */
export function testProviderSecret(): string {
  const base = env().BETTER_AUTH_SECRET;
  if (!base) throw new Error("BETTER_AUTH_SECRET is not set: start the app through server.ts");
  return `sk_test_stagebook_${createHmac("sha256", base).update("paystack test provider").digest("hex")}`;
}

/**
 * Constant-time check of a webhook's x-paystack-signature against its raw body. Webhooks are signed with
 * the Paystack secret key, or the test provider's when it is unset.
 */
export function verifyPaystackSignature(
  rawBody: string | Buffer,
  signature: string | null | undefined,
  secret: string = env().PAYSTACK_SECRET_KEY ?? testProviderSecret(),
): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secret), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
