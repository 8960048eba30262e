// Test mode is explicit (money review #15, issue 22 §3.9): without PAYSTACK_SECRET_KEY every page says
// so, every charge records the provider that took it, and money from test charges never leaves
// through a real Paystack transfer.
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { TEST_MODE_TEXT, TestModeBanner } from "~/components/layout/test-mode-banner";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { listPayouts } from "~/features/wallet/queries.server";
import { availableKobo, requestWithdrawal, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { loader as rootLoader } from "~/root";
import { pool } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, loadContext, testIp } from "../../../tests/support/accounts";
import { handleChargeSuccess, startCheckout } from "./checkout.server";
import { insertBooking, testCheckoutReference } from "./payment-test-support";
import type { PaymentProvider } from "./paystack/payment-provider";
import { paymentProvider } from "./paystack/provider.server";
import { completeTestCheckout } from "./paystack/test-provider.server";
import { releaseEscrow } from "./release.server";

afterAll(async () => {
  await stopJobs();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function paidAndReleased() {
  const m = await createMusician({ firstName: "Tunde", lastName: "Sax" });
  await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
  // The money stays in Available for the withdrawals below (issue 29's automatic payout is off).
  await chooseAutomaticPayouts(m.profileId, false);
  const booking = await insertBooking(m.profileId);
  const started = await startCheckout(booking.slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
  return { musician: m, booking, reference };
}

/**
 * Runs `work` as if a live PAYSTACK_SECRET_KEY were set: the provider says it is Paystack, and the key
 * makes the mode live (a test key's money is test money too, M1).
 */
async function asLivePaystack<T>(work: () => Promise<T>): Promise<T> {
  const provider = paymentProvider() as { -readonly [K in keyof PaymentProvider]: PaymentProvider[K] };
  const kind = provider.kind;
  const key = env().PAYSTACK_SECRET_KEY;
  provider.kind = "paystack";
  Object.assign(env(), { PAYSTACK_SECRET_KEY: "sk_live_test_mode_check" });
  try {
    return await work();
  } finally {
    provider.kind = kind;
    Object.assign(env(), { PAYSTACK_SECRET_KEY: key });
  }
}

describe("test mode", () => {
  it("every page's root data says test mode, and the banner reads so", async () => {
    const response = await rootLoader({
      request: new Request("http://localhost:3000/"),
      params: {},
      context: loadContext(),
    } as never);
    const data =
      "data" in (response as object) ? (response as { data: { testMode: boolean } }).data : response;
    expect((data as { testMode: boolean }).testMode).toBe(true);
    const html = renderToString(<TestModeBanner />);
    expect(html).toContain(TEST_MODE_TEXT);
    expect(html).toContain('aria-label="Payments test mode"');
  });

  it("a charge records its provider, on the payment and on the ledger posting", async () => {
    const { reference } = await paidAndReleased();
    const r = await pool().query<{ provider: string; memo: string }>(
      `SELECT p.provider, t.memo FROM payments p JOIN ledger_transactions t ON t.idempotency_key = p.reference
       WHERE p.reference = $1`,
      [reference],
    );
    expect(r.rows[0]?.provider).toBe("test");
    expect(r.rows[0]?.memo).toContain("test mode, no real money");
  });

  it("money from test charges is refused for a real Paystack transfer, with a clear message", async () => {
    const { musician } = await paidAndReleased();
    const available = await availableKobo(musician.profileId);
    expect(available).toBeGreaterThan(0);
    const transfer = vi.spyOn(paymentProvider(), "initiateTransfer");

    const answer = await asLivePaystack(() =>
      requestWithdrawal(musician.profileId, available, newIdempotencyKey()),
    );

    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: {
        amount: expect.stringContaining("came from test-mode payments, where no real money moved"),
      },
    });
    expect(transfer).not.toHaveBeenCalled();
    expect(await listPayouts(musician.profileId)).toEqual([]);
    expect(await availableKobo(musician.profileId)).toBe(available);
    // In test mode itself the same money may go to the test provider's pretend bank.
    expect((await requestWithdrawal(musician.profileId, available, newIdempotencyKey())).ok).toBe(true);
  });
});
