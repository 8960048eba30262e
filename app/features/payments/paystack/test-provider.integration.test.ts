import { describe, expect, it } from "vitest";
import bankList from "./fixtures/bank-list.json";
import { PaymentProviderError } from "./payment-provider";
import { paymentProvider } from "./provider.server";
import { testProviderSecret, verifyPaystackSignature } from "./signature.server";
import { completeTestCheckout, findTestCheckout, type WebhookPayload } from "./test-provider.server";

const provider = paymentProvider();

async function rejection(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  expect((err as PaymentProviderError).kind).toBe("rejected");
  return (err as Error).message;
}

async function paidTransaction(reference: string, amountKobo: number) {
  await provider.initializeTransaction({
    email: "ada@example.com",
    amountKobo,
    reference,
    callbackUrl: "/booking/abc",
  });
  await completeTestCheckout(reference, async () => {});
}

describe("built-in test provider (no PAYSTACK_SECRET_KEY)", () => {
  it("is the provider when no key is set", () => {
    expect(provider.kind).toBe("test");
  });

  it("initialises a transaction to the local checkout and refuses a reused reference", async () => {
    const init = await provider.initializeTransaction({
      email: "ada@example.com",
      amountKobo: 10_500_000,
      reference: "sb_ref_1",
      callbackUrl: "http://localhost:3000/booking/abc",
      metadata: { bookingId: "b1" },
    });
    // Named by an access code, as Paystack's hosted checkout: the reference is not in it (ADR 0025).
    expect(init.authorizationUrl).toMatch(/^http:\/\/localhost:3000\/test-checkout\/[\w-]{16}$/);
    expect(init.authorizationUrl).not.toContain("sb_ref_1");
    expect(
      await rejection(
        provider.initializeTransaction({
          email: "x@example.com",
          amountKobo: 100,
          reference: "sb_ref_1",
          callbackUrl: "/",
        }),
      ),
    ).toBe("Duplicate Transaction Reference");
    const before = await provider.verifyTransaction("sb_ref_1");
    expect(before).toMatchObject({
      status: "abandoned",
      amountKobo: 10_500_000,
      currency: "NGN",
      paidAt: null,
    });
    expect(await rejection(provider.verifyTransaction("unknown"))).toBe("Transaction reference not found");
  });

  it("completing sends a correctly signed charge.success and verify then says success", async () => {
    await provider.initializeTransaction({
      email: "ada@example.com",
      amountKobo: 2_000_000,
      reference: "sb_ref_2",
      callbackUrl: "/booking/abc",
      metadata: { bookingId: "b2" },
    });
    const sent: { raw: string; payload: WebhookPayload }[] = [];
    const deliver = async (payload: WebhookPayload) => {
      sent.push({ raw: JSON.stringify(payload), payload });
    };
    const checkout = await completeTestCheckout("sb_ref_2", deliver);
    expect(checkout).toMatchObject({ status: "success", amountKobo: 2_000_000, callbackUrl: "/booking/abc" });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toMatchObject({
      event: "charge.success",
      data: {
        reference: "sb_ref_2",
        amount: 2_000_000,
        currency: "NGN",
        status: "success",
        metadata: { bookingId: "b2" },
      },
    });
    const { paystackSignature } = await import("./signature.server");
    const raw = sent[0]?.raw ?? "";
    expect(verifyPaystackSignature(raw, paystackSignature(raw, testProviderSecret()))).toBe(true);
    const verified = await provider.verifyTransaction("sb_ref_2");
    expect(verified.status).toBe("success");
    expect(verified.paidAt).toBeInstanceOf(Date);
    expect(verified.metadata).toEqual({ bookingId: "b2" });
    // A second press re-sends the webhook (the endpoint is idempotent) but the payment stays one payment.
    await completeTestCheckout("sb_ref_2", deliver);
    expect(sent).toHaveLength(2);
    expect((await findTestCheckout("sb_ref_2"))?.status).toBe("success");
  });

  it("lists banks, resolves a 10-digit account and refuses the documented unknown number", async () => {
    const banks = await provider.listBanks();
    expect(banks).toContainEqual({ name: "Guaranty Trust Bank", code: "058" });
    // Every bank of Paystack's published example answer, and the banks the phone walk could not find.
    for (const published of bankList["200"].data) {
      expect(banks).toContainEqual({
        name: published.name === "Paycom" ? expect.any(String) : published.name,
        code: published.code,
      });
    }
    for (const name of [
      "Jaiz Bank",
      "Heritage Bank",
      "Unity Bank",
      "Globus Bank",
      "Titan Bank",
      "Lotus Bank",
    ]) {
      expect(banks.map((b) => b.name)).toContain(name);
    }
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    expect(banks.length).toBeGreaterThanOrEqual(50);
    expect(
      await provider.resolveAccount({ accountNumber: "0123456789", bankCode: "058", holderHint: "Ada Obi" }),
    ).toEqual({ accountNumber: "0123456789", accountName: "ADA OBI" });
    expect(
      await rejection(provider.resolveAccount({ accountNumber: "9999999999", bankCode: "058" })),
    ).toMatch(/Could not resolve account name/);
    expect(
      await rejection(provider.resolveAccount({ accountNumber: "0123456789", bankCode: "000" })),
    ).toMatch(/Unknown bank code/);
  });

  it("a transfer reference is an idempotency key", async () => {
    const { recipientCode } = await provider.createTransferRecipient({
      name: "ADA OBI",
      accountNumber: "0123456789",
      bankCode: "058",
    });
    const first = await provider.initiateTransfer({
      amountKobo: 500_000,
      recipientCode,
      reference: "po_1",
      reason: "Payout",
    });
    expect(first).toMatchObject({ reference: "po_1", status: "pending", amountKobo: 500_000 });
    const again = await provider.initiateTransfer({
      amountKobo: 500_000,
      recipientCode,
      reference: "po_1",
      reason: "Payout",
    });
    expect(again.transferCode).toBe(first.transferCode);
    expect(
      await rejection(
        provider.initiateTransfer({ amountKobo: 1, recipientCode, reference: "po_2", reason: "x" }),
      ),
    ).toBe("Invalid Amount Sent");
    expect(
      await rejection(
        provider.initiateTransfer({ amountKobo: 600_000, recipientCode, reference: "po_1", reason: "x" }),
      ),
    ).toBe("Duplicate Transfer Reference");
    expect(
      await rejection(
        provider.initiateTransfer({
          amountKobo: 500_000,
          recipientCode: "RCP_nope",
          reference: "po_3",
          reason: "x",
        }),
      ),
    ).toBe("Recipient specified is invalid");
  });

  it("refunds may be partial and never exceed the transaction", async () => {
    await paidTransaction("sb_ref_3", 1_000_000);
    const part = await provider.createRefund({ reference: "sb_ref_3", amountKobo: 400_000 });
    expect(part).toMatchObject({ status: "pending", amountKobo: 400_000, transactionReference: "sb_ref_3" });
    expect(await rejection(provider.createRefund({ reference: "sb_ref_3", amountKobo: 600_001 }))).toMatch(
      /cannot be more than the transaction amount/,
    );
    await provider.createRefund({ reference: "sb_ref_3", amountKobo: 600_000 });
    await provider.initializeTransaction({
      email: "a@b.co",
      amountKobo: 5000,
      reference: "sb_unpaid",
      callbackUrl: "/",
    });
    expect(await rejection(provider.createRefund({ reference: "sb_unpaid", amountKobo: 5000 }))).toMatch(
      /not successful/,
    );
  });
});
