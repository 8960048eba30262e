// A musician's money by Lagos month (issue 38, the Numbers page), from the money module's own facts:
// releases and payouts from the ledger's postings, escrow from each booking's derived money (the
// wallet's share rule, sharesOf), and unpaid bookings at today's quote. No second sum of money lives
// outside this module: the Numbers page, its CSV and its tests read this.
import { LAGOS_OFFSET_MS, lagosToday } from "~/lib/lagos-date";
import { type DbExecutor, db } from "~/server/db.server";
import { peekBookingsMoney, priceQuote } from "./booking-money.server";
import { lineUpPartsOf } from "./line-up-shares";
import * as q from "./queries.server";

export type MonthMoney = {
  /** "2026-11" (a Lagos month). */
  month: string;
  /** What releases put in Available this month (the musician's share). */
  releasedKobo: number;
  /** What the bank paid out to the musician this month (less transfers it sent back). */
  paidOutKobo: number;
  /** The musician's share of what escrow holds now, by the event's month (undated: the month paid). */
  inEscrowKobo: number;
  /** The musician's share, at today's rates, of unpaid bookings by the event's month (undated: made). */
  bookedUnpaidKobo: number;
};

/** The last `count` Lagos months, oldest first ("2025-12" … "2026-11"). */
export function lastLagosMonths(count: number, now = new Date()): string[] {
  const [y, m] = lagosToday(now).split("-").map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return out;
}

/** Midnight in Lagos (UTC+1, no summer time) at the start of a "YYYY-MM" month. */
export function lagosMonthStart(month: string): Date {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1) - LAGOS_OFFSET_MS);
}

/** The month a moment falls in, in Lagos. */
export function lagosMonthOf(at: Date): string {
  return lagosToday(at).slice(0, 7);
}

export async function moneyByMonth(
  musicianId: string,
  options: { months?: number; now?: Date; ex?: DbExecutor } = {},
): Promise<MonthMoney[]> {
  const { months = 12, now = new Date(), ex = db } = options;
  const list = lastLagosMonths(months, now);
  const since = lagosMonthStart(list[0] as string);
  const [moves, escrow, unpaid] = await Promise.all([
    q.musicianMonthlyMoves(ex, musicianId, since),
    q.musicianEscrowBalances(ex, musicianId),
    q.musicianUnpaidBookings(ex, musicianId, `${list[0]}-01`),
  ]);
  const thisMonth = list[list.length - 1] as string;
  // Events still to come are counted in this month: the chart ends today.
  const monthOf = (m: string) => (m > thisMonth ? thisMonth : m);
  const byMonth = new Map<string, MonthMoney>(
    list.map((month) => [
      month,
      { month, releasedKobo: 0, paidOutKobo: 0, inEscrowKobo: 0, bookedUnpaidKobo: 0 },
    ]),
  );
  for (const m of moves) {
    const row = byMonth.get(m.month);
    if (row) {
      row.releasedKobo += m.releasedKobo;
      row.paidOutKobo += m.paidOutKobo;
    }
  }
  // The wallet's In escrow, booking by booking: the musician's share of what escrow holds, at the
  // payment's own rates (sharesOf, the one share rule).
  // Less the line-up's fees (ADR 0033): the musician keeps their share less what their line-up is paid.
  const lineUps = await q.lineUpsOf(
    ex,
    escrow.map((e) => e.bookingId),
  );
  for (const e of escrow) {
    if (!e.payment) continue;
    const paidMonth = e.creditedAt ? lagosMonthOf(e.creditedAt) : null;
    const month = e.eventDate?.slice(0, 7) ?? paidMonth;
    const row = month ? byMonth.get(monthOf(month)) : undefined;
    if (row)
      row.inEscrowKobo += lineUpPartsOf(e.payment, e.escrowKobo, lineUps.get(e.bookingId) ?? []).leaderKobo;
  }
  for (const b of unpaid) {
    const row = byMonth.get(monthOf(b.month));
    if (row) row.bookedUnpaidKobo += priceQuote(b.priceKobo).musicianKobo;
  }
  return list.map((month) => byMonth.get(month) as MonthMoney);
}

/**
 * The next release of the musician's escrow: its due time and the musician's share (the dashboard's
 * "In escrow" card). Null when nothing is held or nothing is due (every held booking is disputed).
 */
export async function escrowSummary(musicianId: string, ex: DbExecutor = db) {
  const held = await peekBookingsMoney(await q.musicianEscrowBookingIds(ex, musicianId), ex);
  let inEscrowKobo = 0;
  let next: { at: Date; musicianKobo: number } | null = null;
  for (const money of held.values()) {
    inEscrowKobo += money.shares.musicianKobo;
    const onHold = money.holds.clientDispute || money.holds.cardDispute;
    if (!money.held || onHold || !money.releaseDueAt) continue;
    if (!next || money.releaseDueAt < next.at) next = { at: money.releaseDueAt, musicianKobo: 0 };
    if (next.at.getTime() === money.releaseDueAt.getTime()) next.musicianKobo += money.shares.musicianKobo;
  }
  return { inEscrowKobo, nextRelease: next };
}
