// Property-based: random sequences of payments, duplicate and out-of-order webhooks and callbacks,
// tampered charges, disputes, releases (client, automatic, admin), full and partial refunds, failed
// refunds and their retry, withdrawals (with double submits) and transfer.success / failed / reversed
// in any order; chargebacks opened and won or lost (before or after the release); the musician's
// cancellation policy and the platform's fee rates changed mid-booking; the client cancelling under the
// policy frozen on their payment; a musician's cancellation racing the payment. After every step the
// database must satisfy every money invariant (ledger:check's), and replaying a money event must change
// nothing. A provider may act and lose its answer (refunds and transfers): the charge is never refunded
// twice and a transfer it made is never marked failed.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import {
  CANCELLATION_POLICIES,
  type CancellationPolicy,
  cancellationRefundKobo,
} from "~/features/money/cancellation-policy";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import {
  refundBooking,
  refundForBooking,
  startBookingRefundIn,
} from "~/features/refunds/refund-test-support";
import { handleRefundEvent, retryFailedRefund, retryRefundJob } from "~/features/refunds/refunds.server";
import { findPayoutByReference } from "~/features/wallet/queries.server";
import { MIN_WITHDRAWAL_KOBO } from "~/features/wallet/wallet.schema";
import {
  availableKobo,
  chooseCancellationPolicy,
  handleTransferEvent,
  requestWithdrawal,
  retryPayoutTransfer,
  saveOwnBankAccount,
} from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { addDaysToDate } from "~/lib/lagos-date";
import { db, pool } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import { confirmPaymentCallback, handleChargeSuccess, startCheckout } from "./checkout.server";
import { findMoneyBreaches } from "./ledger-consistency.server";
import { asPayer, fileDispute, insertBooking, testCheckoutReference } from "./payment-test-support";
import webhookEvents from "./paystack/fixtures/webhook-events.json";
import { PaymentProviderError } from "./paystack/payment-provider";
import { paymentProvider } from "./paystack/provider.server";
import { moveTestRecord } from "./paystack/queries.server";
import { paystackSignature, testProviderSecret } from "./paystack/signature.server";
import { completeTestCheckout } from "./paystack/test-provider.server";
import { handlePaystackWebhook } from "./paystack/webhook.server";
import { releaseEscrow, runAutoRelease } from "./release.server";

type ChargeData = Parameters<typeof handleChargeSuccess>[0];
type Booking = {
  id: string;
  slug: string;
  reference?: string;
  webhook?: ChargeData;
  refund?: number;
  /** The policy in force when each of its checkouts started (what its payment must freeze). */
  policyAt?: Record<string, CancellationPolicy>;
  startsAt?: Date;
  chargebacks?: number;
  openChargeback?: string;
};

const DAY = 86_400_000;
/** Future event dates used so far (a musician is never booked twice on one date). */
let future = 0;

/** A booking's successful payment, its status, escrow and its own refund (null: not paid). */
async function paidState(bookingId: string) {
  const r = await pool().query<{
    reference: string;
    amount: string;
    policy: CancellationPolicy;
    status: string;
    payment_status: string;
    escrow: string;
    refunded: string;
  }>(
    `SELECT p.reference, p.amount_kobo AS amount, p.cancellation_policy AS policy, b.status,
            b.payment_status,
            (SELECT coalesce(sum(e.amount_kobo), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
              WHERE a.code = 'escrow:' || b.id) AS escrow,
            (SELECT coalesce(sum(r.amount_kobo), 0) FROM booking_refunds r
              WHERE r.booking_id = b.id AND r.reason <> 'duplicate_charge') AS refunded
     FROM bookings_by_musician b JOIN payments p ON p.booking_id = b.id AND p.status = 'success'
     WHERE b.id = $1`,
    [bookingId],
  );
  const row = r.rows[0];
  return row
    ? {
        reference: row.reference,
        paidKobo: Number(row.amount),
        policy: row.policy,
        status: row.status,
        paymentStatus: row.payment_status,
        escrowKobo: Number(row.escrow),
        refundedKobo: Number(row.refunded),
      }
    : null;
}

/** Paystack's charge.dispute.* (as its documentation shows them) for one of our charges. */
function chargebackEvent(
  event: "charge.dispute.create" | "charge.dispute.resolve",
  id: string,
  reference: string,
  amountKobo: number,
  resolution: string | null = null,
) {
  const base = webhookEvents["charge.dispute.create"].data;
  return {
    event,
    data: {
      ...base,
      id,
      status: event === "charge.dispute.create" ? "awaiting-merchant-feedback" : "resolved",
      resolution,
      refund_amount: amountKobo,
      transaction: { ...base.transaction, reference, amount: amountKobo, status: "success" },
    },
  };
}

async function deliverSigned(payload: unknown) {
  const raw = Buffer.from(JSON.stringify(payload));
  const answer = await handlePaystackWebhook(raw, paystackSignature(raw, testProviderSecret()));
  expect(answer.status, `webhook ${JSON.stringify(payload).slice(0, 80)}`).toBe(200);
  return answer;
}

/** The platform's fee rates (configuration) as if changed between two checkouts. */
function setFees(servicePercent: number, commissionPercent: number) {
  Object.assign(env(), { SERVICE_FEE_PERCENT: servicePercent, COMMISSION_PERCENT: commissionPercent });
}
const DEFAULT_FEES = { service: env().SERVICE_FEE_PERCENT, commission: env().COMMISSION_PERCENT };

const op = fc.oneof(
  {
    arbitrary: fc.record({ t: fc.constant("book" as const), price: fc.integer({ min: 100, max: 10 ** 10 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("checkout" as const), i: fc.nat() }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant("pay" as const),
      i: fc.nat(),
      order: fc.constantFrom("webhook-first" as const, "callback-first" as const, "race" as const),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ t: fc.constant("complete" as const), i: fc.nat() }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant("webhook" as const),
      i: fc.nat(),
      times: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ t: fc.constant("callback" as const), i: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant("tamper" as const),
      i: fc.nat(),
      delta: fc.integer({ min: -500, max: 500 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ t: fc.constant("dispute" as const), i: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant("release" as const),
      i: fc.nat(),
      by: fc.constantFrom("client" as const, "auto" as const, "admin" as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("refund" as const),
      i: fc.nat(),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("refundProcessed" as const), i: fc.nat() }), weight: 2 },
  {
    // Paystack's refund.failed; with `retry` the admin presses "Retry refund" straight after.
    arbitrary: fc.record({ t: fc.constant("refundFailed" as const), i: fc.nat(), retry: fc.boolean() }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("refundRetry" as const), i: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant("withdraw" as const),
      share: fc.double({ min: 0, max: 1.2, noNaN: true }),
      twice: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("transfer" as const),
      i: fc.nat(),
      event: fc.constantFrom(
        "transfer.success" as const,
        "transfer.failed" as const,
        "transfer.reversed" as const,
      ),
    }),
    weight: 3,
  },
  {
    // The provider makes the refund and its answer is lost; the retry job must find and adopt it.
    arbitrary: fc.record({
      t: fc.constant("lostRefund" as const),
      i: fc.nat(),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    weight: 2,
  },
  {
    // The provider makes the transfer and its answer is lost; the retry is refused as a duplicate and
    // the look-up then finds it, or fails too.
    arbitrary: fc.record({
      t: fc.constant("lostTransfer" as const),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      lookup: fc.constantFrom("found" as const, "fails" as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("replay" as const) }), weight: 3 },
  // Issue 22 §3: a booking far in the future, which the client can still cancel.
  { arbitrary: fc.record({ t: fc.constant("bookFuture" as const) }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant("policy" as const),
      policy: fc.constantFrom(...CANCELLATION_POLICIES),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("fees" as const),
      servicePercent: fc.integer({ min: 0, max: 15 }),
      commissionPercent: fc.integer({ min: 0, max: 30 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("clientCancel" as const),
      i: fc.nat(),
      daysBefore: fc.integer({ min: 0, max: 20 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("cancelRacesPay" as const), i: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("chargebackOpen" as const), i: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant("chargebackResolve" as const),
      i: fc.nat(),
      resolution: fc.constantFrom("declined", "merchant-accepted", "auto-accepted"),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    weight: 2,
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Pays two bookings, releases one and withdraws from it, refunds the other, which fails and is retried. */
const everyPath: Op[] = [
  { t: "book", price: 5_000_000 },
  { t: "pay", i: 0, order: "webhook-first" },
  { t: "pay", i: 1, order: "callback-first" },
  { t: "release", i: 0, by: "client" },
  { t: "withdraw", share: 0.4, twice: false },
  { t: "transfer", i: 0, event: "transfer.success" },
  { t: "withdraw", share: 0.5, twice: true },
  { t: "transfer", i: 1, event: "transfer.reversed" },
  { t: "refund", i: 1, share: 0.5 },
  { t: "refundFailed", i: 1, retry: true },
  { t: "refundProcessed", i: 1 },
  { t: "replay" },
];
/**
 * A chargeback holds the clock's release and is lost; the policy changes after a payment and the fees
 * after a checkout, and the client cancels under the policy they paid; a cancellation races a payment.
 */
const chargebackPolicyRace: Op[] = [
  { t: "bookFuture" },
  { t: "pay", i: 0, order: "webhook-first" },
  { t: "chargebackOpen", i: 0 },
  { t: "release", i: 0, by: "auto" },
  { t: "chargebackResolve", i: 0, resolution: "merchant-accepted", share: 1 },
  { t: "replay" },
  { t: "policy", policy: "strict" },
  { t: "pay", i: 1, order: "race" },
  { t: "policy", policy: "flexible" },
  { t: "fees", servicePercent: 8, commissionPercent: 20 },
  { t: "clientCancel", i: 1, daysBefore: 15 },
  { t: "replay" },
  { t: "bookFuture" },
  { t: "cancelRacesPay", i: 2 },
  { t: "replay" },
];
/** A chargeback lost after the release and a withdrawal: recovered, then repaid by the next release. */
const chargebackAfterRelease: Op[] = [
  { t: "pay", i: 0, order: "callback-first" },
  { t: "release", i: 0, by: "client" },
  { t: "withdraw", share: 1, twice: false },
  { t: "chargebackOpen", i: 0 },
  { t: "chargebackResolve", i: 0, resolution: "auto-accepted", share: 1 },
  { t: "replay" },
  { t: "book", price: 3_000_000 },
  { t: "pay", i: 1, order: "webhook-first" },
  { t: "release", i: 1, by: "admin" },
  { t: "replay" },
];
/** A refund fails, is left, then the admin retries it later. */
const failThenRetry: Op[] = [
  { t: "pay", i: 0, order: "race" },
  { t: "refund", i: 0, share: 1 },
  { t: "refundFailed", i: 0, retry: false },
  { t: "replay" },
  { t: "refundRetry", i: 0 },
  { t: "replay" },
  { t: "refundProcessed", i: 0 },
];

/** Providers whose answers were lost: every run walks both, refund and transfer. */
const lostAnswers: Op[] = [
  { t: "pay", i: 0, order: "webhook-first" },
  { t: "book", price: 5_000_000 },
  { t: "pay", i: 1, order: "callback-first" },
  { t: "lostRefund", i: 1, share: 0.5 },
  { t: "replay" },
  { t: "release", i: 0, by: "admin" },
  { t: "lostTransfer", share: 0.3, lookup: "fails" },
  { t: "replay" },
  { t: "lostTransfer", share: 0.5, lookup: "found" },
];

const lost = (what: string) => new PaymentProviderError(`Paystack ${what} timed out`, "unavailable");

/** Charges for which the provider holds more (live) refunds than we recorded: paid back twice. */
async function refundedTwice(): Promise<unknown[]> {
  const r = await pool().query(`
    SELECT t.data->>'transaction_reference' AS reference, sum(t.amount_kobo) AS at_provider,
           coalesce(max(r.amount_kobo), 0) AS ours
    FROM paystack_test_records t
    LEFT JOIN booking_refunds r ON r.transaction_reference = t.data->>'transaction_reference'
    WHERE t.kind = 'refund' AND t.status <> 'failed'
    GROUP BY 1 HAVING sum(t.amount_kobo) > coalesce(max(r.amount_kobo), 0)`);
  return r.rows;
}

async function ledgerState(): Promise<string> {
  const r = await pool().query(`
    SELECT (SELECT count(*) FROM ledger_transactions) AS n,
           (SELECT string_agg(a.code || '=' || s.balance, ',' ORDER BY a.code)
              FROM ledger_accounts a
              JOIN (SELECT account_id, sum(amount_kobo) AS balance FROM ledger_entries GROUP BY account_id) s
                ON s.account_id = a.id) AS balances`);
  return JSON.stringify(r.rows[0]);
}

afterAll(async () => {
  await stopJobs();
});

/** The musician's payouts, oldest first (withdrawals pick one by index). */
async function payoutsOf(musicianId: string) {
  const r = await pool().query<{ reference: string; amount: string }>(
    "SELECT reference, amount_kobo AS amount FROM musician_payouts WHERE musician_id = $1 ORDER BY created_at, reference",
    [musicianId],
  );
  return r.rows.map((p) => ({ reference: p.reference, amountKobo: Number(p.amount) }));
}

describe("money under random sequences of events", () => {
  it("keeps every invariant after every step, and replays change nothing", async () => {
    const m = await createMusician();
    const paths = {
      failedRefunds: 0,
      retried: 0,
      policyRefunds: 0,
      races: 0,
      chargebacksLost: 0,
      lostRefunds: 0,
      lostTransfers: 0,
    };
    const bank = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
    expect(bank.ok).toBe(true);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
        // Withdrawals are rate limited per musician and hour; each run starts a fresh hour.
        await pool().query("DELETE FROM rate_limit WHERE key = $1", [`withdraw:${m.profileId}`]);
        const bookings: Booking[] = [await insertBooking(m.profileId)];
        // Each run starts under the default policy and fee rates; ops change them mid-booking.
        let policy: CancellationPolicy = "flexible";
        await chooseCancellationPolicy(m.profileId, policy);
        setFees(DEFAULT_FEES.service, DEFAULT_FEES.commission);
        const pick = (i: number) => bookings[i % Math.max(bookings.length, 1)];
        let last: (() => Promise<unknown>) | undefined;

        const run = async (o: Op): Promise<(() => Promise<unknown>) | undefined> => {
          if (o.t === "book") {
            bookings.push(await insertBooking(m.profileId, { priceKobo: o.price }));
            return undefined;
          }
          if (o.t === "bookFuture") {
            future += 1;
            const eventDate = addDaysToDate("2099-01-01", future);
            const b = await insertBooking(m.profileId, { eventDate, eventStartTime: "14:00" });
            bookings.push({ ...b, startsAt: new Date(`${eventDate}T14:00:00+01:00`) });
            return undefined;
          }
          if (o.t === "policy") {
            await chooseCancellationPolicy(m.profileId, o.policy);
            policy = o.policy;
            return undefined;
          }
          if (o.t === "fees") {
            setFees(o.servicePercent, o.commissionPercent);
            return undefined;
          }
          if (o.t === "replay") return undefined;
          if (o.t === "withdraw") {
            const available = await availableKobo(m.profileId);
            const amount = Math.max(MIN_WITHDRAWAL_KOBO, Math.floor(available * o.share));
            const key = newIdempotencyKey();
            const submit = () => requestWithdrawal(m.profileId, amount, key);
            // A double submit of the same form: at once, or one after the other.
            if (o.twice) await Promise.all([submit(), submit()]);
            else await submit();
            return submit;
          }
          if (o.t === "lostTransfer") {
            const available = await availableKobo(m.profileId);
            if (available < MIN_WITHDRAWAL_KOBO) return undefined;
            const amount = Math.max(MIN_WITHDRAWAL_KOBO, Math.floor(available * o.share));
            const provider = paymentProvider();
            const initiate = provider.initiateTransfer.bind(provider);
            const sent = vi
              .spyOn(provider, "initiateTransfer")
              .mockImplementationOnce(async (input) => {
                await initiate(input);
                throw lost("POST /transfer");
              })
              .mockRejectedValueOnce(
                new PaymentProviderError(
                  "Paystack POST /transfer failed: Duplicate Transfer Reference",
                  "rejected",
                  400,
                ),
              );
            const lookup =
              o.lookup === "fails"
                ? vi.spyOn(provider, "verifyTransfer").mockRejectedValueOnce(lost("GET /transfer/verify"))
                : undefined;
            let reference: string | undefined;
            try {
              const before = new Set((await payoutsOf(m.profileId)).map((p) => p.reference));
              if (!(await requestWithdrawal(m.profileId, amount, newIdempotencyKey())).ok) return undefined;
              reference = (await payoutsOf(m.profileId)).find((p) => !before.has(p.reference))?.reference;
              if (!reference) return undefined;
              await retryPayoutTransfer({ reference }).catch(() => {});
              expect(
                (await findPayoutByReference(reference))?.status,
                "a transfer the provider made was marked failed",
              ).not.toBe("failed");
            } finally {
              sent.mockRestore();
              lookup?.mockRestore();
            }
            paths.lostTransfers += 1;
            const ref = reference;
            return () => retryPayoutTransfer({ reference: ref }).catch(() => {});
          }
          if (o.t === "transfer") {
            const payouts = await payoutsOf(m.profileId);
            const p = payouts[o.i % Math.max(payouts.length, 1)];
            if (!p) return undefined;
            const event = () =>
              handleTransferEvent(o.event, {
                reference: p.reference,
                amountKobo: p.amountKobo,
                currency: "NGN",
              });
            await event();
            return event;
          }
          const b = pick(o.i);
          if (!b) return undefined;
          switch (o.t) {
            case "checkout": {
              const started = await startCheckout(b.slug, { email: "ada@example.com" }, "10.55.0.1");
              if (started.ok) {
                b.reference = await testCheckoutReference(started.authorizationUrl);
                b.policyAt = { ...b.policyAt, [b.reference]: policy };
              }
              return undefined;
            }
            case "pay": {
              const started = await startCheckout(b.slug, { email: "ada@example.com" }, "10.55.0.1");
              if (!started.ok) return undefined;
              const ref = await testCheckoutReference(started.authorizationUrl);
              b.reference = ref;
              b.policyAt = { ...b.policyAt, [ref]: policy };
              await completeTestCheckout(ref, async (p) => {
                b.webhook = p.data as ChargeData;
              });
              const w = b.webhook;
              if (!w) return undefined;
              const both = async () => {
                if (o.order === "race")
                  await Promise.all([
                    handleChargeSuccess(w),
                    confirmPaymentCallback(ref),
                    handleChargeSuccess(w),
                  ]);
                else if (o.order === "webhook-first") {
                  await handleChargeSuccess(w);
                  await confirmPaymentCallback(ref);
                } else {
                  await confirmPaymentCallback(ref);
                  await handleChargeSuccess(w);
                }
              };
              await both();
              return both;
            }
            case "complete":
              if (b.reference)
                await completeTestCheckout(b.reference, async (p) => {
                  b.webhook = p.data as ChargeData;
                });
              return undefined;
            case "webhook": {
              const w = b.webhook;
              if (!w) return undefined;
              const deliver = () => handleChargeSuccess(w);
              for (let k = 0; k < o.times; k++) await deliver();
              return deliver;
            }
            case "callback": {
              const ref = b.reference;
              if (!ref) return undefined;
              const call = () => confirmPaymentCallback(ref);
              await call();
              return call;
            }
            case "tamper": {
              const w = b.webhook;
              if (!w || o.delta === 0) return undefined;
              const forged = () => handleChargeSuccess({ ...w, amount: w.amount + o.delta });
              await forged();
              return forged;
            }
            case "dispute":
              await fileDispute(b.id);
              return undefined;
            case "release": {
              // The client's release is asked as its payer (who may ask: payer.integration.test.ts).
              const payer = await asPayer(b.id);
              const go = () =>
                o.by === "auto" ? runAutoRelease({ bookingId: b.id }) : releaseEscrow(b.id, o.by, payer);
              await go();
              return go;
            }
            case "refund": {
              if (b.refund !== undefined || !b.reference) return undefined;
              const ref = b.reference;
              await db.transaction(async (tx) => {
                const [row] = (
                  await tx.execute<{ amount: string; status: string }>(sql`
                    SELECT p.amount_kobo AS amount, b.payment_status AS status
                    FROM payments p JOIN bookings_by_musician b ON b.id = p.booking_id
                    WHERE p.reference = ${ref} AND p.status = 'success' FOR UPDATE OF b`)
                ).rows;
                if (row?.status !== "paid") return;
                const amount = Math.max(1, Math.floor(Number(row.amount) * o.share));
                if ((await startBookingRefundIn(tx, b.id, amount, "dispute")).ok) b.refund = amount;
              });
              return undefined;
            }
            case "lostRefund": {
              if (b.refund !== undefined || !b.reference) return undefined;
              const [row] = (
                await pool().query<{ amount: string }>(
                  "SELECT amount_kobo AS amount FROM payments WHERE reference = $1 AND status = 'success'",
                  [b.reference],
                )
              ).rows;
              if (!row) return undefined;
              const amount = Math.max(1, Math.floor(Number(row.amount) * o.share));
              const provider = paymentProvider();
              const create = provider.createRefund.bind(provider);
              const spy = vi.spyOn(provider, "createRefund").mockImplementationOnce(async (input) => {
                await create(input);
                throw lost("POST /refund");
              });
              let refundId: string | undefined;
              try {
                if (!(await refundBooking(b.id, amount, "dispute")).ok) return undefined;
                b.refund = amount;
                refundId = (await refundForBooking(b.id))?.id;
              } finally {
                spy.mockRestore();
              }
              if (!refundId) return undefined;
              const id = refundId;
              const retry = () => retryRefundJob({ refundId: id });
              await retry();
              paths.lostRefunds += 1;
              return retry;
            }
            case "refundProcessed": {
              const ref = b.reference;
              const amount = b.refund;
              if (!ref || amount === undefined) return undefined;
              const processed = () =>
                handleRefundEvent("refund.processed", {
                  transaction_reference: ref,
                  amount,
                  currency: "NGN",
                });
              await processed();
              return processed;
            }
            case "refundFailed": {
              // A pending refund (the first one from this booking on, if any) fails at Paystack.
              let refund: Awaited<ReturnType<typeof refundForBooking>>;
              for (let k = 0; k < bookings.length && refund?.status !== "pending"; k++)
                refund = await refundForBooking(pick(o.i + k)!.id);
              if (refund?.status !== "pending") return undefined;
              // Paystack gave up on it: its own record fails first, then it says so.
              if (refund.providerRefundId)
                await moveTestRecord("refund", refund.providerRefundId, "pending", "failed");
              const failed = () =>
                handleRefundEvent("refund.failed", {
                  transaction_reference: refund.transactionReference,
                  amount: refund.amountKobo,
                  currency: "NGN",
                });
              await failed();
              paths.failedRefunds += 1;
              if (!o.retry) return failed;
              const retry = () => retryFailedRefund(refund.id);
              expect((await retry()).ok, "a failed refund could not be retried").toBe(true);
              paths.retried += 1;
              return retry;
            }
            case "clientCancel": {
              const now = b.startsAt
                ? new Date(b.startsAt.getTime() - o.daysBefore * DAY - 60_000)
                : new Date();
              const before = await paidState(b.id);
              // What the payer's cancel does (who may cancel: payer.integration.test.ts).
              const payer = await asPayer(b.id);
              const cancelled = await cancelBookingAsClient(b.slug, "10.55.0.1", payer, now);
              if (cancelled.ok && before?.paymentStatus === "paid") {
                // The refund follows the policy in force when the client's checkout started, whatever
                // the musician chose since (review #1).
                const frozen = b.policyAt?.[before.reference];
                expect(frozen, "a paid checkout's policy was not recorded").toBeDefined();
                expect(before.policy, "the payment did not freeze the checkout's policy").toBe(frozen);
                expect(cancelled.refundKobo, "the client's refund ignored the frozen policy").toBe(
                  cancellationRefundKobo(frozen!, before.escrowKobo, b.startsAt ?? null, now),
                );
                paths.policyRefunds += 1;
              }
              return () => cancelBookingAsClient(b.slug, "10.55.0.1", payer, now);
            }
            case "cancelRacesPay": {
              // The organiser's checkout is open; the musician cancels while the payment lands.
              const started = await startCheckout(b.slug, { email: "ada@example.com" }, "10.55.0.1");
              if (!started.ok) return undefined;
              const ref = await testCheckoutReference(started.authorizationUrl);
              b.reference = ref;
              b.policyAt = { ...b.policyAt, [ref]: policy };
              let w: ChargeData | undefined;
              await completeTestCheckout(ref, async (p) => {
                w = p.data as ChargeData;
              });
              if (!w) return undefined;
              b.webhook = w;
              const charge = w;
              const race = () =>
                Promise.all([cancelOwnBooking({ id: m.profileId }, b.id), handleChargeSuccess(charge)]);
              await race();
              // Whichever won, the booking is cancelled and the whole payment is on its way back.
              expect(await paidState(b.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
              paths.races += 1;
              return race;
            }
            case "chargebackOpen": {
              const state = await paidState(b.id);
              if (!state || b.openChargeback) return undefined;
              b.chargebacks = (b.chargebacks ?? 0) + 1;
              b.openChargeback = `cb-${b.id}-${b.chargebacks}`;
              const open = chargebackEvent(
                "charge.dispute.create",
                b.openChargeback,
                state.reference,
                state.paidKobo,
              );
              await deliverSigned(open);
              return () => deliverSigned(open);
            }
            case "chargebackResolve": {
              const state = await paidState(b.id);
              if (!state || !b.openChargeback) return undefined;
              // What the cardholder can still claim: beyond a refund already made, the merchant's
              // evidence of it wins the dispute.
              const claimable = state.paidKobo - state.refundedKobo;
              const resolution = claimable > 0 ? o.resolution : "declined";
              const amount = Math.max(1, Math.floor(Math.max(claimable, 1) * o.share));
              const resolve = chargebackEvent(
                "charge.dispute.resolve",
                b.openChargeback,
                state.reference,
                amount,
                resolution,
              );
              b.openChargeback = undefined;
              await deliverSigned(resolve);
              if (resolution !== "declined") paths.chargebacksLost += 1;
              return () => deliverSigned(resolve);
            }
            case "refundRetry": {
              // The admin retries a failed refund (the first one from this booking on, if any).
              let refund: Awaited<ReturnType<typeof refundForBooking>>;
              for (let k = 0; k < bookings.length && refund?.status !== "failed"; k++)
                refund = await refundForBooking(pick(o.i + k)!.id);
              if (refund?.status !== "failed") return undefined;
              const id = refund.id;
              const retry = () => retryFailedRefund(id);
              await retry();
              paths.retried += 1;
              return retry;
            }
          }
        };

        for (const o of ops) {
          if (o.t === "replay" && last) {
            const before = await ledgerState();
            await last();
            expect(await ledgerState(), "a replayed money event changed the ledger").toBe(before);
          } else {
            last = (await run(o)) ?? last;
          }
          expect(await findMoneyBreaches(), `after ${JSON.stringify(o)}`).toEqual([]);
          expect(await refundedTwice(), `refunded twice after ${JSON.stringify(o)}`).toEqual([]);
        }
      }),
      // Two fixed sequences run first, so every path (payout, failed refund and its retry) is walked
      // on every seed; the random runs then look for what nobody thought of.
      {
        numRuns: 100,
        examples: [
          [everyPath],
          [failThenRetry],
          [chargebackPolicyRace],
          [chargebackAfterRelease],
          [lostAnswers],
        ],
      },
    );
    setFees(DEFAULT_FEES.service, DEFAULT_FEES.commission);
    // The runs really moved money through every path.
    const kinds = await pool().query(
      "SELECT kind, count(*)::int AS n FROM ledger_transactions GROUP BY kind",
    );
    const seen = new Set(kinds.rows.map((r) => r.kind));
    for (const kind of [
      "charge",
      "release",
      "refund",
      "payout",
      "payout_paid",
      "payout_returned",
      "chargeback",
    ])
      expect(seen, `no ${kind} was posted`).toContain(kind);
    expect(paths.failedRefunds, "no refund.failed was applied").toBeGreaterThan(0);
    expect(paths.retried, "no failed refund was retried").toBeGreaterThan(0);
    expect(paths.policyRefunds, "no client cancelled a paid booking").toBeGreaterThan(0);
    expect(paths.races, "no cancellation raced a payment").toBeGreaterThan(0);
    expect(paths.chargebacksLost, "no chargeback was lost").toBeGreaterThan(0);
    expect(paths.lostRefunds, "no refund answer was lost").toBeGreaterThan(0);
    expect(paths.lostTransfers, "no transfer answer was lost").toBeGreaterThan(0);
  }, 600_000);
});
