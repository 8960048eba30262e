// Contract tests: the real Paystack client against a local node:http server answering with Paystack's
// published examples (fixtures/ come from PaystackOSS/doc-code-snippets dist/api/*/response.json).
import { describe, expect, it } from "vitest";
import { providerServer } from "../../../../tests/support/provider-server";
import bankList from "./fixtures/bank-list.json";
import bankResolve from "./fixtures/bank-resolve.json";
import refundCreate from "./fixtures/refund-create.json";
import refundFetch from "./fixtures/refund-fetch.json";
import refundList from "./fixtures/refund-list.json";
import initialize from "./fixtures/transaction-initialize.json";
import verify from "./fixtures/transaction-verify.json";
import transferInitiate from "./fixtures/transfer-initiate.json";
import transferVerify from "./fixtures/transfer-verify.json";
// PaystackOSS/openapi dist/paystack.yaml: GET /transfer/verify/{reference} answers '404':
// $ref '#/components/responses/NotFound', whose example this is.
import transferVerifyOpenApi from "./fixtures/transfer-verify-openapi.json";
import recipientCreate from "./fixtures/transferrecipient-create.json";
import { PaymentProviderError } from "./payment-provider";
import { createPaystackClient } from "./paystack-client.server";
import { paystackSignature, verifyPaystackSignature } from "./signature.server";

const provider = providerServer({ status: 404, body: { status: false, message: "no answer queued" } });
const { seen, answers } = provider;

const client = (timeoutMs = 5_000) =>
  createPaystackClient({ secretKey: "sk_test_contract", baseUrl: provider.baseUrl, timeoutMs });

async function providerError(p: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

describe("Paystack client contract", () => {
  it("initialises a transaction with integer kobo, our reference and the callback URL", async () => {
    answers.push({ status: 200, body: initialize["200"] });
    const result = await client().initializeTransaction({
      email: "demo@test.com",
      amountKobo: 40333,
      reference: "re4lyvq3s3",
      callbackUrl: "https://stagebook.ng/booking/abc?paid=1",
      metadata: { bookingId: "b1" },
    });
    expect(result).toEqual({
      authorizationUrl: "https://checkout.paystack.com/3ni8kdavz62431k",
      reference: "re4lyvq3s3",
    });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/transaction/initialize",
      auth: "Bearer sk_test_contract",
      body: {
        email: "demo@test.com",
        amount: 40333,
        currency: "NGN",
        reference: "re4lyvq3s3",
        callback_url: "https://stagebook.ng/booking/abc?paid=1",
        metadata: { bookingId: "b1" },
      },
    });
  });

  it("verifies a transaction: status, amount, currency, paid time, metadata and its mode (domain, M1)", async () => {
    answers.push({ status: 200, body: verify["200"] });
    const t = await client().verifyTransaction("re4lyvq3s3");
    expect(seen[0]).toMatchObject({ method: "GET", url: "/transaction/verify/re4lyvq3s3" });
    expect(t).toEqual({
      status: "success",
      amountKobo: 40333,
      // What was asked for, before fees passed to the customer (money review #16).
      requestedAmountKobo: 30050,
      currency: "NGN",
      reference: "re4lyvq3s3",
      paidAt: new Date("2024-08-22T09:15:02.000Z"),
      metadata: {},
      domain: "test",
    });
  });

  it("reads metadata Paystack returns as a JSON string", async () => {
    const body = structuredClone(verify["200"]);
    (body.data as { metadata: unknown }).metadata = JSON.stringify({ bookingId: "b9" });
    answers.push({ status: 200, body });
    expect((await client().verifyTransaction("re4lyvq3s3")).metadata).toEqual({ bookingId: "b9" });
  });

  it("a status:false answer is a rejection carrying Paystack's message", async () => {
    answers.push({ status: 400, body: verify["400"] });
    const err = await providerError(client().verifyTransaction("nope"));
    expect(err.kind).toBe("rejected");
    expect(err.httpStatus).toBe(400);
    expect(err.message).toBe("Paystack GET /transaction/verify/nope failed: Invalid key");
  });

  it("status:false inside an HTTP 200 is also a rejection", async () => {
    answers.push({ status: 200, body: { status: false, message: "Transaction reference not found" } });
    const err = await providerError(client().verifyTransaction("gone"));
    expect(err.kind).toBe("rejected");
    expect(err.message).toContain("Transaction reference not found");
  });

  it("lists banks and resolves an account number", async () => {
    answers.push({ status: 200, body: bankList["200"] }, { status: 200, body: bankResolve["200"] });
    const banks = await client().listBanks();
    expect(banks).toHaveLength(5);
    expect(banks[0]).toEqual({ name: "Abbey Mortgage Bank", code: "801" });
    expect(seen[0]?.url).toMatch(/^\/bank\?country=nigeria&currency=NGN/);
    const account = await client().resolveAccount({ accountNumber: "0022728151", bankCode: "063" });
    expect(account).toEqual({ accountNumber: "0022728151", accountName: "WES GIBBONS" });
    expect(seen[1]?.url).toBe("/bank/resolve?account_number=0022728151&bank_code=063");
  });

  it("creates a nuban transfer recipient", async () => {
    answers.push({ status: 200, body: recipientCreate["200"] });
    const r = await client().createTransferRecipient({
      name: "Tolu Robert",
      accountNumber: "0100000010",
      bankCode: "058",
    });
    expect(r).toEqual({ recipientCode: "RCP_m7ljkv8leesep7p" });
    expect(seen[0]?.body).toEqual({
      type: "nuban",
      name: "Tolu Robert",
      account_number: "0100000010",
      bank_code: "058",
      currency: "NGN",
    });
  });

  it("initiates a transfer with our reference as its idempotency key", async () => {
    answers.push({ status: 200, body: transferInitiate["200"] });
    const t = await client().initiateTransfer({
      amountKobo: 100000,
      recipientCode: "RCP_gd9vgag7n5lr5ix",
      reference: "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
      reason: "Bonus for the week",
    });
    expect(t).toEqual({
      reference: "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
      status: "success",
      transferCode: "TRF_v5tip3zx8nna9o78",
      amountKobo: 100000,
    });
    expect(seen[0]?.body).toMatchObject({
      source: "balance",
      amount: 100000,
      recipient: "RCP_gd9vgag7n5lr5ix",
      reference: "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
    });
  });

  it("a refused repeat of a transfer reference returns the first transfer, found by verify", async () => {
    answers.push(
      { status: 400, body: { status: false, message: "Duplicate Transfer Reference" } },
      { status: 200, body: transferInitiate["200"] },
    );
    const t = await client().initiateTransfer({
      amountKobo: 100000,
      recipientCode: "RCP_gd9vgag7n5lr5ix",
      reference: "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
      reason: "retry",
    });
    expect(t.transferCode).toBe("TRF_v5tip3zx8nna9o78");
    expect(seen[1]?.url).toBe("/transfer/verify/acv_9ee55786-2323-4760-98e2-6380c9cb3f68");
  });

  it("an invalid recipient is a rejection with Paystack's message", async () => {
    answers.push(
      { status: 400, body: transferInitiate["400"] },
      { status: 404, body: { status: false, message: "Transfer not found" } },
    );
    const err = await providerError(
      client().initiateTransfer({ amountKobo: 100000, recipientCode: "RCP_x", reference: "r1", reason: "x" }),
    );
    expect(err.kind).toBe("rejected");
    expect(err.message).toContain("Recipient specified is invalid");
  });

  it("creates a (partial) refund by transaction reference", async () => {
    answers.push({ status: 200, body: refundCreate["200"] });
    const r = await client().createRefund({ reference: "T685312322670591", amountKobo: 10000 });
    expect(r).toEqual({
      refundId: "3018284",
      status: "pending",
      amountKobo: 10000,
      transactionReference: "T685312322670591",
    });
    expect(seen[0]?.body).toEqual({ transaction: "T685312322670591", amount: 10000 });
  });

  it("fetches one refund by id (the sweep asks about refunds whose webhook never came, review N9)", async () => {
    answers.push(
      { status: 200, body: refundFetch["200"].data },
      { status: 404, body: { status: false, message: "Refund not found" } },
      { status: 503, body: "<html>Service unavailable</html>" },
    );
    expect(await client().fetchRefund("1")).toEqual({
      refundId: "1",
      status: "processed",
      amountKobo: 500000,
    });
    expect(await client().fetchRefund("999")).toBeNull();
    expect((await providerError(client().fetchRefund("2"))).kind).toBe("unavailable");
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /refund/1",
      "GET /refund/999",
      "GET /refund/2",
    ]);
  });

  it("lists a charge's refunds: the charge's id from verify, then GET /refund?transaction= that id", async () => {
    const list = structuredClone(refundList["200"]);
    // Paystack's example lists refunds of other charges too: only the verified charge's are ours.
    list.data[1]!.transaction = verify["200"].data.id;
    answers.push({ status: 200, body: verify["200"] }, { status: 200, body: list });
    const refunds = await client().listRefunds("re4lyvq3s3");
    expect(refunds).toEqual([
      { refundId: "2", status: "pending", amountKobo: 500000, transactionReference: "re4lyvq3s3" },
    ]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /transaction/verify/re4lyvq3s3",
      `GET /refund?transaction=${verify["200"].data.id}&perPage=100`,
    ]);
  });

  it("a refused transfer whose look-up fails is 'unavailable', never a refusal (#5)", async () => {
    answers.push(
      { status: 400, body: { status: false, message: "Duplicate Transfer Reference" } },
      { status: 502, body: "<html>Bad gateway</html>" },
    );
    const err = await providerError(
      client().initiateTransfer({
        amountKobo: 100000,
        recipientCode: "RCP_x",
        reference: "po_1",
        reason: "x",
      }),
    );
    expect(err.kind).toBe("unavailable");
  });

  it("verifyTransfer: the transfer, null only for a definite 404, else 'unavailable'", async () => {
    answers.push(
      { status: 200, body: transferInitiate["200"] },
      { status: 404, body: { status: false, message: "Transfer not found" } },
      { status: 429, body: { status: false, message: "Too many requests" } },
    );
    expect((await client().verifyTransfer("po_1"))?.transferCode).toBe("TRF_v5tip3zx8nna9o78");
    expect(await client().verifyTransfer("po_2")).toBeNull();
    expect((await providerError(client().verifyTransfer("po_3"))).kind).toBe("unavailable");
  });

  it("an unknown transfer reference, answered as Paystack publishes it (HTTP 404 'Transfer not found'), is 'unknown transfer' (review Part 1 #5)", async () => {
    // The published contract: doc-code-snippets' verify example and the OpenAPI spec both say 404.
    expect(Object.keys(transferVerify)).toEqual(["200", "404"]);
    expect(transferVerify["404"].data).toEqual({ status: false, message: "Transfer not found" });
    expect(transferVerifyOpenApi["404"].data).toEqual({ status: false, message: "Entity not found" });
    answers.push(
      { status: 200, body: transferVerify["200"].data },
      { status: 404, body: transferVerify["404"].data },
      { status: 404, body: transferVerifyOpenApi["404"].data },
    );
    expect(await client().verifyTransfer("acv_9ee55786-2323-4760-98e2-6380c9cb3f67")).toEqual({
      reference: "acv_9ee55786-2323-4760-98e2-6380c9cb3f67",
      status: "success",
      transferCode: "TRF_8opchtrhtjlfz90n",
      amountKobo: 100000,
    });
    expect(await client().verifyTransfer("po_never_sent")).toBeNull();
    expect(await client().verifyTransfer("po_never_sent_either")).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /transfer/verify/acv_9ee55786-2323-4760-98e2-6380c9cb3f67",
      "GET /transfer/verify/po_never_sent",
      "GET /transfer/verify/po_never_sent_either",
    ]);
  });

  it("401 (key rotated), 408 and 429 (rate limited) leave the outcome unknown: 'unavailable'", async () => {
    for (const status of [401, 408, 429]) {
      answers.push({ status, body: { status: false, message: `HTTP ${status}` } });
      const err = await providerError(
        client().initiateTransfer({
          amountKobo: 100000,
          recipientCode: "RCP_x",
          reference: "po",
          reason: "x",
        }),
      );
      expect(err.kind, `HTTP ${status}`).toBe("unavailable");
    }
  });

  it("HTTP 5xx with a non-JSON body is 'unavailable' (retry later)", async () => {
    answers.push({ status: 502, body: "<html>Bad gateway</html>" });
    const err = await providerError(client().listBanks());
    expect(err.kind).toBe("unavailable");
    expect(err.message).toBe("Paystack GET /bank failed: HTTP 502");
  });

  it("an answer in an unexpected shape is never trusted", async () => {
    answers.push({ status: 200, body: { status: true, message: "ok", data: { status: "success" } } });
    const err = await providerError(client().verifyTransaction("re4lyvq3s3"));
    expect(err.kind).toBe("unavailable");
    expect(err.message).toMatch(/unexpected shape/);
  });

  it("gives up after the timeout", async () => {
    answers.push("hang");
    const started = Date.now();
    const err = await providerError(client(300).verifyTransaction("slow"));
    expect(err.kind).toBe("unavailable");
    expect(err.message).toBe("Paystack GET /transaction/verify/slow timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an unreachable server is 'unavailable'", async () => {
    const closed = createPaystackClient({
      secretKey: "sk_test_x",
      baseUrl: "http://127.0.0.1:1",
      timeoutMs: 2_000,
    });
    const err = await providerError(closed.listBanks());
    expect(err.kind).toBe("unavailable");
  });
});

describe("webhook signatures", () => {
  const body = '{"event":"charge.success","data":{"reference":"qTPrJoy9Bx","amount":10000}}';
  // openssl dgst -sha512 -hmac sk_test_contract
  const expected =
    "ae0d6fc1793799bab94757f06ab602ab4e3a398082ce681da38bd1621f2a502a1f3649c7bce3a616ef943c8490eaf1aef1ed7e17a39f6542301bdee0ec5b6c20";

  it("is HMAC-SHA512 of the raw body keyed with the secret key", () => {
    expect(paystackSignature(body, "sk_test_contract")).toBe(expected);
    expect(verifyPaystackSignature(body, expected, "sk_test_contract")).toBe(true);
    expect(verifyPaystackSignature(Buffer.from(body), expected.toUpperCase(), "sk_test_contract")).toBe(true);
  });

  it("rejects a changed body, another key, a missing or malformed signature", () => {
    expect(verifyPaystackSignature(body.replace("10000", "10001"), expected, "sk_test_contract")).toBe(false);
    expect(verifyPaystackSignature(body, expected, "sk_test_other")).toBe(false);
    expect(verifyPaystackSignature(body, undefined, "sk_test_contract")).toBe(false);
    expect(verifyPaystackSignature(body, "", "sk_test_contract")).toBe(false);
    expect(verifyPaystackSignature(body, expected.slice(0, 64), "sk_test_contract")).toBe(false);
    expect(verifyPaystackSignature(body, `${expected.slice(0, 127)}z`, "sk_test_contract")).toBe(false);
  });
});
