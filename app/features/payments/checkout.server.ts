// Checkout: the organiser pays a confirmed booking's price + service fee; the money is held in escrow
// (ledger: paystack_clearing → escrow:{booking}) until release. Amounts are computed here, never read
// from the browser. A payment is credited once, by whichever arrives first of the callback (after
// verifying with the provider) and the charge.success webhook; the ledger key is the reference.

import { randomBytes } from "node:crypto";
import type { Outcome } from "~/features/bookings/outcome";
import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { settleComplaintsBeforePayment } from "~/features/disputes/disputes.server";
import { lines, ourWords, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import {
  applyTransition,
  type MoneyBooking,
  peekBookingMoney,
  priceQuote,
  readBookingMoney,
  releaseOpensMessage,
} from "~/features/money/booking-money.server";
import type { CancellationPolicy } from "~/features/money/cancellation-policy";
import { eventEnded, eventEndsAt, formatLagosMoment } from "~/features/money/event-time";
import { moneyWasReceived, PAYMENT_STATUS_OF, releaseDueAt } from "~/features/money/money-rules";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import {
  PaymentProviderError,
  paymentMode,
  paymentProvider,
} from "~/features/payments/paystack/provider.server";
import { cancellationPolicyOf } from "~/features/wallet/wallet.server";
import { formatNaira } from "~/lib/money";
import { db, inTransaction } from "~/server/db.server";
import { env, publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { bindCheckoutBrowser, holdsPayment, isMusiciansOwn, newCheckoutReturn } from "./payer.server";
import type { PayFormInput } from "./payment.schema";
import { PAY_NEEDS_DATE, PAYER_MESSAGES } from "./payment-messages";
import * as q from "./queries.server";

export const PAY_MESSAGES = {
  notConfirmed: "This booking must be confirmed before it can be paid.",
  alreadyPaid: "This booking has already been paid.",
  noPrice: "This booking has no price yet. Ask the musician to set one.",
  noDate: PAY_NEEDS_DATE,
  emailNeeded: "Enter the organiser's e-mail address for the receipt",
  providerDown: "Payment could not be started. Please try again in a moment.",
  refundedAfterCancel:
    "This booking was cancelled before your payment arrived, so your payment is being refunded to you in full.",
  refundedSecondPayment:
    "This booking had already been paid, so this second payment is being refunded to you in full.",
} as const;

export type PayPanelData = {
  state: "pay" | "paid" | "released" | "refunded" | "partially_refunded";
  priceKobo: number;
  serviceFeeKobo: number;
  /** The service fee's rate: the configured one before paying, the payment's own after. */
  serviceFeeBp: number;
  totalKobo: number;
  needsEmail: boolean;
  /** Confirmed but with no event date: it cannot be paid until the musician sets one. */
  needsDate: boolean;
  /** Paid, the event over, no open dispute: the payer may say the event happened. */
  canMarkHappened: boolean;
  /** Paid, the event not over yet: when "The event happened" opens, in words. */
  releaseOpens: string | null;
  /** What releasing pays the musician (their share of what escrow holds). */
  releaseKobo: number;
  /** A dispute is open: release waits for an admin. */
  onHold: boolean;
  /** Held: when the automatic release is due (ISO), and the same in words (Lagos time); before paying,
   * when it would be due if paid now (null: no event date yet). */
  releaseDueAt: string | null;
  releaseDue: string | null;
  eventDate: string | null;
  /** The musician's cancellation policy, shown before paying. */
  policy: CancellationPolicy;
  /** The booking was cancelled (by the musician: full refund; by the client: the policy's refund). */
  cancelled: boolean;
};

/**
 * What the booking page shows about money, for the booking and policy its loader has read; null when
 * there is nothing to pay (not confirmed, no price).
 */
export async function payPanelFor(
  booking: q.BookingMoneyRow,
  policy: CancellationPolicy,
  now = new Date(),
): Promise<PayPanelData | null> {
  const cancelled = booking.status === "cancelled";
  if (!moneyWasReceived(booking.paymentStatus)) {
    if (booking.status !== "confirmed" || !booking.priceKobo) return null;
    const c = priceQuote(booking.priceKobo);
    // Before paying: when the release would be due if our credit came now (the money module's rule).
    const due = booking.eventDate ? releaseDueAt(eventEndsAt(booking), now, env().RELEASE_AFTER_HOURS) : null;
    return {
      state: "pay",
      priceKobo: c.priceKobo,
      serviceFeeKobo: c.serviceFeeKobo,
      serviceFeeBp: c.serviceFeeBp,
      totalKobo: c.totalKobo,
      // Always asked (N1): the receipt and the payer's powers go to the person paying.
      needsEmail: true,
      needsDate: !booking.eventDate,
      canMarkHappened: false,
      releaseOpens: null,
      // What a full release would give the musician: price − commission.
      releaseKobo: c.musicianKobo,
      onHold: false,
      releaseDueAt: due?.toISOString() ?? null,
      releaseDue: due ? formatLagosMoment(due) : null,
      eventDate: booking.eventDate,
      policy,
      cancelled,
    };
  }
  // Paid: every figure and hold from the money module (the ledger), never from the status column.
  const money = await peekBookingMoney(booking.id);
  const payment = money?.payment;
  if (!money || !payment) return null;
  const ended = eventEnded(booking, now);
  const onHold = money.held && (money.holds.clientDispute || money.holds.cardDispute);
  const due = money.held ? money.releaseDueAt : null;
  return {
    state: PAYMENT_STATUS_OF[money.phase] as PayPanelData["state"],
    priceKobo: payment.priceKobo,
    serviceFeeKobo: payment.serviceFeeKobo,
    serviceFeeBp: payment.serviceFeeBp,
    totalKobo: payment.amountKobo,
    needsEmail: false,
    needsDate: false,
    canMarkHappened: money.held && !cancelled && !onHold && ended,
    releaseOpens: money.held && !ended ? releaseOpensMessage(booking) : null,
    releaseKobo: money.shares.musicianKobo,
    onHold,
    releaseDueAt: due?.toISOString() ?? null,
    releaseDue: due ? formatLagosMoment(due) : null,
    eventDate: booking.eventDate,
    // Paid: the policy frozen on the payment, which every refund of this booking follows.
    policy: money.policy ?? policy,
    cancelled,
  };
}

type StartCheckoutResult =
  /** payerToken: this browser's secret, bound to the checkout it started (the route sets it as a cookie);
   * it lets a second press go back to the same checkout and gives no powers (ADR 0025). */
  | { ok: true; authorizationUrl: string; payerToken: string }
  | { ok: false; status: number; message: string; field?: "email" };

// A second press of Pay within this window goes back to the checkout already started.
const REUSE_CHECKOUT_MS = 30 * 60_000;

/**
 * "Pay ₦…": records a payment with a new unique reference and asks the provider for its checkout.
 * Pressing Pay gives no powers (ADR 0025): whoever completes the checkout is its payer, proven by the
 * return secret in the callback URL the provider sends only them to. This browser's secret (heldToken,
 * else a new one) is bound to the checkout only so that its second press goes back to it; another
 * browser gets a checkout of its own.
 */
export async function startCheckout(
  slug: string,
  input: PayFormInput,
  clientIp: string,
  heldToken: string | null = null,
  /** Whoever is signed in, organiser or not: the booking's musician may not pay it (N1). */
  signedInUserId: string | null = null,
): Promise<StartCheckoutResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  if (moneyWasReceived(booking.paymentStatus))
    return { ok: false, status: 409, message: PAY_MESSAGES.alreadyPaid };
  if (booking.status !== "confirmed") return { ok: false, status: 409, message: PAY_MESSAGES.notConfirmed };
  const priceKobo = booking.priceKobo;
  if (!priceKobo) return { ok: false, status: 409, message: PAY_MESSAGES.noPrice };
  // Release waits for the event's end, so money is never held for an event with no date.
  if (!booking.eventDate) return { ok: false, status: 409, message: PAY_MESSAGES.noDate };
  // Money review 2, N1: the payment e-mail is the payer's, asked at Pay (prefilled from a signed-in
  // organiser's account); the booking's own e-mail only when the organiser gave it with their request,
  // never what the musician typed. The musician's own address or account is never the payer's.
  const parties = await q.bookingParties(db, booking.id);
  const email = input.email ?? (parties?.fromRequest ? booking.email : null);
  if (!email) return { ok: false, status: 400, message: PAY_MESSAGES.emailNeeded, field: "email" };
  if (isMusiciansOwn(parties, { userId: signedInUserId }))
    return { ok: false, status: 403, message: PAYER_MESSAGES.musicianPays };
  if (isMusiciansOwn(parties, { email }))
    return { ok: false, status: 400, message: PAYER_MESSAGES.musiciansEmail, field: "email" };
  // The booking joins the payer's account only when their charge is credited (N11), not on a press of Pay.
  // Pay presses at once run one at a time per booking (the find-or-insert of the payment and the provider
  // call that gives it its URL): the same browser's second press goes back to its checkout; another
  // browser gets one of its own, since whoever completes a checkout is its payer (ADR 0013). If both are
  // paid, the second charge is refunded in full.
  return inTransaction(async () => {
    await q.lockBookingCheckout(booking.id);
    return openCheckout(booking, priceKobo, email, heldToken);
  });
}

async function openCheckout(
  booking: q.BookingMoneyRow,
  priceKobo: number,
  email: string,
  heldToken: string | null,
): Promise<StartCheckoutResult> {
  const charges = priceQuote(priceKobo);
  // Frozen on the payment with the fee rates: the client pays under the policy the pay panel showed.
  const policy = await cancellationPolicyOf(booking.musicianId);
  const open = await q.findRecentOpenPayment(booking.id, new Date(Date.now() - REUSE_CHECKOUT_MS));
  const url = open?.providerData?.authorizationUrl;
  const same =
    open &&
    open.amountKobo === charges.totalKobo &&
    open.email === email &&
    open.cancellationPolicy === policy &&
    open.serviceFeeBp === charges.serviceFeeBp &&
    open.commissionBp === charges.commissionBp;
  if (same && typeof url === "string" && (await holdsPayment(open.id, heldToken)))
    return { ok: true, authorizationUrl: url, payerToken: heldToken! };

  const reference = `sbp_${booking.slug}_${randomBytes(8).toString("hex")}`;
  const paymentId = await q.insertPayment({
    bookingId: booking.id,
    reference,
    email,
    priceKobo: charges.priceKobo,
    serviceFeeKobo: charges.serviceFeeKobo,
    amountKobo: charges.totalKobo,
    serviceFeeBp: charges.serviceFeeBp,
    commissionBp: charges.commissionBp,
    cancellationPolicy: policy,
    provider: paymentProvider().kind,
  });
  const payerToken = await bindCheckoutBrowser(booking, paymentId, heldToken);
  // Only the browser that completes the payment is sent back here, with the return secret (ADR 0025).
  const returnSecret = await newCheckoutReturn(db, booking, paymentId);
  try {
    const started = await paymentProvider().initializeTransaction({
      email,
      amountKobo: charges.totalKobo,
      reference,
      callbackUrl: `${publicOrigin()}/payments/callback/${returnSecret}`,
      metadata: { bookingSlug: booking.slug, bookingId: booking.id },
    });
    await q.updateOpenPayment(reference, { providerData: { authorizationUrl: started.authorizationUrl } });
    return { ok: true, authorizationUrl: started.authorizationUrl, payerToken };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await q.updateOpenPayment(reference, { status: "failed", providerData: { error: reason } });
    if (!(err instanceof PaymentProviderError)) throw err;
    logger.warn({ err, reference }, "payment could not be initialised");
    return { ok: false, status: 502, message: PAY_MESSAGES.providerDown };
  }
}

type CreditOutcome = "credited" | "already" | "mismatch" | "unknown" | "already_paid" | "refunded";

/**
 * Credits a successful charge once: the payment becomes successful, the booking paid, and the ledger
 * moves the amount from clearing into the booking's escrow (key: the reference). A wrong amount or
 * currency, an unknown reference or a second payment of a paid booking is never credited: it is
 * recorded for the admin (payment_anomalies).
 */
async function creditCharge(received: {
  reference: string;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  payload: unknown;
  /** Paystack's `domain` for the charge, when it said. */
  domain?: string;
}): Promise<{ outcome: CreditOutcome; slug: string | null }> {
  /** Recorded for the admin and logged: a charge we did not credit as it came. */
  const anomaly = async (
    kind: Parameters<typeof q.recordAnomaly>[1]["kind"],
    detail: string,
    booking: MoneyBooking | null,
    expectedKobo: number | null,
    log: string,
  ) => {
    const { reference, amountKobo: receivedKobo, currency } = received;
    const payload = received.payload ?? null;
    await q.recordAnomaly(db, {
      reference,
      bookingId: booking?.id ?? null,
      kind,
      expectedKobo,
      receivedKobo,
      currency,
      detail,
      payload,
    });
    logger.error({ reference, detail }, log);
  };
  const result = await db.transaction(async (tx) => {
    const payment = await q.findPaymentByReference(tx, received.reference, true);
    if (!payment) return { outcome: "unknown" as const };
    const money = await readBookingMoney(tx, payment.bookingId);
    if (!money) return { outcome: "unknown" as const };
    const booking = money.booking;
    if (payment.status === "success") return { outcome: "already" as const, booking };
    const mismatch = (kind: "currency_mismatch" | "amount_mismatch", detail: string) =>
      ({ outcome: "mismatch", booking, payment, kind, detail }) as const;
    if (received.currency !== payment.currency)
      return mismatch("currency_mismatch", `Expected ${payment.currency}, received ${received.currency}.`);
    if (received.amountKobo !== payment.amountKobo)
      return mismatch(
        "amount_mismatch",
        `Expected ${formatNaira(payment.amountKobo)}, received ${formatNaira(received.amountKobo)}.`,
      );
    if (money.phase !== "unpaid") {
      // A second checkout of the same booking was paid too: that money was never the booking's, so it
      // goes straight back in full (recorded for the admin as well).
      const back = await applyTransition(tx, money, "duplicateRefund", {
        reference: payment.reference,
        amountKobo: payment.amountKobo,
      });
      return {
        outcome: "already_paid" as const,
        booking,
        payment,
        eventIds: [back.ok ? back.eventId : null],
      };
    }
    const paidAt = received.paidAt ?? new Date();
    // M3: a complaint from before payment is settled by paying at the latest (it never holds this money).
    await settleComplaintsBeforePayment(tx, booking.id, "paying");
    const mode = chargeMode(payment.provider, received.domain);
    await q.markPaymentSucceeded(tx, payment.id, paidAt, { verified: received.payload ?? null }, mode);
    const credited = await applyTransition(tx, money, "credit", {
      reference: payment.reference,
      amountKobo: payment.amountKobo,
      provider: mode === "test" ? "test" : payment.provider,
    });
    if (!credited.ok) throw new Error(`credit of ${payment.reference} refused: ${credited.message}`);
    if (booking.status === "cancelled") {
      // Paid on a checkout opened before the booking was cancelled: credited (the money did arrive) and
      // refunded in full in the same transaction, so no money ever sits in a cancelled booking's escrow.
      const back = await applyTransition(tx, (await readBookingMoney(tx, booking.id))!, "refund", {
        amountKobo: payment.amountKobo,
        reason: "paid_after_cancel",
      });
      if (!back.ok) throw new Error(`refund of ${payment.reference} refused: ${back.message}`);
      return {
        outcome: "refunded" as const,
        booking,
        payment: { ...payment, paidAt },
        eventIds: [credited.eventId, back.eventId],
      };
    }
    // The payer's account, if they paid signed in, now holds the booking (N11: not whoever pressed Pay).
    if (payment.payerUserId) await q.linkClientAccount(booking.id, payment.payerUserId, tx, true);
    return { outcome: "credited" as const, booking, eventId: credited.eventId };
  });

  switch (result.outcome) {
    case "unknown":
      await anomaly(
        "unknown_reference",
        "A successful charge names a reference we did not issue.",
        null,
        null,
        "charge for an unknown reference not credited",
      );
      return { outcome: "unknown", slug: null };
    case "already":
      return { outcome: "already", slug: result.booking.slug };
    case "mismatch":
      await anomaly(
        result.kind,
        result.detail,
        result.booking,
        result.payment.amountKobo,
        "charge does not match its booking; not credited",
      );
      return { outcome: "mismatch", slug: result.booking.slug };
    case "already_paid":
      await anomaly(
        "already_paid",
        "A second successful payment for a booking that was already paid; refunded in full automatically.",
        result.booking,
        result.payment.amountKobo,
        "second payment for a paid booking; refunded",
      );
      // The refund's event asks Paystack for it (money-followups).
      await followMoneyEvents(result.eventIds);
      return { outcome: "already_paid", slug: result.booking.slug };
    case "refunded":
      logger.warn({ reference: received.reference }, "payment for a cancelled booking; refunded in full");
      // The refund's event asks Paystack for it and tells the payer (money-followups), even if this
      // process stops right here.
      await followMoneyEvents(result.eventIds);
      return { outcome: "refunded", slug: result.booking.slug };
    case "credited":
      // The credit's event brings the receipt, the notices and texts, and the release's clock.
      await followMoneyEvents([result.eventId]);
      return { outcome: "credited", slug: result.booking.slug };
  }
}

/**
 * The mode of a charge (money review 3 M1): Paystack says it (`domain`); without it, the built-in test
 * provider and a test key are test mode. Test-mode money is test money everywhere (payout holds, what
 * may be withdrawn, going live), whatever the key becomes later.
 */
function chargeMode(provider: string, domain: string | undefined): "test" | "live" {
  if (domain === "test" || domain === "live") return domain;
  return provider === "test" ? "test" : paymentMode();
}

/** Paystack's charge.success `data` (the webhook dispatcher calls this with the signed, parsed event). */
type ChargeSuccessData = {
  reference: string;
  amount: number;
  /** Present when Paystack's fees were passed to the customer: the amount we asked for. */
  requested_amount?: number;
  currency: string;
  status?: string;
  paid_at?: string | null;
  domain?: string;
};

export async function handleChargeSuccess(
  data: ChargeSuccessData,
): Promise<CreditOutcome | "not_successful"> {
  if (data.status && data.status !== "success") return "not_successful";
  const paidAt = data.paid_at ? new Date(data.paid_at) : null;
  const { outcome } = await creditCharge({
    reference: data.reference,
    amountKobo: data.requested_amount ?? data.amount,
    currency: data.currency,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    payload: data,
    domain: data.domain,
  });
  return outcome;
}

type CallbackResult =
  | Outcome<{ slug: string; bookingId: string }>
  | { ok: false; status: number; message: string; slug: string };

/**
 * The page Paystack returns the payer to: asks the provider about the reference, and credits it only
 * if the transaction succeeded with the expected amount in naira.
 */
export async function confirmPaymentCallback(reference: string): Promise<CallbackResult> {
  const payment = await q.findPaymentByReference(db, reference);
  if (!payment) return { ok: false, status: 404, message: "We could not find this payment." };
  const slug = (await peekBookingMoney(payment.bookingId))?.booking.slug ?? "";
  if (payment.status === "success") return { ok: true, slug, bookingId: payment.bookingId };
  const verified = await paymentProvider()
    .verifyTransaction(reference)
    .catch((err) => logger.warn({ err, reference }, "payment could not be verified on return"));
  if (!verified)
    return {
      ok: false,
      status: 502,
      slug,
      message:
        "We could not confirm your payment yet. If you completed it, it will show on the booking shortly.",
    };
  if (verified.status !== "success")
    return { ok: false, status: 402, slug, message: "Payment was not completed. You have not been charged." };
  const { outcome } = await creditCharge({
    reference,
    amountKobo: verified.requestedAmountKobo ?? verified.amountKobo,
    currency: verified.currency,
    paidAt: verified.paidAt,
    payload: { status: verified.status, amount: verified.amountKobo, currency: verified.currency },
    domain: verified.domain,
  });
  if (outcome === "credited" || outcome === "already")
    return { ok: true, slug, bookingId: payment.bookingId };
  if (outcome === "refunded")
    return { ok: false, status: 409, slug, message: PAY_MESSAGES.refundedAfterCancel };
  if (outcome === "already_paid")
    return { ok: false, status: 409, slug, message: PAY_MESSAGES.refundedSecondPayment };
  return {
    ok: false,
    status: 409,
    slug,
    message:
      "This payment did not match the booking and was not credited. Our team has been alerted and will contact you.",
  };
}

/** Payments the provider reported that were not credited, newest first (for the admin view). */
export { listAnomalies as listPaymentAnomalies, type PaymentAnomalyRow } from "./queries.server";
