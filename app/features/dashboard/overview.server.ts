import { formatDistanceStrict } from "date-fns";
import { unreadForMusicianProfile } from "~/features/messaging/messaging.server";
import { averageRatingLabel } from "~/features/reviews/reviews.server";
import { lagosToday } from "~/lib/lagos-date";
import {
  countBookings,
  countConfirmedBookingsFrom,
  countPerformancesFrom,
  latestBookings,
  latestConfirmations,
  latestDisputes,
  latestRequests,
} from "./queries.server";

export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityKind = "request" | "booking" | "confirmation" | "dispute";

export interface Activity {
  id: string;
  kind: ActivityKind;
  text: string;
  at: string;
  ago: string;
}

export interface Overview {
  totalBookings: number;
  upcomingEvents: number;
  unreadMessages: number;
  /** The published average, "--" before the first published review. */
  averageRating: string;
  activity: Activity[];
}

const texts: Record<ActivityKind, (client: string) => string> = {
  request: (c) => `New booking request from ${c}`,
  booking: (c) => `Booking created for ${c}`,
  confirmation: (c) => `${c} confirmed their booking`,
  dispute: (c) => `${c} disputed a booking`,
};

/** The dashboard overview of the musician's own data. */
export async function dashboardOverview(profileId: string, now = new Date()): Promise<Overview> {
  const n = RECENT_ACTIVITY_LIMIT;
  const [
    totalBookings,
    upcomingPerformances,
    upcomingBookings,
    requests,
    bookings,
    confirmations,
    disputes,
    unreadMessages,
    averageRating,
  ] = await Promise.all([
    countBookings(profileId),
    countPerformancesFrom(profileId, lagosToday(now)),
    countConfirmedBookingsFrom(profileId, lagosToday(now)),
    latestRequests(profileId, n),
    latestBookings(profileId, n),
    latestConfirmations(profileId, n),
    latestDisputes(profileId, n),
    unreadForMusicianProfile(profileId),
    averageRatingLabel(profileId),
  ]);
  const tagged = [
    ...requests.map((r) => ({ ...r, kind: "request" as const })),
    ...bookings.map((r) => ({ ...r, kind: "booking" as const })),
    ...confirmations.map((r) => ({ ...r, kind: "confirmation" as const })),
    ...disputes.map((r) => ({ ...r, kind: "dispute" as const })),
  ];
  const activity = tagged
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, n)
    .map((a) => ({
      id: `${a.kind}-${a.id}`,
      kind: a.kind,
      text: texts[a.kind](a.clientName),
      at: a.at.toISOString(),
      ago: relativeTime(a.at, now),
    }));
  const upcomingEvents = upcomingPerformances + upcomingBookings;
  return { totalBookings, upcomingEvents, unreadMessages, averageRating, activity };
}

/** "5 minutes ago"; anything under a minute is "just now". */
export function relativeTime(at: Date, now = new Date()): string {
  if (now.getTime() - at.getTime() < 60_000) return "just now";
  return formatDistanceStrict(at, now, { addSuffix: true });
}
