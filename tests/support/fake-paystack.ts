// A fake Paystack for integration and property tests: a local HTTP server that keeps charges, transfers
// and refunds the way Paystack's published contract describes them (PaystackOSS/openapi
// dist/paystack.yaml; example payloads from PaystackOSS/doc-code-snippets), so the app's real Paystack
// client talks to it over HTTP. It knows every published transfer status (List Transfers' `status`
// enum) and refund status (the refund.* events and Retry Refund), and it can act and then lose its
// answer ("what if it acted and its answer was lost?").
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, onTestFinished } from "vitest";
import { paystackSignature } from "~/features/payments/paystack/signature.server";
import { handlePaystackWebhook } from "~/features/payments/paystack/webhook.server";
import { env } from "~/server/env.server";

/** GET /transfer `status` enum in dist/paystack.yaml. */
export const TRANSFER_STATUSES = [
  "pending",
  "success",
  "failed",
  "otp",
  "abandoned",
  "reversed",
  "blocked",
  "rejected",
  "received",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The refund.* events (refund.pending, .processing, .needs-attention, .failed, .processed). */
export const REFUND_STATUSES = ["pending", "processing", "needs-attention", "failed", "processed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type FakeTransfer = {
  id: number;
  reference: string;
  amount: number;
  recipient: string;
  status: TransferStatus;
  transfer_code: string;
};
export type FakeRefund = {
  id: number;
  transaction: { id: number; reference: string };
  amount: number;
  status: RefundStatus;
};
export type FakeCharge = {
  id: number;
  reference: string;
  amount: number;
  status: string;
  domain: "test" | "live";
};

/** What the next call to a path does instead of answering normally. */
type Trick =
  | { kind: "lose" } // act, then cut the connection: the answer is lost
  | { kind: "down" } // 503 without acting
  | { kind: "refuse"; message: string }; // 400 status:false without acting

const SECRET = "sk_test_fake_paystack";

export function fakePaystack(options: { domain?: "test" | "live"; secret?: string } = {}) {
  let nextId = 1000;
  const state = {
    baseUrl: "",
    secret: options.secret ?? SECRET,
    domain: options.domain ?? ("test" as "test" | "live"),
    charges: new Map<string, FakeCharge>(),
    transfers: new Map<string, FakeTransfer>(),
    refunds: new Map<number, FakeRefund>(),
    /** Status a new transfer is created in (Paystack: "pending", or "otp" while transfer OTP is on). */
    newTransferStatus: "pending" as TransferStatus,
    /** The bank's name for any account (test musicians are "Tunde Adeyemi"). */
    accountName: "ADEYEMI TUNDE",
    tricks: new Map<string, Trick[]>(),
    calls: [] as { method: string; path: string; body?: Record<string, unknown> }[],
  };

  /** Next call whose "METHOD /path-prefix" matches does `trick` (once). */
  function trick(route: string, t: Trick) {
    state.tricks.set(route, [...(state.tricks.get(route) ?? []), t]);
  }
  function takeTrick(method: string, path: string): Trick | undefined {
    for (const [route, list] of state.tricks) {
      const [m, prefix] = route.split(" ");
      if (m === method && path.startsWith(prefix!) && list.length > 0) return list.shift();
    }
    return undefined;
  }

  const ok = (message: string, data: unknown) => ({ status: 200, body: { status: true, message, data } });
  const no = (status: number, message: string) => ({ status, body: { status: false, message } });

  function answer(method: string, url: URL, body: Record<string, unknown>) {
    const path = url.pathname;
    if (method === "POST" && path === "/transaction/initialize") {
      const reference = String(body.reference);
      state.charges.set(reference, {
        id: nextId++,
        reference,
        amount: Number(body.amount),
        status: "abandoned",
        domain: state.domain,
      });
      return ok("Authorization URL created", {
        authorization_url: `https://checkout.paystack.com/${reference}`,
        access_code: `ac_${reference}`,
        reference,
      });
    }
    if (method === "GET" && path.startsWith("/transaction/verify/")) {
      const c = state.charges.get(decodeURIComponent(path.split("/").pop()!));
      if (!c) return no(404, "Transaction reference not found");
      return ok("Verification successful", {
        ...c,
        currency: "NGN",
        paid_at: c.status === "success" ? new Date().toISOString() : null,
        metadata: "",
      });
    }
    if (method === "GET" && path === "/bank")
      return ok("Banks retrieved", [{ name: "Guaranty Trust Bank", code: "058", active: true }]);
    if (method === "GET" && path === "/bank/resolve")
      return ok("Account number resolved", {
        account_number: url.searchParams.get("account_number"),
        account_name: state.accountName,
      });
    if (method === "POST" && path === "/transferrecipient")
      return ok("Transfer recipient created successfully", {
        recipient_code: `RCP_${body.account_number}`,
        name: body.name,
      });
    if (method === "POST" && path === "/transfer") {
      const reference = String(body.reference);
      if (state.transfers.has(reference)) return no(400, "Duplicate Transfer Reference");
      const t: FakeTransfer = {
        id: nextId++,
        reference,
        amount: Number(body.amount),
        recipient: String(body.recipient),
        status: state.newTransferStatus,
        transfer_code: `TRF_${reference}`,
      };
      state.transfers.set(reference, t);
      return ok("Transfer has been queued", { ...t, currency: "NGN", domain: state.domain });
    }
    if (method === "GET" && path.startsWith("/transfer/verify/")) {
      const t = state.transfers.get(decodeURIComponent(path.split("/").pop()!));
      if (!t) return no(404, "Transfer not found");
      return ok("Transfer retrieved", { ...t, currency: "NGN", domain: state.domain });
    }
    if (method === "POST" && path === "/refund") {
      const c = state.charges.get(String(body.transaction));
      if (c?.status !== "success") return no(404, "Transaction not found");
      const amount = Number(body.amount ?? c.amount);
      const refunded = [...state.refunds.values()]
        .filter((r) => r.transaction.id === c.id && r.status !== "failed")
        .reduce((sum, r) => sum + r.amount, 0);
      if (refunded + amount > c.amount)
        return no(400, "Refund amount cannot be greater than transaction amount");
      const r: FakeRefund = {
        id: nextId++,
        transaction: { id: c.id, reference: c.reference },
        amount,
        status: "pending",
      };
      state.refunds.set(r.id, r);
      return ok("Refund has been queued for processing", { ...r, currency: "NGN", domain: c.domain });
    }
    if (method === "GET" && path === "/refund") {
      const txId = Number(url.searchParams.get("transaction"));
      const list = [...state.refunds.values()].filter((r) => !txId || r.transaction.id === txId).reverse();
      return ok(
        "Refunds retrieved",
        list.map((r) => ({ ...r, transaction: r.transaction.id, currency: "NGN" })),
      );
    }
    if (method === "GET" && path.startsWith("/refund/")) {
      const r = state.refunds.get(Number(path.split("/").pop()));
      if (!r) return no(404, "Refund not found");
      return ok("Refund retrieved", { ...r, transaction: r.transaction.id, currency: "NGN" });
    }
    return no(404, `fake Paystack has no ${method} ${path}`);
  }

  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const method = req.method ?? "GET";
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        state.calls.push({ method, path: url.pathname, ...(raw ? { body } : {}) });
        if (req.headers.authorization !== `Bearer ${state.secret}`) {
          res.writeHead(401, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ status: false, message: "Invalid key" }));
        }
        const t = takeTrick(method, url.pathname);
        if (t?.kind === "down") {
          res.writeHead(503, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ status: false, message: "Service unavailable" }));
        }
        if (t?.kind === "refuse") {
          res.writeHead(400, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ status: false, message: t.message }));
        }
        const a = answer(method, url, body);
        if (t?.kind === "lose") return req.socket.destroy();
        res.writeHead(a.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    state.calls.length = 0;
    state.tricks.clear();
    state.newTransferStatus = "pending";
  });

  /** Signs and delivers a Paystack event to our webhook, as Paystack does; returns our HTTP status. */
  async function deliver(event: string, data: Record<string, unknown>): Promise<number> {
    const raw = Buffer.from(JSON.stringify({ event, data }));
    return (await handlePaystackWebhook(raw, paystackSignature(raw, state.secret))).status;
  }

  return {
    state,
    trick,
    /** The app talks to this fake with a key for the rest of the test (or the file, from beforeAll). */
    use() {
      const before = {
        PAYSTACK_SECRET_KEY: env().PAYSTACK_SECRET_KEY,
        PAYSTACK_BASE_URL: env().PAYSTACK_BASE_URL,
      };
      Object.assign(env(), { PAYSTACK_SECRET_KEY: state.secret, PAYSTACK_BASE_URL: state.baseUrl });
      return () => {
        Object.assign(env(), before);
      };
    },
    /** use() for this test only. */
    useInThisTest() {
      onTestFinished(this.use());
    },
    /** The customer paid on Paystack's checkout: the charge succeeds and charge.success is delivered. */
    async pay(reference: string, over: { amount?: number; domain?: "test" | "live" } = {}) {
      const c = state.charges.get(reference);
      if (!c) throw new Error(`fake Paystack: no checkout for ${reference}`);
      c.status = "success";
      if (over.domain) c.domain = over.domain;
      return deliver("charge.success", {
        id: c.id,
        reference,
        amount: over.amount ?? c.amount,
        currency: "NGN",
        status: "success",
        domain: c.domain,
        paid_at: new Date().toISOString(),
        metadata: "",
      });
    },
    /** Moves a transfer to `status`; with `notify`, sends the transfer.* event Paystack sends for it. */
    async transferBecomes(reference: string, status: TransferStatus, notify = true, amount?: number) {
      const t = state.transfers.get(reference);
      if (!t) throw new Error(`fake Paystack: no transfer ${reference}`);
      t.status = status;
      const event =
        status === "success"
          ? "transfer.success"
          : status === "reversed"
            ? "transfer.reversed"
            : status === "failed"
              ? "transfer.failed"
              : null;
      if (!notify || !event) return 200;
      return deliver(event, {
        reference,
        amount: amount ?? t.amount,
        currency: "NGN",
        status,
        transfer_code: t.transfer_code,
        domain: state.domain,
      });
    },
    /** Moves a refund to `status`; with `notify`, sends the refund.* event for it. */
    async refundBecomes(id: number, status: RefundStatus, notify = true, amount?: number) {
      const r = state.refunds.get(id);
      if (!r) throw new Error(`fake Paystack: no refund ${id}`);
      r.status = status;
      if (amount !== undefined) r.amount = amount;
      if (!notify) return 200;
      return deliver(`refund.${status}`, {
        status,
        transaction_reference: r.transaction.reference,
        refund_reference: `TRF_${id}`,
        amount: String(r.amount),
        currency: "NGN",
        domain: state.domain,
        id: String(id),
      });
    },
    deliver,
    /** A charge Paystack took (for tests that credit it without the checkout). */
    charge(reference: string, amount: number) {
      state.charges.set(reference, {
        id: nextId++,
        reference,
        amount,
        status: "success",
        domain: state.domain,
      });
    },
    transferCalls: () => state.calls.filter((c) => c.method === "POST" && c.path === "/transfer"),
  };
}
export type FakePaystack = ReturnType<typeof fakePaystack>;
