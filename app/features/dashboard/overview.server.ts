import { formatDistanceStrict } from "date-fns";
import { maskContactDetails } from "~/features/messaging/contact-mask";
import { unreadForMusicianProfile } from "~/features/messaging/messaging.server";
import { escrowSummary, moneyByMonth } from "~/features/money/money-by-month.server";
import { shortLagosMoment } from "~/features/money/release-lines.server";
import { moneyActivity } from "~/features/notifications/money-notifications.server";
import { upcomingEvents as upcomingList } from "~/features/performances/events.server";
import { averageRatingLabel } from "~/features/reviews/reviews.server";
import { availableKobo, payoutDestination } from "~/features/wallet/wallet.server";
import {
  countBookings,
  countWaitingRequests,
  latestBookings,
  latestConfirmations,
  latestDisputes,
  latestRequests,
} from "./queries.server";

export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityKind = "request" | "booking" | "confirmation" | "dispute" | "money";

export interface Activity {
  id: string;
  kind: ActivityKind;
  text: string;
  at: string;
  ago: string;
}

export interface Overview {
  /** Bookings not cancelled ("Total Bookings"), with the cancelled ones said apart. */
  totalBookings: number;
  cancelledBookings: number;
  /** Booking requests waiting for an answer. */
  waitingRequests: number;
  upcomingEvents: number;
  unreadMessages: number;
  /** The published average, "--" before the first published review. */
  averageRating: string;
  activity: Activity[];
}

// Names an organiser typed are masked like any of their text: a "name" can carry a phone number.
const typed = (c: string) => maskContactDetails(c).text;

const texts: Record<Exclude<ActivityKind, "money">, (client: string) => string> = {
  request: (c) => `New booking request from ${typed(c)}`,
  booking: (c) => `Booking created for ${c}`,
  confirmation: (c) => `${typed(c)} confirmed their booking`,
  dispute: (c) => `${typed(c)} disputed a booking`,
};

export { countWaitingRequests };

/** The dashboard overview of the musician's own data. */
export async function dashboardOverview(profileId: string, now = new Date()): Promise<Overview> {
  const n = RECENT_ACTIVITY_LIMIT;
  const [
    bookingCounts,
    waitingRequests,
    upcomingEvents,
    requests,
    bookings,
    confirmations,
    disputes,
    unreadMessages,
    averageRating,
    money,
  ] = await Promise.all([
    countBookings(profileId),
    countWaitingRequests(profileId),
    // The Upcoming page's own list, so the two agree: events filed by their end (phone walk 2).
    upcomingList(profileId, now).then((r) => (r.ok ? r.data.length : 0)),
    latestRequests(profileId, n),
    latestBookings(profileId, n),
    latestConfirmations(profileId, n),
    latestDisputes(profileId, n),
    unreadForMusicianProfile(profileId),
    averageRatingLabel(profileId),
    moneyActivity(profileId, n),
  ]);
  // A paid booking's dispute is told by its money line (with the amount on hold), not twice.
  const disputedPaid = new Set(money.filter((m) => m.kind === "disputed").map((m) => m.bookingId));
  const tagged = [
    ...requests.map((r) => ({ ...r, kind: "request" as const })),
    ...bookings.map((r) => ({ ...r, kind: "booking" as const })),
    ...confirmations.map((r) => ({ ...r, kind: "confirmation" as const })),
    ...disputes
      .filter((r) => !disputedPaid.has(r.bookingId))
      .map((r) => ({ ...r, kind: "dispute" as const })),
  ];
  const lines: { id: string; kind: ActivityKind; text: string; at: Date }[] = [
    ...tagged.map((a) => ({
      id: `${a.kind}-${a.id}`,
      kind: a.kind,
      text: texts[a.kind](a.clientName),
      at: a.at,
    })),
    ...money.map((m) => ({ id: `money-${m.id}`, kind: "money" as const, text: m.text, at: m.at })),
  ];
  const activity = lines
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, n)
    .map((a) => ({ ...a, at: a.at.toISOString(), ago: relativeTime(a.at, now) }));
  return {
    totalBookings: bookingCounts.active,
    cancelledBookings: bookingCounts.cancelled,
    waitingRequests,
    upcomingEvents,
    unreadMessages,
    averageRating,
    activity,
  };
}

/** "5 minutes ago"; anything under a minute is "just now". */
export function relativeTime(at: Date, now = new Date()): string {
  if (now.getTime() - at.getTime() < 60_000) return "just now";
  return formatDistanceStrict(at, now, { addSuffix: true });
}

/**
 * The dashboard's money (phone walk 3, CONFUSING 2): what escrow holds and when the next release is
 * due, what went to the bank this month and what is Available, all from the money module and the
 * ledger (automatic payouts keep Available near zero, so it cannot be the only figure).
 */
export async function dashboardMoney(profileId: string, now = new Date()) {
  const [escrow, [thisMonth], available, sendsTo] = await Promise.all([
    escrowSummary(profileId),
    moneyByMonth(profileId, { months: 1, now }),
    availableKobo(profileId),
    payoutDestination(profileId),
  ]);
  return {
    inEscrowKobo: escrow.inEscrowKobo,
    nextRelease: escrow.nextRelease
      ? {
          when: shortLagosMoment(escrow.nextRelease.at),
          musicianKobo: escrow.nextRelease.musicianKobo,
        }
      : null,
    paidOutThisMonthKobo: thisMonth?.paidOutKobo ?? 0,
    availableKobo: available,
    sendsTo,
  };
}
export type DashboardMoney = Awaited<ReturnType<typeof dashboardMoney>>;
