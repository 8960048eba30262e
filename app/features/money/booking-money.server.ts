// A booking's money in one place (issue 27, ADR 0022). Everything that decides where a booking's money
// may go lives here: routes, jobs, webhooks and the admin only decide WHO is acting, then call
// readBookingMoney and applyTransition. Nothing else writes payment_status (a cache of the derived
// phase; ledger:check proves they agree) or computes a share, a hold or a due time.
//
// HOW TO ADD A TRANSITION
// 1. Add an entry to TRANSITIONS: `from` lists the phases it may start from; `plan(money, input)` is
//    pure: it returns the steps (ledger postings, each with the refund row it creates, if any) and the
//    booking status to write, or `{ refused: "a plain sentence" }`. Never read the database in a plan:
//    everything it needs is on the BookingMoney value (add a fact to queries.server.ts if it is not).
// 2. Call it as `applyTransition(tx, await readBookingMoney(tx, id), "yourName", input)` inside the
//    caller's transaction. readBookingMoney locks the booking, then the musician's wallet (always that
//    order), so postings touching the musician's balances never race a withdrawal or another release.
//    applyTransition posts, writes payment_status from the phase derived after the postings, and writes
//    the money event (what moved, each side's figures, the holds, the due time, the client) with its job.
// 3. After the commit, call followMoneyEvents([result.eventId]) (money-followups): notices, texts, the
//    automatic payout, the review window and the receipt consume the event, never the money again. If
//    the process stops first, the event's job runs them. This module imports none of its users.
// 4. Add the op to transitions.property.integration.test.ts (it fuzzes this table) and, if the transition
//    changes what a phase means, to ledger:check (ledger-consistency.server.ts).

import {
  type LedgerEntryInput,
  type LedgerPosting,
  postLedgerTransaction,
} from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
  refundsPendingAccount,
} from "~/features/ledger/ledger-accounts";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { DEFAULT_CANCELLATION_POLICY, isCancellationPolicy } from "./cancellation-policy";
import { eventEnded, eventEndsAt, formatLagosMoment } from "./event-time";
import { configuredFeeRates } from "./fees.server";
import { lineUpSplit, type MemberMove } from "./line-up-shares";
import { type MoneyEventInput, writeMoneyEvent } from "./money-events.server";
import {
  type Charges,
  chargesAt,
  isHeld,
  type MoneyPhase,
  PAYMENT_STATUS_OF,
  phaseOf,
  proportionKobo,
  releaseDueAt,
  sharesOf,
} from "./money-rules";
import * as q from "./queries.server";

export type { MoneyPhase } from "./money-rules";

export const MONEY_MESSAGES = {
  notPaid: "This booking has not been paid.",
  refunded: "This booking's payment was refunded.",
  released: "This booking's payment was already released.",
  onHold: "A dispute is open on this booking, so its payment is on hold until our team resolves it.",
  chargeback:
    "The card payment for this booking is disputed with the bank, so its payment is on hold until the dispute is resolved.",
  refundChargeback:
    "The card payment for this booking is disputed with the bank; nothing can be refunded until that dispute is resolved.",
  cancelled: "This booking was cancelled, so its payment is not released.",
  tooEarly: "You can confirm the event happened once it has ended.",
  notDue: "The automatic release of this booking's payment is not due yet.",
  refundedOnce: "Part of this booking's payment was already refunded; our team settles the rest with you.",
  nothingHeld: "This booking's payment is no longer held.",
  nothingToTakeBack: "Nothing is left on this charge to take back.",
} as const;

export type MoneyBooking = q.MoneyRow["booking"];
export type MoneyPayment = NonNullable<q.MoneyRow["payment"]>;

/** One booking's money, derived from the ledger and the rows. */
export type BookingMoney = ReturnType<typeof derive>;

type Balances = { availableKobo: number; receivableKobo: number };

/** With the wallets locked: the musician's balances, read after the lock (review N3), and each line-up member's. */
export type LockedBookingMoney = BookingMoney & {
  musician: Balances;
  /** Each line-up member's balances, by musician id, read under their wallet's lock (ADR 0033). */
  members: Record<string, Balances>;
};

function derive({
  booking,
  payment,
  creditedAt,
  escrowKobo,
  released,
  releasedKobo,
  releasedToMusicianKobo,
  refundedKobo,
  chargedBackKobo,
  disputeSinceCredit,
  anyOpenDispute,
  cardDisputeOpen,
  lineUp,
  releasedByMusician,
}: q.MoneyRow) {
  const paidKobo = payment?.amountKobo ?? 0;
  const facts = { paidKobo, escrowKobo, released, refundedKobo, chargedBackKobo };
  /** Money is held: escrow > 0 and never released (the one predicate, review N4). */
  const held = isHeld(facts);
  const end = eventEndsAt(booking);
  return {
    booking,
    /** The successful charge (null: unpaid). */
    payment,
    phase: phaseOf(facts),
    paidKobo,
    escrowKobo,
    /** The release posting exists (release:{booking}). */
    released,
    held,
    refundedKobo,
    chargedBackKobo,
    /** The cancellation policy frozen on the payment (null: unpaid). */
    policy: payment
      ? isCancellationPolicy(payment.cancellationPolicy)
        ? payment.cancellationPolicy
        : DEFAULT_CANCELLATION_POLICY
      : null,
    /** What holds the money: a client dispute filed since our credit (only while money is held), a card dispute. */
    holds: {
      clientDispute: held && disputeSinceCredit !== null,
      cardDispute: payment ? cardDisputeOpen : false,
    },
    /** An unresolved client dispute, whether or not it holds money (the admin sees every one, N7). */
    openDisputeId: anyOpenDispute,
    /** When our ledger credited the payment (our clock). */
    creditedAt,
    eventEndsAt: end,
    /** When the automatic release is due: 48 h (RELEASE_AFTER_HOURS) after the later of the event's end and our credit. */
    releaseDueAt: releaseDueAt(end, creditedAt, env().RELEASE_AFTER_HOURS),
    /** Who paid: the payment's account and e-mail (who may act as them is payer.server's question). */
    payer: payment ? { paymentId: payment.id, userId: payment.payerUserId, email: payment.email } : null,
    /** Each side's share of what escrow holds now, at the payment's own rates. */
    shares: payment ? sharesOf(payment, escrowKobo) : { musicianKobo: 0, platformKobo: 0 },
    /** What the release gave each side (0: not released); the musician side is the leader and the line-up together. */
    releasedShares: {
      musicianKobo: releasedToMusicianKobo,
      platformKobo: releasedKobo - releasedToMusicianKobo,
    },
    /** What the release gave each musician of the side (Available plus debt repaid), by musician id. */
    releasedByMusician,
    /**
     * The line-up's accepted members and their fees (ADR 0033): frozen with the payment, so once paid
     * this is the line-up the money is shared with; before payment, who would be frozen now.
     */
    lineUp,
    /** The payment's price, fee, total and shares at its own rates (null: unpaid; see priceQuote). */
    charges: payment ? chargesAt(payment.priceKobo, payment) : null,
  };
}

/**
 * Before any payment: what a price costs at today's rates (the fee, the total the payer pays, the
 * musician's share). Confirm, the "accepted" e-mail, the pay panel and an unpaid contract say this;
 * once paid, everything reads BookingMoney.charges (the payment's own rates).
 */
export function priceQuote(priceKobo: number): Charges {
  return chargesAt(priceKobo, configuredFeeRates());
}

/** The booking's charges: the payment's once paid, else today's quote for its price (null: no price yet). */
export function chargesOf(m: BookingMoney | null, priceKobo: number | null): Charges | null {
  return m?.charges ?? (priceKobo === null ? null : priceQuote(priceKobo));
}

/**
 * The booking's money inside the caller's transaction: locks the booking, then the wallets of its
 * musician and of its line-up's members (always in that order: the booking, then the wallets by
 * musician id, so two bookings sharing musicians never wait on each other in a circle), then reads.
 * Null: no such booking.
 */
export async function readBookingMoney(
  tx: DbExecutor,
  bookingId: string,
): Promise<LockedBookingMoney | null> {
  if (!(await q.lockBookingRow(tx, bookingId))) return null;
  const row = await q.moneyRow(tx, bookingId);
  if (!row) return null;
  const wallets = [...new Set([row.booking.musicianId, ...row.lineUp.map((x) => x.musicianId)])].sort();
  for (const id of wallets) await q.lockMusicianWallet(tx, id);
  const members: Record<string, Balances> = {};
  for (const x of row.lineUp) members[x.musicianId] = await q.musicianBalances(tx, x.musicianId);
  return { ...derive(row), musician: await q.musicianBalances(tx, row.booking.musicianId), members };
}

/** The same value without locks, for pages, PDFs, notices and lists. */
export async function peekBookingMoney(bookingId: string, ex: DbExecutor = db): Promise<BookingMoney | null> {
  const row = await q.moneyRow(ex, bookingId);
  return row ? derive(row) : null;
}

export async function peekBookingsMoney(bookingIds: string[], ex: DbExecutor = db) {
  const rows = await q.moneyRowsOf(ex, bookingIds);
  return new Map(rows.map((row) => [row.booking.id, derive(row)]));
}

/** "The event happened" opens at the event's end, said in Lagos time. */
export function releaseOpensMessage(booking: Parameters<typeof eventEndsAt>[0]): string {
  const end = eventEndsAt(booking);
  return end ? `${MONEY_MESSAGES.tooEarly} That is from ${formatLagosMoment(end)}.` : MONEY_MESSAGES.tooEarly;
}

// ——— The transitions ———

/** client: the payer's "The event happened"; auto: the clock; admin: resolving a dispute (ignores its hold);
 * cancellation: what the policy keeps after a client's cancellation. */
export type ReleaseBy = "client" | "auto" | "admin" | "cancellation";
export type RefundReason =
  | "musician_cancelled"
  | "client_cancelled"
  | "dispute"
  | "paid_after_cancel"
  | "duplicate_charge";

type Step = LedgerPosting & {
  /** A refund row made with the posting (the posting is skipped when the row already existed). */
  refund?: { transactionReference: string; amountKobo: number; reason: RefundReason };
};
type Plan = {
  steps: Step[];
  /** Written with the status cache, unless the booking was cancelled. */
  bookingStatus?: "completed";
  /** What each side got from a release in this plan. */
  musicianKobo?: number;
  /** A lost chargeback's debt repaid from the release. */
  repaidKobo?: number;
  platformKobo?: number;
  refundKobo?: number;
  /** What this plan moved for each line-up member (a release: credited; a lost chargeback: taken back). */
  members?: MemberMove[];
};
type Refused = { refused: string; status?: number };
type Transition<I> = {
  from: readonly MoneyPhase[];
  plan: (m: LockedBookingMoney, input: I) => Plan | Refused;
};

const PAID: readonly MoneyPhase[] = ["held", "released", "refunded", "partly_settled"];
const HOLDING: readonly MoneyPhase[] = ["held", "partly_settled"];

/** A posting on the booking. */
function posting(m: BookingMoney, kind: string, key: string, memo: string, entries: LedgerEntryInput[]) {
  return { idempotencyKey: key, kind, bookingId: m.booking.id, memo, entries };
}

/** `amountKobo` moves from one account to another. */
function move(from: string, to: string, amountKobo: number): LedgerEntryInput[] {
  return [
    { account: from, amountKobo: -amountKobo },
    { account: to, amountKobo },
  ];
}

function refundStep(m: LockedBookingMoney, amountKobo: number, reason: RefundReason): Step {
  const memo = `Refund of ${formatNaira(amountKobo)} (${reason.replaceAll("_", " ")})`;
  const entries = move(escrowAccount(m.booking.id), refundsPendingAccount(m.booking.id), amountKobo);
  return {
    ...posting(m, "refund", `refund:${m.booking.id}`, memo, entries),
    refund: { transactionReference: m.payment!.reference, amountKobo, reason },
  };
}

const NO_BALANCES: Balances = { availableKobo: 0, receivableKobo: 0 };

/** `kobo` credited to one musician: a lost chargeback's debt is repaid first, the rest goes to Available (ADR 0014). */
function creditOf(musicianId: string, kobo: number, balances: Balances) {
  const repaidKobo = Math.min(Math.max(0, -balances.receivableKobo), kobo);
  return {
    availableKobo: kobo - repaidKobo,
    repaidKobo,
    entries: [
      { account: musicianPayableAccount(musicianId), amountKobo: kobo - repaidKobo },
      { account: chargebackReceivableAccount(musicianId), amountKobo: repaidKobo },
    ],
  };
}

/**
 * Releases `amountKobo` of escrow in one posting: the musician side's part (sharesOf) is shared between
 * the frozen line-up and the leader (lineUpSplit: each member the side's fraction of their fee, the
 * leader the rest), each musician repaying their own chargeback debt first; the commission once.
 */
function releaseStep(m: LockedBookingMoney, amountKobo: number, by: ReleaseBy) {
  const split = sharesOf(m.payment!, amountKobo);
  const line = lineUpSplit(split.musicianKobo, m.charges!.musicianKobo, m.lineUp);
  const leader = creditOf(m.booking.musicianId, line.leaderKobo, m.musician);
  const members = line.members.map((x, n) => {
    const credit = creditOf(x.musicianId, x.kobo, m.members[x.musicianId] ?? NO_BALANCES);
    const { role, feeKobo } = m.lineUp[n]!;
    return { musicianId: x.musicianId, role, feeKobo, ...credit };
  });
  const entries = [
    { account: escrowAccount(m.booking.id), amountKobo: -amountKobo },
    ...leader.entries,
    ...members.flatMap((x) => x.entries),
    { account: PLATFORM_REVENUE, amountKobo: split.platformKobo },
  ].filter((e) => e.amountKobo !== 0);
  const memo =
    (by === "cancellation"
      ? `Escrow for booking ${m.booking.slug} kept under the cancellation policy after the client cancelled`
      : `Escrow for booking ${m.booking.slug} released (${by})`) +
    (members.length > 0
      ? `; line-up: ${members.map((x) => `${x.role} ${formatNaira(x.availableKobo + x.repaidKobo)}`).join(", ")}`
      : "");
  return {
    step: posting(m, "release", `release:${m.booking.id}`, memo, entries),
    musicianKobo: leader.availableKobo,
    repaidKobo: leader.repaidKobo,
    platformKobo: split.platformKobo,
    members: members.map(({ entries: _, ...x }) => x),
  };
}

function refundRefusal(m: LockedBookingMoney, amountKobo: number, max = m.escrowKobo): Refused | null {
  if (m.holds.cardDispute) return { refused: MONEY_MESSAGES.refundChargeback };
  if (m.refundedKobo > 0) return { refused: MONEY_MESSAGES.refundedOnce };
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > max)
    return { refused: `A refund must be between ₦0.01 and ${formatNaira(max)}`, status: 400 };
  return null;
}

/** A refund of `refundKobo` and the release of the rest, in one plan (client cancel, admin resolution). */
function splitPlan(
  m: LockedBookingMoney,
  refundKobo: number,
  reason: RefundReason,
  by: ReleaseBy,
): Plan | Refused {
  if (m.holds.cardDispute) return { refused: MONEY_MESSAGES.chargeback };
  const steps: Step[] = [];
  if (refundKobo > 0) {
    const refused = refundRefusal(m, refundKobo);
    if (refused) return refused;
    steps.push(refundStep(m, refundKobo, reason));
  }
  const rest = m.escrowKobo - refundKobo;
  if (rest <= 0) return { steps, refundKobo, musicianKobo: 0, platformKobo: 0 };
  const release = releaseStep(m, rest, by);
  return {
    steps: [...steps, release.step],
    refundKobo,
    musicianKobo: release.musicianKobo,
    repaidKobo: release.repaidKobo,
    platformKobo: release.platformKobo,
    members: release.members,
    bookingStatus: by === "admin" ? "completed" : undefined,
  };
}

/** The release's plan (also what a won card dispute does once nothing else holds the money). */
function releasePlan(
  m: LockedBookingMoney,
  i: { by: Exclude<ReleaseBy, "cancellation">; now: Date },
): Plan | Refused {
  // The table owns every refusal (M12), callers restate none: a cancelled booking is never released by
  // the client or the clock; a released one again moves nothing (a repeat, not an error); a partly
  // settled booking that holds nothing is not released.
  if (m.booking.status === "cancelled" && i.by !== "admin") return { refused: MONEY_MESSAGES.cancelled };
  if (m.phase === "released") return { steps: [] };
  if (!m.held) return { refused: MONEY_MESSAGES.nothingHeld };
  if (i.by !== "admin" && m.holds.clientDispute) return { refused: MONEY_MESSAGES.onHold };
  // A card dispute holds the money even from an admin until the bank's dispute is settled.
  if (m.holds.cardDispute) return { refused: MONEY_MESSAGES.chargeback };
  if (i.by === "client" && !eventEnded(m.booking, i.now)) return { refused: releaseOpensMessage(m.booking) };
  if (i.by === "auto" && m.releaseDueAt && m.releaseDueAt > i.now) return { refused: MONEY_MESSAGES.notDue };
  const release = releaseStep(m, m.escrowKobo, i.by);
  return {
    steps: [release.step],
    bookingStatus: "completed",
    musicianKobo: release.musicianKobo,
    repaidKobo: release.repaidKobo,
    platformKobo: release.platformKobo,
    members: release.members,
  };
}

export const TRANSITIONS = {
  /** A successful charge is credited into escrow (key: its reference). */
  credit: {
    from: ["unpaid"],
    plan: (m, i: { reference: string; amountKobo: number; provider: string }) => {
      // The provider is on the posting too: test-mode money must be told apart from real money.
      const memo = `Payment ${i.reference} for booking ${m.booking.slug} held in escrow (${i.provider === "test" ? "test mode, no real money" : i.provider})`;
      const entries = move(PAYSTACK_CLEARING, escrowAccount(m.booking.id), i.amountKobo);
      return { steps: [posting(m, "charge", i.reference, memo, entries)] };
    },
  } satisfies Transition<{ reference: string; amountKobo: number; provider: string }>,

  /** What escrow holds goes to the musician (price − commission) and the platform, once. */
  release: {
    from: [...HOLDING, "released"],
    plan: releasePlan,
  } satisfies Transition<{ by: Exclude<ReleaseBy, "cancellation">; now: Date }>,

  /** Part or all of what escrow holds goes back to the client (musician cancel, admin, paid after cancel). */
  refund: {
    from: HOLDING,
    plan: (m, i: { amountKobo: number; reason: RefundReason }) =>
      (m.held ? null : { refused: MONEY_MESSAGES.nothingHeld }) ??
      refundRefusal(m, i.amountKobo) ?? {
        steps: [refundStep(m, i.amountKobo, i.reason)],
        refundKobo: i.amountKobo,
      },
  } satisfies Transition<{ amountKobo: number; reason: RefundReason }>,

  /** The client cancelled: the policy's refund goes back, the rest is shared as a release would share it. */
  clientCancelSplit: {
    from: ["held"],
    plan: (m, i: { refundKobo: number }) => splitPlan(m, i.refundKobo, "client_cancelled", "cancellation"),
  } satisfies Transition<{ refundKobo: number }>,

  /** An admin resolves a dispute: refund `refundKobo` (0: none; all of escrow: all) and release the rest. */
  adminSplit: {
    from: HOLDING,
    plan: (m, i: { refundKobo: number }) => {
      if (!m.held) return { refused: MONEY_MESSAGES.nothingHeld };
      if (!Number.isSafeInteger(i.refundKobo) || i.refundKobo < 0 || i.refundKobo > m.escrowKobo)
        return { refused: `Enter a refund between ₦0.00 and ${formatNaira(m.escrowKobo)}`, status: 400 };
      return splitPlan(m, i.refundKobo, "dispute", "admin");
    },
  } satisfies Transition<{ refundKobo: number }>,

  /**
   * The cardholder won a card dispute: Paystack took `amountKobo` back. It comes out of escrow first;
   * beyond that (released) in the release's proportion from the musician's Available (what they have
   * withdrawn is owed, chargeback_receivable) and platform revenue (ADR 0014). Capped per charge: what
   * went back to the card (refunds and losses) never exceeds the charge (review N5).
   */
  chargebackLost: {
    from: PAID,
    plan: (m, i: { providerDisputeId: string; amountKobo: number | null }) => {
      const paid = m.paidKobo;
      const left = paid - m.refundedKobo - m.chargedBackKobo;
      const lost = Math.min(i.amountKobo && i.amountKobo > 0 ? i.amountKobo : paid, left);
      if (lost <= 0) return { refused: MONEY_MESSAGES.nothingToTakeBack };
      const fromEscrow = Math.min(lost, m.escrowKobo);
      const beyond = lost - fromEscrow;
      let fromMusician = 0;
      let owed = 0;
      let fromPlatform = beyond;
      const members: MemberMove[] = [];
      const memberEntries: LedgerEntryInput[] = [];
      const shared = m.releasedShares.musicianKobo + m.releasedShares.platformKobo;
      if (beyond > 0 && shared > 0) {
        const musician = m.releasedShares.musicianKobo;
        const part = Math.min(musician, proportionKobo(beyond, musician, shared));
        // The musician side's part falls on each musician in the proportion the release gave them (ADR
        // 0033: a member pays back the same fraction of what they received as the leader does).
        const given = (id: string) => m.releasedByMusician[id] ?? 0;
        const line = lineUpSplit(
          part,
          musician,
          m.lineUp.map((x) => ({ musicianId: x.musicianId, feeKobo: given(x.musicianId) })),
        );
        const leaderPart = Math.min(line.leaderKobo, given(m.booking.musicianId));
        // The platform bears the rest: no musician pays back more than they received.
        fromPlatform = beyond - part + (line.leaderKobo - leaderPart);
        fromMusician = Math.min(leaderPart, Math.max(0, m.musician.availableKobo));
        owed = leaderPart - fromMusician;
        line.members.forEach((x, n) => {
          const balances = m.members[x.musicianId] ?? NO_BALANCES;
          const fromAvailable = Math.min(x.kobo, Math.max(0, balances.availableKobo));
          const { role, feeKobo } = m.lineUp[n]!;
          members.push({
            musicianId: x.musicianId,
            role,
            feeKobo,
            availableKobo: -fromAvailable,
            repaidKobo: 0,
            owedKobo: x.kobo - fromAvailable,
          });
          memberEntries.push(
            { account: musicianPayableAccount(x.musicianId), amountKobo: -fromAvailable },
            { account: chargebackReceivableAccount(x.musicianId), amountKobo: -(x.kobo - fromAvailable) },
          );
        });
      }
      const entries = [
        { account: escrowAccount(m.booking.id), amountKobo: -fromEscrow },
        { account: musicianPayableAccount(m.booking.musicianId), amountKobo: -fromMusician },
        { account: chargebackReceivableAccount(m.booking.musicianId), amountKobo: -owed },
        ...memberEntries,
        { account: PLATFORM_REVENUE, amountKobo: -fromPlatform },
        { account: PAYSTACK_CLEARING, amountKobo: lost },
      ].filter((e) => e.amountKobo !== 0);
      const memo =
        `Chargeback of ${formatNaira(lost)} on payment ${m.payment!.reference} lost: ` +
        `${formatNaira(fromEscrow)} from escrow` +
        (beyond > 0
          ? `, ${formatNaira(fromMusician)} from the musician's Available, ${formatNaira(owed)} owed by the musician, ${formatNaira(fromPlatform)} from platform revenue`
          : "") +
        (members.length > 0
          ? `; line-up: ${members.map((x) => `${x.role} ${formatNaira(-x.availableKobo)} from Available, ${formatNaira(x.owedKobo ?? 0)} owed`).join(", ")}`
          : "");
      return {
        steps: [posting(m, "chargeback", `chargeback:${i.providerDisputeId}`, memo, entries)],
        refundKobo: lost,
        members,
      };
    },
  } satisfies Transition<{ providerDisputeId: string; amountKobo: number | null }>,

  /**
   * We won a card dispute (Paystack's resolution or the admin's record, already stored): its hold lifts.
   * Refused while another card dispute on the charge still holds the money. A release already due that
   * nothing else holds goes now, by the release's own rules, in this transition (M12: every chargeback
   * outcome goes through this table); otherwise nothing moves and the release waits for its clock.
   */
  chargebackWon: {
    from: PAID,
    plan: (m, i?: { now: Date }) => {
      if (m.holds.cardDispute) return { refused: MONEY_MESSAGES.chargeback };
      const release = releasePlan(m, { by: "auto", now: i?.now ?? new Date() });
      return "refused" in release ? { steps: [] } : release;
    },
  } satisfies Transition<{ now: Date } | undefined>,

  /** A second successful charge of a booking already paid was never its money: back in full. */
  duplicateRefund: {
    from: PAID,
    plan: (m, i: { reference: string; amountKobo: number }) => {
      const memo = `Second payment ${i.reference} for a booking already paid: refunded in full`;
      const entries = move(PAYSTACK_CLEARING, refundsPendingAccount(m.booking.id), i.amountKobo);
      const step = posting(m, "duplicate_charge", `duplicate-charge:${i.reference}`, memo, entries);
      const refund = { transactionReference: i.reference, amountKobo: i.amountKobo };
      return {
        steps: [{ ...step, refund: { ...refund, reason: "duplicate_charge" } }],
        refundKobo: i.amountKobo,
      };
    },
  } satisfies Transition<{ reference: string; amountKobo: number }>,
};

export type TransitionName = keyof typeof TRANSITIONS;
export type TransitionInput<N extends TransitionName> = Parameters<(typeof TRANSITIONS)[N]["plan"]>[1];

export type Applied = {
  ok: true;
  /** Some posting was new (false: a repeat, nothing moved). */
  moved: boolean;
  /** Refund rows this made, to send to the provider after the commit. */
  refundIds: string[];
  musicianKobo: number;
  platformKobo: number;
  refundKobo: number;
  /** The money after the transition. */
  after: BookingMoney;
  /** The money event this wrote (null: nothing moved), for its follow-ups (money-events.server.ts). */
  eventId: string | null;
};
export type MoneyRefusal = { ok: false; status: number; message: string };

const PHASE_REFUSALS: Record<MoneyPhase, string> = {
  unpaid: MONEY_MESSAGES.notPaid,
  held: MONEY_MESSAGES.notPaid,
  released: MONEY_MESSAGES.released,
  refunded: MONEY_MESSAGES.refunded,
  partly_settled: MONEY_MESSAGES.nothingHeld,
};

/**
 * Applies one transition to money read by readBookingMoney in this transaction: checks the phase,
 * plans, posts (each posting once: a repeat moves nothing), then writes payment_status from the
 * phase derived after the postings, and writes the money event (money-events.server.ts) with its job:
 * after the commit, call the follow-ups with `eventId` (money-followups); the job runs them otherwise.
 */
export async function applyTransition<N extends TransitionName>(
  tx: DbExecutor,
  m: LockedBookingMoney,
  name: N,
  input: TransitionInput<N>,
): Promise<Applied | MoneyRefusal> {
  const t = TRANSITIONS[name] as Transition<TransitionInput<N>>;
  if (!t.from.includes(m.phase)) return { ok: false, status: 409, message: PHASE_REFUSALS[m.phase] };
  const plan = t.plan(m, input);
  if ("refused" in plan) return { ok: false, status: plan.status ?? 409, message: plan.refused };
  let moved = false;
  const refundIds: string[] = [];
  for (const step of plan.steps) {
    if (step.refund) {
      const refundId = await q.insertRefundRow(tx, { bookingId: m.booking.id, ...step.refund });
      if (!refundId) continue;
      refundIds.push(refundId);
    }
    if (step.entries.length < 2) continue;
    moved = (await postLedgerTransaction(tx, step)).created || moved;
  }
  const after = await peekBookingMoney(m.booking.id, tx);
  if (!after) throw new Error(`booking ${m.booking.id} vanished inside its own transaction`);
  const status = plan.bookingStatus && m.booking.status !== "cancelled" ? plan.bookingStatus : undefined;
  await q.writeBookingStatus(tx, m.booking.id, PAYMENT_STATUS_OF[after.phase], status);
  const applied = {
    ok: true as const,
    moved,
    refundIds,
    musicianKobo: moved ? (plan.musicianKobo ?? 0) : 0,
    platformKobo: moved ? (plan.platformKobo ?? 0) : 0,
    refundKobo: plan.refundKobo ?? 0,
    after: status ? { ...after, booking: { ...after.booking, status } } : after,
  };
  const eventId =
    moved || refundIds.length > 0
      ? await writeMoneyEvent(tx, moneyEventOf(name, input, plan, applied))
      : null;
  return { ...applied, eventId };
}

/** The event of an applied transition: what moved and the money after it (money-events.server.ts). */
function moneyEventOf<N extends TransitionName>(
  name: N,
  input: TransitionInput<N>,
  plan: Plan,
  applied: Omit<Applied, "eventId">,
): MoneyEventInput {
  const a = applied.after;
  const i = input as { by?: string; reason?: string } | undefined;
  return {
    key: `${name}:${plan.steps.map((s) => s.idempotencyKey).join("+") || a.booking.id}`,
    kind: name,
    bookingId: a.booking.id,
    bookingSlug: a.booking.slug,
    musicianId: a.booking.musicianId,
    paymentReference: a.payment?.reference ?? null,
    by:
      i?.by ??
      i?.reason ??
      (name === "clientCancelSplit"
        ? "client"
        : name === "adminSplit"
          ? "admin"
          : name === "chargebackWon"
            ? "auto"
            : null),
    moved: {
      refundKobo: applied.refundKobo,
      musicianKobo: applied.musicianKobo,
      repaidKobo: applied.moved ? (plan.repaidKobo ?? 0) : 0,
      platformKobo: applied.platformKobo,
      refundIds: applied.refundIds,
      members: applied.moved ? (plan.members ?? []) : [],
    },
    lineUp: a.lineUp,
    figures: {
      paidKobo: a.paidKobo,
      priceKobo: a.charges?.priceKobo ?? 0,
      serviceFeeKobo: a.charges?.serviceFeeKobo ?? 0,
      commissionKobo: a.charges?.commissionKobo ?? 0,
      commissionBp: a.charges?.commissionBp ?? 0,
      musicianShareKobo: a.charges?.musicianKobo ?? 0,
      escrowKobo: a.escrowKobo,
      refundedKobo: a.refundedKobo,
      chargedBackKobo: a.chargedBackKobo,
      releasedToMusicianKobo: a.releasedShares.musicianKobo,
      releasedToPlatformKobo: a.releasedShares.platformKobo,
    },
    phase: a.phase,
    held: a.held,
    holds: a.holds,
    releaseDueAt: a.releaseDueAt?.toISOString() ?? null,
    eventEndsAt: a.eventEndsAt?.toISOString() ?? null,
    creditedAt: a.creditedAt ? new Date(a.creditedAt).toISOString() : null,
    bookingStatus: a.booking.status,
    policy: a.policy,
    testMoney: a.payment?.testMode ?? false,
    payer: a.payer,
  };
}

/**
 * Something about money a person must settle (a refund Paystack cannot finish, a lost chargeback with
 * nothing left), shown on the admin's Payments tab once per reference and kind, until marked done.
 */
export function raiseMoneyAlert(
  tx: DbExecutor,
  about: { reference: string; musicianId: string | null; amountKobo: number },
  kind: string,
  detail: string,
): Promise<void> {
  return q.insertMoneyAlert(tx, { ...about, kind, detail });
}

/**
 * Money coming back to the musician's wallet from `from` (a payout the bank returned or reversed): a
 * debt for a lost chargeback is repaid first, the rest goes to Available (ADR 0014; the probe found
 * returned money withdrawable while the debt stayed open). Call with the wallet locked.
 */
export async function moneyBackEntries(
  tx: DbExecutor,
  musicianId: string,
  from: string,
  amountKobo: number,
): Promise<LedgerEntryInput[]> {
  const { receivableKobo } = await q.musicianBalances(tx, musicianId);
  const repaid = Math.min(Math.max(0, -receivableKobo), amountKobo);
  return [
    { account: from, amountKobo: -amountKobo },
    { account: musicianPayableAccount(musicianId), amountKobo: amountKobo - repaid },
    { account: chargebackReceivableAccount(musicianId), amountKobo: repaid },
  ].filter((e) => e.amountKobo !== 0);
}

/** Whether any of the musician's bookings holds money in escrow (a first payout account is held then, M16). */
export function musicianHoldsEscrow(musicianId: string): Promise<boolean> {
  return q.musicianHoldsEscrow(db, musicianId);
}

/** The line-up of each booking (accepted members and fees; frozen once paid), for the wallet (ADR 0033). */
export function lineUpsOf(bookingIds: string[], ex: DbExecutor = db) {
  return q.lineUpsOf(ex, bookingIds);
}

/** Ids of bookings whose money is held and not cancelled (the release sweep re-queues each). */
export function heldBookingIds(): Promise<string[]> {
  return q.heldBookingIds(db);
}

/** payment_status of many bookings (lists): the cache ledger:check proves equal to the phase. */
export async function paymentStatuses(bookingIds: string[]): Promise<Map<string, string>> {
  const money = await peekBookingsMoney(bookingIds);
  return new Map([...money].map(([id, m]) => [id, PAYMENT_STATUS_OF[m.phase]]));
}

// ——— The musician's wallet ———

/** Locks the musician's wallet (after any booking lock: the order readBookingMoney keeps). */
export const lockMusicianWallet = q.lockMusicianWallet;

/**
 * What the musician may withdraw now, read under the wallet lock: Available less their released share
 * of bookings a bank is still disputing (probe item) and less test-mode money when paying out for real
 * (review N10).
 */
export async function withdrawableKobo(
  tx: DbExecutor,
  musicianId: string,
  realPayout: boolean,
): Promise<{ availableKobo: number; withdrawableKobo: number; disputedKobo: number; testKobo: number }> {
  const { availableKobo } = await q.musicianBalances(tx, musicianId);
  const holds = await q.withdrawalHoldsOf(tx, musicianId);
  const testKobo = realPayout ? holds.testKobo : 0;
  return {
    availableKobo,
    disputedKobo: holds.disputedKobo,
    testKobo,
    withdrawableKobo: Math.max(0, availableKobo - holds.disputedKobo - testKobo),
  };
}

// ——— ledger:check ———

const lineUpKey = (l: { musicianId: string; feeKobo: number; role: string }[]) =>
  l.map((x) => `${x.musicianId}:${x.feeKobo}:${x.role}`).join(",");

/**
 * A line-up's rules (ADR 0033): the line-up never changed after payment (the rows equal what the
 * credit's event froze), and a release credited the musician side's share exactly as lineUpSplit
 * shares it: each frozen member their part, the leader the rest, nobody else.
 */
function lineUpBreaches(m: BookingMoney, frozen: BookingMoney["lineUp"] | undefined) {
  const out: { rule: string; detail: string }[] = [];
  const slug = m.booking.slug;
  if (frozen && lineUpKey(frozen) !== lineUpKey(m.lineUp))
    out.push({
      rule: "a frozen line-up never changes",
      detail: `booking ${slug}: paid with line-up [${lineUpKey(frozen)}], now [${lineUpKey(m.lineUp)}]`,
    });
  if (!m.released || !m.payment || !m.charges) return out;
  const releasedKobo = m.releasedShares.musicianKobo + m.releasedShares.platformKobo;
  const side = sharesOf(m.payment, releasedKobo).musicianKobo;
  const credited = Object.values(m.releasedByMusician).reduce((a, b) => a + b, 0);
  if (credited !== side)
    out.push({
      rule: "a release's line-up and leader add up to the musician share",
      detail: `booking ${slug}: musicians credited ${formatNaira(credited)}, the musician share of the release is ${formatNaira(side)}`,
    });
  const split = lineUpSplit(side, m.charges.musicianKobo, frozen ?? m.lineUp);
  const expected = new Map(split.members.map((x) => [x.musicianId, x.kobo]));
  expected.set(m.booking.musicianId, split.leaderKobo);
  for (const id of new Set([...expected.keys(), ...Object.keys(m.releasedByMusician)])) {
    const got = m.releasedByMusician[id] ?? 0;
    const want = expected.get(id);
    if (want === undefined || got !== want)
      out.push({
        rule: "a release pays each musician their line-up share",
        detail:
          want === undefined
            ? `booking ${slug}: musician ${id} is not in its line-up but its release credited them ${formatNaira(got)}`
            : `booking ${slug}: musician ${id} was credited ${formatNaira(got)}, their share is ${formatNaira(want)}`,
      });
  }
  return out;
}

/**
 * The money module's ledger:check rules: payment_status is the derived phase; refunds plus lost
 * chargebacks never exceed the charge; and the ledger agrees with the rows (ledgerRowDisagreements).
 */
export async function moneyModuleBreaches(ex: DbExecutor = db) {
  const out = await q.ledgerRowDisagreements(ex);
  for (const twice of await q.releaseCreditedTwice(ex))
    out.push({
      rule: "no musician credited twice by a release",
      detail: `booking ${twice.slug}: ${twice.account} credited ${twice.n} times by its release`,
    });
  const snapshots = await q.frozenLineUpSnapshots(ex);
  for (const row of await q.moneyRowsToCheck(ex)) {
    const m = derive(row);
    const { slug, paymentStatus } = row.booking;
    out.push(...lineUpBreaches(m, snapshots.get(m.booking.id)));
    const expected = PAYMENT_STATUS_OF[m.phase];
    if (paymentStatus !== expected)
      out.push({
        rule: "payment status is the derived phase",
        detail: `booking ${slug} says ${paymentStatus}, the ledger says ${m.phase} (${expected})`,
      });
    if (m.refundedKobo + m.chargedBackKobo > m.paidKobo)
      out.push({
        rule: "never more back than the charge",
        detail: `booking ${slug}: refunds ${formatNaira(m.refundedKobo)} + lost chargebacks ${formatNaira(m.chargedBackKobo)} exceed the charge ${formatNaira(m.paidKobo)}`,
      });
  }
  return out;
}
