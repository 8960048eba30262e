// Card disputes (chargebacks) in the ledger (issue 22 §3.3, ADR 0014). While Paystack's dispute is open
// it holds the booking's money (no release, no refund). When Paystack settles it:
// - declined (we won): the held automatic release runs again;
// - merchant-accepted / auto-accepted (the cardholder won): Paystack has taken the amount from our
//   balance, so the ledger moves it out too (… → paystack_clearing, key chargeback:{dispute}): first from
//   what the booking's escrow still holds; beyond that (the escrow was released) it is recovered in the
//   release's proportion from the musician's Available and platform revenue; what the musician has
//   already withdrawn is recorded as owed (chargeback_receivable) and repaid from their next release.
// The booking's payment becomes refunded (partially refunded while some escrow is left).
import { accountBalanceKobo, postedEntries, postLedgerTransaction } from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  musicianPayableAccount,
  PAYSTACK_CLEARING,
  PLATFORM_REVENUE,
} from "~/features/ledger/ledger-accounts";
import { sendWaitingPayoutOfBooking } from "~/features/wallet/automatic-payouts.server";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import * as q from "./queries.server";
import { releaseKey, resumeReleaseAfterChargeback } from "./release.server";

export type ChargebackOutcome = "lost" | "won" | "unknown";

/** Paystack's resolution of a card dispute, from the merchant's side. */
export function chargebackOutcome(resolution: string | null | undefined): ChargebackOutcome {
  if (resolution === "declined") return "won";
  if (resolution === "merchant-accepted" || resolution === "auto-accepted") return "lost";
  return "unknown";
}

export const chargebackKey = (providerDisputeId: string) => `chargeback:${providerDisputeId}`;

/** charge.dispute.resolve, after the dispute row was updated: apply its outcome (idempotent). */
export async function settleChargeback(d: {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: number | null;
  resolution: string | null;
}): Promise<void> {
  const outcome = chargebackOutcome(d.resolution);
  if (outcome === "won") {
    await resumeReleaseAfterChargeback(d.transactionReference);
    // An automatic payout the dispute kept back goes now (issue 29).
    const payment = await q.findPaymentByReference(db, d.transactionReference);
    if (payment) await sendWaitingPayoutOfBooking(payment.bookingId);
    return;
  }
  if (outcome === "unknown") {
    // Still holds the money (hasOpenChargeDispute): an admin reads the dispute and decides.
    logger.error({ dispute: d }, "card dispute settled with an outcome we cannot read; money stays held");
    return;
  }
  await postLostChargeback(d);
}

async function postLostChargeback(d: {
  providerDisputeId: string;
  transactionReference: string;
  amountKobo: number | null;
}): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const payment = await q.findPaymentByReference(tx, d.transactionReference);
    if (payment?.status !== "success") return { posted: false, reason: "no credited charge" } as const;
    const booking = await q.lockBookingOrRead(tx, payment.bookingId);
    if (!booking) return { posted: false, reason: "no booking" } as const;
    const lost = Math.min(
      d.amountKobo && d.amountKobo > 0 ? d.amountKobo : payment.amountKobo,
      payment.amountKobo,
    );
    const escrow = await accountBalanceKobo(escrowAccount(booking.id), tx);
    const fromEscrow = Math.min(lost, escrow);
    const beyond = lost - fromEscrow;

    // Beyond the escrow: recovered in the proportion the release shared it (ADR 0014).
    let fromMusician = 0;
    let owedByMusician = 0;
    let fromPlatform = 0;
    if (beyond > 0) {
      const released = await postedEntries(releaseKey(booking.id), tx);
      const musicianShare = released
        .filter(
          (e) =>
            e.code === musicianPayableAccount(booking.musicianId) ||
            e.code.startsWith("chargeback_receivable:"),
        )
        .reduce((s, e) => s + Math.max(0, e.amountKobo), 0);
      const platformShare = released
        .filter((e) => e.code === PLATFORM_REVENUE)
        .reduce((s, e) => s + Math.max(0, e.amountKobo), 0);
      const shared = musicianShare + platformShare;
      const musicianPart =
        shared > 0
          ? Math.min(
              musicianShare,
              Number((BigInt(beyond) * BigInt(musicianShare) * 2n + BigInt(shared)) / (2n * BigInt(shared))),
            )
          : 0;
      // The platform bears the rest, including anything beyond what was released (the client had
      // also been refunded): the musician never pays back more than they received.
      fromPlatform = beyond - musicianPart;
      const available = Math.max(0, await accountBalanceKobo(musicianPayableAccount(booking.musicianId), tx));
      fromMusician = Math.min(musicianPart, available);
      owedByMusician = musicianPart - fromMusician;
    }
    const entries = [
      { account: escrowAccount(booking.id), amountKobo: -fromEscrow },
      { account: musicianPayableAccount(booking.musicianId), amountKobo: -fromMusician },
      { account: chargebackReceivableAccount(booking.musicianId), amountKobo: -owedByMusician },
      { account: PLATFORM_REVENUE, amountKobo: -fromPlatform },
      { account: PAYSTACK_CLEARING, amountKobo: lost },
    ].filter((e) => e.amountKobo !== 0);
    const posted = await postLedgerTransaction(tx, {
      idempotencyKey: chargebackKey(d.providerDisputeId),
      kind: "chargeback",
      bookingId: booking.id,
      memo:
        `Chargeback of ${formatNaira(lost)} on payment ${payment.reference} lost: ` +
        `${formatNaira(fromEscrow)} from escrow` +
        (beyond > 0
          ? `, ${formatNaira(fromMusician)} from the musician's Available, ${formatNaira(owedByMusician)} owed by the musician, ${formatNaira(fromPlatform)} from platform revenue`
          : ""),
      entries,
    });
    if (!posted.created) return { posted: false, reason: "already posted" } as const;
    const left = escrow - fromEscrow;
    if (left === 0)
      await q.setPaymentStatus(tx, booking.id, "refunded", ["paid", "partially_refunded", "released"]);
    else await q.setPaymentStatus(tx, booking.id, "partially_refunded", ["paid"]);
    return {
      posted: true,
      bookingId: booking.id,
      lost,
      fromEscrow,
      fromMusician,
      owedByMusician,
      fromPlatform,
    };
  });
  if (result.posted)
    logger.warn({ dispute: d.providerDisputeId, ...result }, "lost chargeback posted to the ledger");
  else if (result.reason !== "already posted")
    logger.error(
      { dispute: d, reason: result.reason },
      "lost chargeback on a charge we did not credit; admin to settle",
    );
}
