// The fee and commission said in words, the same on the server and in the browser (pure: a price
// field's sentence is recomputed as the musician types, with the rates the loader passed down).

import { bookingCharges, type FeeRates } from "~/features/money/fees";
import { formatNairaAmount } from "~/lib/naira";

/** "10%", "7.5%": a rate in basis points as people write it. */
export function percentLabel(bp: number): string {
  return `${(bp / 100).toLocaleString("en-NG", { maximumFractionDigits: 2 })}%`;
}

/**
 * Under a price the musician sets: "Stagebook keeps 10% (₦45,000). You receive ₦405,000. The client
 * pays ₦472,500 with the 5% service fee."
 */
export function commissionSentence(priceKobo: number, rates: FeeRates): string {
  const c = bookingCharges(priceKobo, rates);
  return (
    `Stagebook keeps ${percentLabel(rates.commissionBp)} (${formatNairaAmount(c.commissionKobo)}). ` +
    `You receive ${formatNairaAmount(c.musicianKobo)}. ` +
    `The client pays ${formatNairaAmount(c.totalKobo)} with the ${percentLabel(rates.serviceFeeBp)} service fee.`
  );
}

/** The rates on their own (dashboard, "Join as Musician", wallet). */
export function ratesSentence(rates: FeeRates): string {
  return (
    `Stagebook keeps ${percentLabel(rates.commissionBp)} of each booking's price as commission; ` +
    `you receive the rest. Clients pay a ${percentLabel(rates.serviceFeeBp)} service fee on top of your price.`
  );
}

/**
 * Whether the organiser gets the service fee back. A refund is a share of everything paid (price and
 * fee together): all of it when the musician cancels, the cancellation policy's share when they do.
 */
export const SERVICE_FEE_REFUND_NOTE =
  "The service fee is refunded with the price: in full if the musician cancels, in the same share as the price under the cancellation policy if you cancel.";

export const serviceFeeLabel = (bp: number) => `Service fee (${percentLabel(bp)})`;
