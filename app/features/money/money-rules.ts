// The pure rules of a booking's money (no server imports: pages, the wallet's lines and tests share
// them). booking-money.server.ts reads the facts from the ledger and the rows and applies these.
import { type BookingCharges, bookingCharges, type FeeRates, releaseSplit } from "./fees";

/** Where a booking's money is, derived from the ledger (never from the payment_status column). */
export type MoneyPhase = "unpaid" | "held" | "released" | "refunded" | "partly_settled";

/** The payment_status column is a cache of the phase, written only by booking-money.server.ts. */
export const PAYMENT_STATUS_OF: Record<MoneyPhase, string> = {
  unpaid: "unpaid",
  held: "paid",
  released: "released",
  refunded: "refunded",
  partly_settled: "partially_refunded",
};

const PHASE_OF_STATUS = new Map(
  Object.entries(PAYMENT_STATUS_OF).map(([phase, s]) => [s, phase as MoneyPhase]),
);

/** The phase a payment_status value stands for (lists and badges read the column; ledger:check proves it). */
export function phaseOfStatus(paymentStatus: string | null | undefined): MoneyPhase {
  return PHASE_OF_STATUS.get(paymentStatus ?? "") ?? "unpaid";
}

/**
 * Money was received for it, whatever became of it since (phase ≠ unpaid): it has a receipt and a
 * payer, it cannot be paid again, and its money history outlives a cancellation.
 */
export const moneyWasReceived = (paymentStatus: string | null | undefined) =>
  phaseOfStatus(paymentStatus) !== "unpaid";

/**
 * "Is it paid?": money was received and not all of it went back (held, released or partly settled).
 * The booking binds both sides: contact details are shared, reviews and "paid" stages follow from it.
 * A refunded booking is not paid (its money went back), though it keeps its receipt (phase ≠ unpaid).
 */
export const isPaidPhase = (phase: MoneyPhase) =>
  phase === "held" || phase === "released" || phase === "partly_settled";

/** payment_status values of isPaidPhase, for filters on the column. */
export const PAID_PAYMENT_STATUSES = Object.entries(PAYMENT_STATUS_OF)
  .filter(([phase]) => isPaidPhase(phase as MoneyPhase))
  .map(([, status]) => status);

/** What the ledger says of one booking's money. */
export type MoneyFacts = {
  /** What the successful charge was (0: none). */
  paidKobo: number;
  escrowKobo: number;
  /** The release:{booking} posting exists. */
  released: boolean;
  /** What left escrow for the client as the booking's own refund (refund:{booking}). */
  refundedKobo: number;
  /** What lost card disputes took back (chargeback postings). */
  chargedBackKobo: number;
};

export function phaseOf(f: MoneyFacts): MoneyPhase {
  if (f.paidKobo <= 0) return "unpaid";
  const wentBack = f.refundedKobo + f.chargedBackKobo;
  if (f.escrowKobo > 0) return wentBack > 0 ? "partly_settled" : "held";
  if (wentBack >= f.paidKobo) return "refunded";
  if (f.released) return wentBack > 0 ? "partly_settled" : "released";
  return "refunded";
}

/** Money is held (it may still be released or refunded): escrow holds some and it was never released. */
export const isHeld = (f: Pick<MoneyFacts, "escrowKobo" | "released">) => f.escrowKobo > 0 && !f.released;

export type PaymentRates = {
  priceKobo: number;
  amountKobo: number;
  serviceFeeBp: number;
  commissionBp: number;
};

/**
 * Each side's share of `escrowKobo` held for a payment, at the payment's own rates: the whole escrow
 * gives the musician price − commission; a part is shared in the same proportion (fees.releaseSplit).
 * The one share computation: release, the pay panel, the wallet, the notices and chargebacks use it.
 */
export function sharesOf(
  payment: PaymentRates,
  escrowKobo: number,
): { musicianKobo: number; platformKobo: number } {
  if (escrowKobo <= 0) return { musicianKobo: 0, platformKobo: 0 };
  const c = bookingCharges(payment.priceKobo, payment);
  return releaseSplit(
    { totalKobo: payment.amountKobo, musicianKobo: c.musicianKobo },
    Math.min(escrowKobo, payment.amountKobo),
  );
}

/** A price's charges at given rates: the fee, the total, each side's share, with the rates themselves. */
export type Charges = BookingCharges & FeeRates;

/**
 * What a price costs at `rates`: the payment's own rates once paid (BookingMoney.charges), today's
 * before (priceQuote). The one place a fee, a total or a commission is worked out.
 */
export function chargesAt(priceKobo: number, rates: FeeRates): Charges {
  return {
    ...bookingCharges(priceKobo, rates),
    serviceFeeBp: rates.serviceFeeBp,
    commissionBp: rates.commissionBp,
  };
}

/** amountKobo × part / whole in whole kobo, rounded half up (exact: no floating point on the way). */
export function proportionKobo(amountKobo: number, part: number, whole: number): number {
  return Number((BigInt(amountKobo) * BigInt(part) * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}

/** The price behind a part of escrow (the wallet's "₦100,000 − 10%"), in the shares' proportion, rounded half up. */
export function pricePartOf(payment: PaymentRates, escrowKobo: number): number {
  if (payment.amountKobo === 0) return 0;
  return proportionKobo(Math.min(escrowKobo, payment.amountKobo), payment.priceKobo, payment.amountKobo);
}

/** Undated bookings (paid before dates were required) are released this long after payment. */
export const UNDATED_RELEASE_DAYS = 14;

/**
 * When the automatic release is due (review N2): RELEASE_AFTER_HOURS after the later of the event's end
 * and our own credit of the payment, so a payment made after the event still has its full window.
 */
export function releaseDueAt(
  eventEnd: Date | null,
  creditedAt: Date | null,
  releaseAfterHours: number,
): Date | null {
  if (!creditedAt) return null;
  if (!eventEnd) return new Date(creditedAt.getTime() + UNDATED_RELEASE_DAYS * 86_400_000);
  const from = Math.max(eventEnd.getTime(), creditedAt.getTime());
  return new Date(from + releaseAfterHours * 3_600_000);
}

/**
 * The smallest price a booking may have: Paystack's smallest naira charge is ₦50 (its supported
 * currencies), so a lower price could never be paid (issue 35: ₦0.01 was accepted and Pay answered 502
 * for ever). Refused when the booking is made, with PRICE_TOO_LOW_MESSAGE.
 */
export const MIN_PRICE_KOBO = 5_000;
export const PRICE_TOO_LOW_MESSAGE =
  "A booking price must be at least ₦50: Paystack, which takes the client's payment, cannot charge less.";

/** Null when the price can be paid; else the sentence that refuses it. */
export function priceRefusal(priceKobo: number | null): string | null {
  return priceKobo !== null && priceKobo < MIN_PRICE_KOBO ? PRICE_TOO_LOW_MESSAGE : null;
}
