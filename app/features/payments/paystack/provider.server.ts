// The one way to reach the payment provider: Paystack when PAYSTACK_SECRET_KEY is set, the built-in
// test provider (no real money moves) otherwise.
import { env } from "~/server/env.server";
import type { PaymentProvider } from "./payment-provider";
import { createPaystackClient } from "./paystack-client.server";
import { createTestProvider } from "./test-provider.server";

export type { Bank, RefundResult, TransferResult } from "./payment-provider";
export { PaymentProviderError } from "./payment-provider";

let cached: { key: string | undefined; provider: PaymentProvider } | undefined;

export function paymentProvider(): PaymentProvider {
  const key = env().PAYSTACK_SECRET_KEY;
  if (cached?.key !== key || !cached) {
    cached = {
      key,
      provider: key
        ? createPaystackClient({ secretKey: key, baseUrl: env().PAYSTACK_BASE_URL })
        : createTestProvider(),
    };
  }
  return cached.provider;
}

/**
 * Whether money moved now is real (money review 3 M1): "live" only with a live secret key. The built-in
 * test provider and Paystack's own test key (`sk_test_…`) are both test mode: no real money moves.
 */
export function paymentMode(): "test" | "live" {
  return env().PAYSTACK_SECRET_KEY?.startsWith("sk_live_") ? "live" : "test";
}
