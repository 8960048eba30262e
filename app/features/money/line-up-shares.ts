// A line-up's share of a booking's money (issue 39, ADR 0033). Pure: the release posting, chargebacks,
// ledger:check and the property tests use it.
//
// The members' fees come out of the leader's share (price − commission), never the client's price. What
// the musician side receives in one posting (a full release: the whole share; what a refund or a split
// leaves: less) is shared so that each member gets the same fraction of their fee as the side keeps of
// its share, rounded half up with the module's one rule (proportionKobo); the leader gets the rest. A
// member is never given more than is left (fees frozen at the whole share leave the leader ≥ 0; if a
// rounding would take the leader below zero, the last members lose that kobo), so the parts always add
// up to the side's amount and every posting sums to zero.
import { type PaymentRates, proportionKobo, sharesOf } from "./money-rules";

/** A member of the line-up frozen at payment: who, and the fee agreed (kobo, out of the leader's share). */
export type LineUpMember = { musicianId: string; feeKobo: number };

/**
 * One line-up member's part of a transition, carried by its money event (notices, texts and payouts
 * never read the money again): `availableKobo` into (negative: out of) their Available, `repaidKobo`
 * of their own chargeback debt repaid from it, `owedKobo` newly owed (a lost chargeback).
 */
export type MemberMove = {
  musicianId: string;
  role: string;
  feeKobo: number;
  availableKobo: number;
  repaidKobo: number;
  owedKobo?: number;
};

export type LineUpSplit = {
  /** Each member's amount, in the line-up's order (0 when the side keeps nothing). */
  members: { musicianId: string; kobo: number }[];
  /** What the leader keeps: the side's amount less the members'. */
  leaderKobo: number;
};

/**
 * Shares `sideKobo` (what the musician side receives now) between the members and the leader, in the
 * proportion `sideKobo / shareKobo` (the side's whole share): a member gets fee × side / share, half up.
 */
export function lineUpSplit(sideKobo: number, shareKobo: number, members: LineUpMember[]): LineUpSplit {
  if (!Number.isSafeInteger(sideKobo) || sideKobo < 0 || !Number.isSafeInteger(shareKobo) || shareKobo < 0)
    throw new RangeError(
      `a line-up is shared from whole, non-negative kobo (got ${sideKobo} of ${shareKobo})`,
    );
  let left = sideKobo;
  const out = members.map((m) => {
    if (!Number.isSafeInteger(m.feeKobo) || m.feeKobo < 0)
      throw new RangeError(`a line-up fee is whole, non-negative kobo (got ${m.feeKobo})`);
    const kobo = shareKobo === 0 ? 0 : Math.min(left, proportionKobo(m.feeKobo, sideKobo, shareKobo));
    left -= kobo;
    return { musicianId: m.musicianId, kobo };
  });
  return { members: out, leaderKobo: left };
}

/**
 * The leader's and the line-up's parts of what `escrowKobo` would give the musician side now, at the
 * payment's own rates (the wallet's In escrow and its lines: the leader keeps their share less the fees).
 */
export function lineUpPartsOf(
  payment: PaymentRates,
  escrowKobo: number,
  members: LineUpMember[],
): { leaderKobo: number; lineUpKobo: number } {
  const side = sharesOf(payment, escrowKobo).musicianKobo;
  const whole = sharesOf(payment, payment.amountKobo).musicianKobo;
  const { leaderKobo } = lineUpSplit(side, whole, members);
  return { leaderKobo, lineUpKobo: side - leaderKobo };
}
