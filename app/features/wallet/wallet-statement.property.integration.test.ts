// Property-based (issue 23 §2): over a random sequence of bookings — paid, released, cancelled by the
// client with the policy's refund, refunded in part, withdrawn, payouts paid, failed or reversed by the
// bank — the wallet's history lines add up, after every step, to the figures at the top:
//   Σ lines = Available + In escrow, and the payment and refund lines = Available + In escrow + Paid out
//   (+ withdrawals still on their way to the bank),
// each withdrawal and automatic payout (issue 29: turned on and off at random) is one line with its
// status, and no line shows an internal reference.

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { eventStartsAt } from "~/features/money/cancellation-policy";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { findMoneyBreaches } from "~/features/payments/ledger-consistency.server";
import { asPayer, insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { releaseEscrow } from "~/features/payments/release.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { formatCalendarDate } from "~/lib/lagos-date";
import { pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import { chooseAutomaticPayouts } from "./automatic-payouts.server";
import { MIN_WITHDRAWAL_KOBO } from "./wallet.schema";
import {
  availableKobo,
  chooseCancellationPolicy,
  handleTransferEvent,
  requestWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "./wallet.server";

type Booking = { id: string; slug: string; eventDate: string };

const op = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant("book" as const),
      price: fc.integer({ min: 100_000, max: 10 ** 9 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("pay" as const), i: fc.nat() }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant("release" as const), i: fc.nat() }), weight: 3 },
  {
    // The client cancels this many days before the event (the policy decides the refund).
    arbitrary: fc.record({
      t: fc.constant("cancel" as const),
      i: fc.nat(),
      daysBefore: fc.integer({ min: 0, max: 20 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("withdraw" as const),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
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
  // "Send released money to my bank automatically" turned on or off (issue 29).
  { arbitrary: fc.record({ t: fc.constant("auto" as const), on: fc.boolean() }), weight: 1 },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Every kind of line at least once: paid, released, cancelled with a partial refund, withdrawn, each outcome. */
const everyLine: Op[] = [
  { t: "book", price: 45_000_000 },
  { t: "pay", i: 1 },
  { t: "release", i: 1 },
  { t: "withdraw", share: 1 },
  { t: "transfer", i: 0, event: "transfer.success" },
  { t: "book", price: 20_000_000 },
  { t: "pay", i: 2 },
  { t: "cancel", i: 2, daysBefore: 3 },
  { t: "withdraw", share: 0.5 },
  { t: "transfer", i: 1, event: "transfer.failed" },
  { t: "withdraw", share: 0.5 },
  { t: "transfer", i: 2, event: "transfer.success" },
  { t: "transfer", i: 2, event: "transfer.reversed" },
  { t: "pay", i: 0 },
];

afterAll(async () => {
  await stopJobs();
});

async function payoutsOf(musicianId: string) {
  const r = await pool().query<{ reference: string; amount: string }>(
    "SELECT reference, amount_kobo AS amount FROM musician_payouts WHERE musician_id = $1 ORDER BY created_at, reference",
    [musicianId],
  );
  return r.rows.map((p) => ({ reference: p.reference, amountKobo: Number(p.amount) }));
}

/** The statement reconciles with the wallet's figures (see the file's head). */
async function expectReconciled(musicianId: string) {
  const view = await walletView(musicianId);
  const { lines, earnedKobo, pendingPayoutKobo } = view.statement;
  const sum = lines.reduce((s, l) => s + l.effectKobo, 0);
  expect(sum).toBe(view.availableKobo + view.inEscrowKobo);
  expect(earnedKobo).toBe(view.availableKobo + view.inEscrowKobo + view.paidOutKobo + pendingPayoutKobo);
  expect(view.statement.inEscrowKobo).toBe(view.inEscrowKobo);
  expect(view.statement.paidOutKobo).toBe(view.paidOutKobo);
  const payouts = await payoutsOf(musicianId);
  const withdrawals = lines.filter(
    (l) => l.text.startsWith("Withdrawal to ") || l.text.endsWith(" automatically"),
  );
  expect(withdrawals).toHaveLength(payouts.length);
  for (const w of withdrawals) expect(w.amountKobo).toBeLessThan(0);
  for (const l of lines) {
    expect(l.text).not.toMatch(/sbp_|po_|[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(l.note ?? "").not.toMatch(/sbp_|po_/);
  }
  return view;
}

describe("the wallet's history reconciles", () => {
  it("adds up to Available + In escrow + Paid out after every step of any sequence", async () => {
    const m = await createMusician({ firstName: "Tunde", lastName: "Adeyemi" });
    await chooseCancellationPolicy(m.profileId, "moderate");
    expect((await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok).toBe(
      true,
    );
    // The fixed first run withdraws by hand; the random runs turn automatic payouts on and off.
    await chooseAutomaticPayouts(m.profileId, false);
    let ip = 0;
    const seen = { paid: 0, released: 0, cancelledWithRefund: 0, kept: 0, withdrawals: 0, reversed: 0 };
    const scenario = async (ops: Op[]) => {
      await pool().query("DELETE FROM rate_limit WHERE key = $1", [`withdraw:${m.profileId}`]);
      const bookings: Booking[] = [];
      const add = async (price: number) => {
        const b = await insertBooking(m.profileId, {
          priceKobo: price,
          clientName: "Chiamaka Okafor",
          eventType: "Wedding",
        });
        const [row] = (
          await pool().query<{ d: string }>(
            "SELECT event_date::text AS d FROM bookings_by_musician WHERE id = $1",
            [b.id],
          )
        ).rows;
        bookings.push({ ...b, eventDate: row?.d ?? "2024-01-01" });
      };
      await add(10_000_000);
      const pick = (i: number) => bookings[i % bookings.length]!;
      for (const o of ops) {
        ip += 1;
        const from = `10.77.${(ip >> 8) & 255}.${ip & 255}`;
        if (o.t === "book") await add(o.price);
        else if (o.t === "auto") await chooseAutomaticPayouts(m.profileId, o.on);
        else if (o.t === "pay") {
          const b = pick(o.i);
          const started = await startCheckout(b.slug, { email: "ada@example.com" }, from);
          if (started.ok) {
            const ref = await testCheckoutReference(started.authorizationUrl);
            await completeTestCheckout(ref, async (p) => {
              const r = await handleChargeSuccess(p.data as Parameters<typeof handleChargeSuccess>[0]);
              if (r === "credited") seen.paid += 1;
            });
          }
        } else if (o.t === "release") {
          const r = await releaseEscrow(pick(o.i).id, "admin");
          if (r.ok) seen.released += 1;
        } else if (o.t === "cancel") {
          const b = pick(o.i);
          const startsAt = eventStartsAt({ eventDate: b.eventDate, eventStartTime: "14:00" });
          if (!startsAt) continue;
          const now = new Date(startsAt.getTime() - o.daysBefore * 86_400_000 - 3_600_000);
          const r = await cancelBookingAsClient(b.slug, from, await asPayer(b.id), now);
          if (r.ok && r.refundKobo > 0) seen.cancelledWithRefund += 1;
        } else if (o.t === "withdraw") {
          const available = await availableKobo(m.profileId);
          const amount = Math.max(MIN_WITHDRAWAL_KOBO, Math.floor(available * o.share));
          const r = await requestWithdrawal(m.profileId, amount, newIdempotencyKey());
          if (r.ok) seen.withdrawals += 1;
        } else {
          const payouts = await payoutsOf(m.profileId);
          const p = payouts[o.i % Math.max(payouts.length, 1)];
          if (!p) continue;
          await handleTransferEvent(o.event, {
            reference: p.reference,
            amountKobo: p.amountKobo,
            currency: "NGN",
          });
          if (o.event === "transfer.reversed") seen.reversed += 1;
        }
        await expectReconciled(m.profileId);
      }
      expect(await findMoneyBreaches()).toEqual([]);
      return bookings;
    };

    const first = await scenario(everyLine);
    const view = await expectReconciled(m.profileId);
    const texts = view.statement.lines.map((l) => l.text);
    // The first run reads as a person reads it.
    const wedding = formatCalendarDate(first[1]!.eventDate, "d MMM");
    expect(texts).toContain(
      `Chiamaka Okafor paid for Wedding, ${wedding} — ₦405,000 held (₦450,000 − 10% commission)`,
    );
    expect(texts).toContain("Released to Available");
    expect(texts).toContain("Refunded to the client: ₦105,000; you keep ₦90,000 (₦100,000 − 10%)");
    expect(texts.filter((t) => t === "Withdrawal to Guaranty Trust Bank ••6789")).toHaveLength(3);
    expect(
      view.statement.lines
        .map((l) => l.status)
        .filter(Boolean)
        .sort(),
    ).toEqual(["Failed — back in Available", "Paid out", "Reversed by the bank — back in Available"]);
    seen.kept = view.statement.lines.filter((l) => l.text.includes("you keep")).length;

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        await scenario(ops);
      }),
      {
        numRuns: 25,
      },
    );
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.released).toBeGreaterThan(0);
    expect(seen.cancelledWithRefund).toBeGreaterThan(0);
    expect(seen.kept).toBeGreaterThan(0);
    expect(seen.withdrawals).toBeGreaterThan(0);
    expect(seen.reversed).toBeGreaterThan(0);
  }, 240_000);
});
