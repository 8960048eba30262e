// The wallet's history in plain words, from the musician's side only: one line per money event, each
// with what it adds to (or takes from) Available + In escrow, so the lines reconcile with the figures
// at the top. Pure: the server feeds it the ledger's entries, the payouts and the bookings' payments.
//
// A booking's escrow holds what the client paid (price + service fee); the musician's part of it is
// what a release would give them now (releaseSplit with the payment's own recorded rates). Every line
// about a booking is the change in that part: a payment adds it, a refund takes the refunded share, a
// release moves it to Available (adding nothing). A withdrawal appears once, as money leaving, with
// its status; a failed or reversed one came back, so it takes nothing.

import type { LedgerHistoryRow } from "~/features/ledger/ledger.server";
import { type LineUpMember, lineUpPartsOf } from "~/features/money/line-up-shares";
import { type PaymentRates, pricePartOf } from "~/features/money/money-rules";
import { percentLabel } from "~/features/payments/fee-words";
import { formatCalendarDate } from "~/lib/lagos-date";
import { formatNairaAmount } from "~/lib/naira";
import type { PayoutRow } from "./queries.server";

type HistoryBooking = {
  id: string;
  slug: string;
  clientName: string;
  /** "Wedding" (the event type, or what "Others" names). */
  eventLabel: string;
  eventDate: string | null;
  /** The successful payment's recorded figures; null when the booking was never paid. */
  payment: PaymentRates | null;
  /** Its line-up frozen with the payment (issue 39): their fees come out of the musician's part. */
  lineUp?: LineUpMember[];
};

/** A booking the musician plays in as a line-up member: their fee reaches Available with its release. */
type LineUpGig = {
  id: string;
  eventLabel: string;
  eventDate: string | null;
  role: string;
  leaderName: string;
};

/** One ledger entry on a booking's escrow account or on the musician's Available account. */
type HistoryEntry = Pick<
  LedgerHistoryRow,
  "transactionId" | "kind" | "bookingId" | "createdAt" | "amountKobo"
>;

/** A payout: an automatic one has the booking whose release it pays; a withdrawal none. */
type HistoryPayout = Pick<
  PayoutRow,
  "id" | "amountKobo" | "status" | "bookingId" | "bankName" | "accountNumber" | "note" | "createdAt"
>;

type WalletLine = {
  id: string;
  at: Date;
  text: string;
  /** The figure on the right: signed for money in or out, unsigned for a move or money that came back. */
  amountKobo: number;
  tone: "in" | "out" | "move" | "returned";
  /** What the line adds to Available + In escrow (a move adds nothing). */
  effectKobo: number;
  /** A payout's status ("Pending", "Paid out", "Held", ...). */
  status: string | null;
  note: string | null;
  bookingSlug: string | null;
  bookingLabel: string | null;
  /**
   * A line-up member's line about a leader's booking (their fee, its payout): the booking they played in.
   * It links to the member's own Line-ups page, never to the leader's booking page (issue 39).
   */
  lineUpGigId?: string;
};

const PAYOUT_STATUS_LABELS: Record<string, string> = {
  waiting: "Held",
  dropped: "Not sent — in Available",
  pending: "Pending",
  paid: "Paid out",
  failed: "Failed — back in Available",
  reversed: "Reversed by the bank — back in Available",
};

/**
 * The musician's part of escrowKobo held for one payment: the money module's one share rule, less what
 * the booking's line-up will be paid of it (ADR 0033).
 */
const musicianPartOf = (payment: PaymentRates, escrowKobo: number, lineUp: LineUpMember[] = []) =>
  lineUpPartsOf(payment, escrowKobo, lineUp).leaderKobo;

const dayMonth = (date: string | null) => (date ? formatCalendarDate(date, "d MMM") : "no date yet");

export function bookingLabel(b: HistoryBooking): string {
  return `${b.clientName} · ${b.eventLabel}, ${dayMonth(b.eventDate)}`;
}

/**
 * The lines, newest first, and what they add up to: the musician's part of every booking's escrow now
 * (inEscrowKobo), what clients' payments brought them after commission and refunds (earnedKobo, the
 * payment and refund lines), withdrawals the bank has paid and those on their way.
 */
export function walletStatement(input: {
  bookings: HistoryBooking[];
  /** Entries on the bookings' escrow accounts. */
  escrowEntries: HistoryEntry[];
  /** Entries on the musician's Available account (releases and withdrawals are told from escrow and payouts). */
  availableEntries: HistoryEntry[];
  /**
   * Entries on the musician's chargeback debt (chargeback_receivable): a lost card chargeback on money
   * already paid out is owed (negative), and later money is kept back to repay it (positive).
   */
  debtEntries?: HistoryEntry[];
  payouts: HistoryPayout[];
  /** Why each held automatic payout waits and when it goes, by payout id (issue 29). */
  holdNotes?: Map<string, string>;
  /** Bookings the musician plays in as a line-up member (their fee's lines). */
  lineUpGigs?: LineUpGig[];
}) {
  const byId = new Map(input.bookings.map((b) => [b.id, b]));
  const gigs = new Map((input.lineUpGigs ?? []).map((g) => [g.id, g]));
  const lines: WalletLine[] = [];
  const escrowOf = new Map<string, number>();
  // Postings made in one database transaction share its timestamp (a client's cancellation refunds, then
  // releases what the policy keeps): at equal times a payment comes first, then a refund, then a release.
  const rank = (e: HistoryEntry) => (e.amountKobo > 0 ? 0 : e.kind === "release" ? 2 : 1);
  const chronological = [...input.escrowEntries].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      rank(a) - rank(b) ||
      a.transactionId.localeCompare(b.transactionId),
  );
  let earnedKobo = 0;
  for (const e of chronological) {
    const booking = e.bookingId ? byId.get(e.bookingId) : undefined;
    if (!booking?.payment) continue;
    const payment = booking.payment;
    const before = escrowOf.get(booking.id) ?? 0;
    const after = before + e.amountKobo;
    escrowOf.set(booking.id, after);
    const change =
      musicianPartOf(payment, after, booking.lineUp) - musicianPartOf(payment, before, booking.lineUp);
    const lineUpKobo = lineUpPartsOf(payment, after - before, booking.lineUp ?? []).lineUpKobo;
    const base = {
      id: `${e.transactionId}:escrow`,
      at: e.createdAt,
      note: null,
      status: null,
      bookingSlug: booking.slug,
      bookingLabel: bookingLabel(booking),
    };
    const pct = percentLabel(payment.commissionBp);
    if (e.amountKobo > 0) {
      earnedKobo += change;
      lines.push({
        ...base,
        text: `${booking.clientName} paid for ${booking.eventLabel}, ${dayMonth(booking.eventDate)} — ${formatNairaAmount(change)} held (${formatNairaAmount(pricePartOf(payment, after - before))} − ${pct} commission${lineUpKobo > 0 ? ` − line-up ${formatNairaAmount(lineUpKobo)}` : ""})`,
        amountKobo: change,
        tone: "in",
        effectKobo: change,
      });
    } else if (e.kind === "release") {
      lines.push({
        ...base,
        text: "Released to Available",
        amountKobo: -change,
        tone: "move",
        effectKobo: 0,
      });
    } else if (e.kind === "chargeback") {
      earnedKobo += change;
      lines.push({
        ...base,
        text: `The client's bank took back ${formatNairaAmount(-e.amountKobo)} of the payment (a card chargeback the bank decided for the client)`,
        amountKobo: change,
        tone: "out",
        effectKobo: change,
      });
    } else {
      earnedKobo += change;
      const kept = musicianPartOf(payment, after, booking.lineUp);
      lines.push({
        ...base,
        text:
          kept > 0
            ? `Refunded to the client: ${formatNairaAmount(-e.amountKobo)}; you keep ${formatNairaAmount(kept)} (${formatNairaAmount(pricePartOf(payment, after))} − ${pct})`
            : `Refunded to the client in full: ${formatNairaAmount(-e.amountKobo)}`,
        amountKobo: change,
        tone: "out",
        effectKobo: change,
      });
    }
  }
  // Anything on Available that is neither a release nor a withdrawal (none today) still shows, so the
  // lines keep adding up.
  const told = new Set(["payout", "payout_returned", "payout_reversed"]);
  for (const e of input.availableEntries) {
    if (told.has(e.kind)) continue;
    // A release from a paid booking's escrow was told above ("Released to Available").
    if (e.kind === "release" && e.bookingId && byId.get(e.bookingId)?.payment) continue;
    const booking = e.bookingId ? byId.get(e.bookingId) : undefined;
    const gig = e.bookingId ? gigs.get(e.bookingId) : undefined;
    if (gig && (e.kind === "release" || e.kind === "chargeback")) {
      // A line-up fee (issue 39): released with the leader's booking, or taken back by a card chargeback.
      lines.push({
        id: `${e.transactionId}:available`,
        at: e.createdAt,
        text:
          e.kind === "release"
            ? `Line-up fee: ${gig.eventLabel} with ${gig.leaderName}`
            : `Card chargeback: the client's bank took back ${formatNairaAmount(-e.amountKobo)} of your line-up fee (${gig.eventLabel} with ${gig.leaderName}), taken from Available`,
        amountKobo: e.amountKobo,
        tone: e.amountKobo >= 0 ? "in" : "out",
        effectKobo: e.amountKobo,
        status: null,
        note: null,
        bookingSlug: null,
        bookingLabel: `${gig.role} · ${dayMonth(gig.eventDate)}`,
        lineUpGigId: gig.id,
      });
      earnedKobo += e.amountKobo;
      continue;
    }
    if (e.kind === "chargeback" && booking) {
      // Released money the client's bank took back: from Available, with the booking and why.
      lines.push({
        id: `${e.transactionId}:available`,
        at: e.createdAt,
        text: `Card chargeback: the client's bank took back ${formatNairaAmount(-e.amountKobo)} of what this booking paid you, taken from Available`,
        amountKobo: e.amountKobo,
        tone: "out",
        effectKobo: e.amountKobo,
        status: null,
        note: null,
        bookingSlug: booking.slug,
        bookingLabel: bookingLabel(booking),
      });
      earnedKobo += e.amountKobo;
      continue;
    }
    lines.push({
      id: `${e.transactionId}:available`,
      at: e.createdAt,
      text: e.amountKobo >= 0 ? "Added to Available by Stagebook" : "Taken from Available by Stagebook",
      amountKobo: e.amountKobo,
      tone: e.amountKobo >= 0 ? "in" : "out",
      effectKobo: e.amountKobo,
      status: null,
      note: null,
      bookingSlug: null,
      bookingLabel: null,
    });
    earnedKobo += e.amountKobo;
  }
  // The debt: owed for a chargeback on money already paid out (it takes from what was earned, not from
  // Available + In escrow), and repaid from later money (which Available did not get).
  let owedKobo = 0;
  for (const e of input.debtEntries ?? []) {
    const booking = e.bookingId ? byId.get(e.bookingId) : undefined;
    const about = booking
      ? { bookingSlug: booking.slug, bookingLabel: bookingLabel(booking) }
      : { bookingSlug: null, bookingLabel: null };
    owedKobo -= e.amountKobo;
    if (e.amountKobo < 0) {
      earnedKobo += e.amountKobo;
      lines.push({
        id: `${e.transactionId}:owed`,
        at: e.createdAt,
        text: `Card chargeback on money already paid out to you: you owe ${formatNairaAmount(-e.amountKobo)}. The client's bank took the payment back; it is repaid from your next earnings before they reach Available`,
        amountKobo: e.amountKobo,
        tone: "out",
        effectKobo: 0,
        status: "Owed",
        note: null,
        ...about,
      });
    } else {
      lines.push({
        id: `${e.transactionId}:repaid`,
        at: e.createdAt,
        text: `${formatNairaAmount(e.amountKobo)} kept back to repay what you owed for a card chargeback`,
        amountKobo: e.amountKobo,
        tone: "move",
        effectKobo: -e.amountKobo,
        status: null,
        note: null,
        ...about,
      });
    }
  }
  let paidOutKobo = 0;
  let pendingPayoutKobo = 0;
  for (const p of input.payouts) {
    const cameBack = p.status === "failed" || p.status === "reversed" || p.status === "dropped";
    // A held automatic payout has not left Available yet: shown, but it takes nothing.
    const held = p.status === "waiting";
    if (p.status === "paid") paidOutKobo += p.amountKobo;
    else if (!cameBack && !held) pendingPayoutKobo += p.amountKobo;
    const booking = p.bookingId ? byId.get(p.bookingId) : undefined;
    // A member's automatic payout of a line-up fee pays the leader's booking: named as their gig.
    const gig = !booking && p.bookingId ? gigs.get(p.bookingId) : undefined;
    const to = `${p.bankName} ••${p.accountNumber.slice(-4)}`;
    lines.push({
      id: `payout:${p.id}`,
      at: p.createdAt,
      text: p.bookingId ? `Sent to ${to} automatically` : `Withdrawal to ${to}`,
      amountKobo: -p.amountKobo,
      tone: cameBack ? "returned" : held ? "move" : "out",
      effectKobo: cameBack || held ? 0 : -p.amountKobo,
      status: PAYOUT_STATUS_LABELS[p.status] ?? PAYOUT_STATUS_LABELS.pending,
      note: cameBack ? p.note : held ? (input.holdNotes?.get(p.id) ?? null) : null,
      bookingSlug: booking?.slug ?? null,
      bookingLabel: booking ? bookingLabel(booking) : gig ? `${gig.role} · ${dayMonth(gig.eventDate)}` : null,
      ...(gig ? { lineUpGigId: gig.id } : {}),
    });
  }
  let inEscrowKobo = 0;
  for (const [bookingId, held] of escrowOf) {
    const b = byId.get(bookingId);
    if (b?.payment) inEscrowKobo += musicianPartOf(b.payment, held, b.lineUp);
  }
  lines.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id));
  return { lines, inEscrowKobo, earnedKobo, paidOutKobo, pendingPayoutKobo, owedKobo };
}
