// The transitions that release money to the musician (release by the payer, the clock or the admin; the
// client-cancel split; the admin's split) and their follow-up: the automatic payout of what the musician
// got (issue 29, ADR 0020), requested in the same transaction for every one of them. The Paystack
// transfer goes out after the commit, by the payout's reference, from the job queue: call
// sendRequestedPayout(result.payout) once the caller's transaction has committed.
//
// Its own file because the wallet (which owns payout accounts, settings and holds) reads the money
// module: booking-money.server.ts cannot import it back without an import cycle. Only the routes of a
// release (payments/release.server, refunds/client-cancel, refunds/admin-payments) import this.
import { bookingPayoutHolds } from "~/features/payments/payout-holds.server";
import { requestReleasePayout } from "~/features/wallet/automatic-payouts.server";
import type { DbExecutor } from "~/server/db.server";
import {
  type Applied,
  type LockedBookingMoney,
  type MoneyRefusal,
  postTransition,
  type ReleasingTransition,
  type TransitionInput,
} from "./booking-money.server";

export type Released =
  | (Applied & { payout: Awaited<ReturnType<typeof requestReleasePayout>> })
  | MoneyRefusal;

/**
 * Applies a releasing transition (as applyTransition does) and, when it put money in the musician's
 * Available, asks for its automatic payout in the same transaction (nothing when the musician turned
 * them off, has no verified account, or the share is below the smallest withdrawal).
 */
export async function applyReleaseTransition<N extends ReleasingTransition>(
  tx: DbExecutor,
  money: LockedBookingMoney,
  name: N,
  input: TransitionInput<N>,
  now = new Date(),
): Promise<Released> {
  const applied = await postTransition(tx, money, name, input);
  if (!applied.ok) return applied;
  if (!applied.moved || applied.musicianKobo <= 0) return { ...applied, payout: null };
  const holds = await bookingPayoutHolds(tx, money.booking.id);
  const payout = holds
    ? await requestReleasePayout(
        tx,
        {
          musicianId: money.booking.musicianId,
          bookingId: money.booking.id,
          amountKobo: applied.musicianKobo,
          holds,
        },
        now,
      )
    : null;
  return { ...applied, payout };
}
