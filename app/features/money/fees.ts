// The money arithmetic of a booking, in integer kobo. Pure, so the pay panel, the server and the
// property tests agree. Percentages are held as basis points (1% = 100 bp) so 7.5% stays exact.
//
// Rounding: a percentage of an amount is rounded half up to the nearest kobo (0.5 kobo → 1 kobo), once
// per figure, with exact integer arithmetic (BigInt). Every split hands the remainder of a rounding to
// the other side, so the parts always add up to the whole and no kobo is created or lost.

export type FeeRates = { serviceFeeBp: number; commissionBp: number };

export type BookingCharges = {
  /** The musician's price for the booking. */
  priceKobo: number;
  /** Paid by the organiser on top of the price. */
  serviceFeeKobo: number;
  /** What the organiser pays: price + service fee. */
  totalKobo: number;
  /** Kept from the price when escrow is released. */
  commissionKobo: number;
  /** What the musician receives: price − commission. */
  musicianKobo: number;
  /** What the platform keeps: service fee + commission. */
  platformKobo: number;
};

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** amount × bp / 10 000, rounded half up; amount ≥ 0, 0 ≤ bp ≤ 10 000. */
export function basisPointsOf(amountKobo: number, bp: number): number {
  assertKobo(amountKobo);
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`bad basis points ${bp}`);
  return Number((BigInt(amountKobo) * BigInt(bp) + 5_000n) / 10_000n);
}

export function bookingCharges(priceKobo: number, rates: FeeRates): BookingCharges {
  const serviceFeeKobo = basisPointsOf(priceKobo, rates.serviceFeeBp);
  const commissionKobo = basisPointsOf(priceKobo, rates.commissionBp);
  return {
    priceKobo,
    serviceFeeKobo,
    totalKobo: priceKobo + serviceFeeKobo,
    commissionKobo,
    musicianKobo: priceKobo - commissionKobo,
    platformKobo: serviceFeeKobo + commissionKobo,
  };
}

/**
 * How escrow that is released is shared. A full release gives the musician price − commission and the
 * platform the rest. When part was refunded first (a split), the remaining escrow is shared in the same
 * proportion as a full release (musician share rounded half up, the platform takes the remainder).
 */
export function releaseSplit(
  charges: Pick<BookingCharges, "totalKobo" | "musicianKobo">,
  releasedKobo: number,
): { musicianKobo: number; platformKobo: number } {
  assertKobo(releasedKobo);
  if (releasedKobo > charges.totalKobo) throw new RangeError("cannot release more than was paid");
  if (releasedKobo === charges.totalKobo)
    return { musicianKobo: charges.musicianKobo, platformKobo: releasedKobo - charges.musicianKobo };
  const total = BigInt(charges.totalKobo);
  const musician =
    total === 0n
      ? 0
      : Number((BigInt(releasedKobo) * BigInt(charges.musicianKobo) * 2n + total) / (2n * total));
  return { musicianKobo: musician, platformKobo: releasedKobo - musician };
}

function assertKobo(n: number) {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`kobo must be a whole, non-negative number (got ${n})`);
}
