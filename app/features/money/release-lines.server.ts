// When each held booking's money will be released, in the musician's words (issue 38 item 4, phone walk
// 3 CONFUSING 1): "Released to you on Mon 21 Dec at 20:00, then sent to GTBank ••6789". From the money
// module's own due time (releaseDueAt) and holds; the caller says where automatic payouts go.
import { lagosWallClock } from "~/lib/lagos-date";
import { type DbExecutor, db } from "~/server/db.server";
import { type BookingMoney, peekBookingsMoney } from "./booking-money.server";
import { lineUpPartsOf } from "./line-up-shares";
import * as q from "./queries.server";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon 21 Dec at 20:00" in Lagos (UTC+1, no summer time). */
export function shortLagosMoment(at: Date): string {
  const l = lagosWallClock(at);
  const time = l.toISOString().slice(11, 16);
  return `${WEEKDAYS[l.getUTCDay()]} ${l.getUTCDate()} ${MONTHS[l.getUTCMonth()]} at ${time}`;
}

/**
 * The line for one booking's held money, or null when nothing is held. `sendsTo` ("GTBank ••6789"):
 * where the automatic payout goes after release (null: it stays in Available).
 */
export function releaseLine(money: BookingMoney, sendsTo: string | null): string | null {
  if (!money.held || money.shares.musicianKobo <= 0) return null;
  if (money.holds.clientDispute || money.holds.cardDispute)
    return "On hold while a dispute is open: released when it is resolved";
  if (!money.releaseDueAt) return null;
  const when = shortLagosMoment(money.releaseDueAt);
  return sendsTo
    ? `Released to you on ${when}, then sent to ${sendsTo}`
    : `Released to your Available balance on ${when}`;
}

/** Release lines of the given bookings, by booking id (only those whose money is held). */
export async function releaseLinesOf(
  bookingIds: string[],
  sendsTo: string | null,
  ex: DbExecutor = db,
): Promise<Map<string, string>> {
  const money = await peekBookingsMoney(bookingIds, ex);
  const out = new Map<string, string>();
  for (const [id, m] of money) {
    const line = releaseLine(m, sendsTo);
    if (line) out.set(id, line);
  }
  return out;
}

/** The musician's held bookings: each one's share and its release line, soonest release first. */
export async function escrowReleases(musicianId: string, sendsTo: string | null, ex: DbExecutor = db) {
  const money = await peekBookingsMoney(await q.musicianEscrowBookingIds(ex, musicianId), ex);
  return [...money.values()]
    .filter((m) => m.held && m.shares.musicianKobo > 0)
    .sort((a, b) => (a.releaseDueAt?.getTime() ?? Infinity) - (b.releaseDueAt?.getTime() ?? Infinity))
    .map((m) => ({
      bookingId: m.booking.id,
      slug: m.booking.slug,
      clientName: m.booking.clientName,
      eventDate: m.booking.eventDate,
      // What the musician keeps: their share less their line-up's fees (ADR 0033).
      musicianKobo: m.payment
        ? lineUpPartsOf(m.payment, m.escrowKobo, m.lineUp).leaderKobo
        : m.shares.musicianKobo,
      line: releaseLine(m, sendsTo) as string,
    }));
}
