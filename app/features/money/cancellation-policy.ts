// The musician's cancellation policy and what a client who cancels gets back. Pure (no server or
// zod imports) so the profile editor, the booking page and the server agree on every figure.
//
// Tiers are measured from the event's start in Lagos (UTC+1 all year): "up to 24 h before" includes
// exactly 24 h before; one millisecond later is the next tier. Once the event has started the client
// can no longer cancel (a dispute is the way to say something went wrong).
import { proportionKobo } from "./money-rules";

export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = "flexible";

export const POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: "Flexible",
  moderate: "Moderate",
  strict: "Strict",
};

export const POLICY_TERMS: Record<CancellationPolicy, string> = {
  flexible: "Full refund up to 24 hours before the event, none after.",
  moderate: "Full refund up to 7 days before the event, 50% after.",
  strict: "50% refund up to 14 days before the event, none after.",
};

export function isCancellationPolicy(value: unknown): value is CancellationPolicy {
  return typeof value === "string" && (CANCELLATION_POLICIES as readonly string[]).includes(value);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant the event starts: its start time on its date in Lagos; midnight when it has no start time. */
export function eventStartsAt(b: { eventDate: string | null; eventStartTime: string | null }): Date | null {
  if (!b.eventDate) return null;
  const start = b.eventStartTime ? b.eventStartTime.slice(0, 8).padEnd(8, ":00") : "00:00:00";
  const at = new Date(`${b.eventDate}T${start}+01:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The percentage of what was paid that a client who cancels at `now` gets back. A booking with no
 * event date is always "well before" the event. After the start: 0 (cancelling is refused then).
 */
export function refundPercent(policy: CancellationPolicy, startsAt: Date | null, now: Date): 0 | 50 | 100 {
  const before = startsAt ? startsAt.getTime() - now.getTime() : Number.POSITIVE_INFINITY;
  if (before < 0) return 0;
  switch (policy) {
    case "flexible":
      return before >= DAY ? 100 : 0;
    case "moderate":
      return before >= 7 * DAY ? 100 : 50;
    case "strict":
      return before >= 14 * DAY ? 50 : 0;
  }
}

/** The refund in kobo: percent of paidKobo, rounded half up to the kobo. */
export function cancellationRefundKobo(
  policy: CancellationPolicy,
  paidKobo: number,
  startsAt: Date | null,
  now: Date,
): number {
  if (!Number.isSafeInteger(paidKobo) || paidKobo < 0) throw new RangeError(`bad kobo ${paidKobo}`);
  return proportionKobo(paidKobo, refundPercent(policy, startsAt, now), 100);
}
