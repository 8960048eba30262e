// No message between 21:00 and 07:00 in Lagos (issue 30 §4), except payment and payout events. Lagos
// is UTC+1 all year (no daylight saving), so the hour there is the UTC hour + 1.
import { type PhoneEvent, SENT_AT_NIGHT } from "./phone-texts";

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;
const LAGOS_OFFSET_MS = 3_600_000;

/** The earliest moment the message may go: `at` itself, or 07:00 Lagos after a night-time `at`. */
export function earliestSend(event: PhoneEvent, at: Date): Date {
  if (SENT_AT_NIGHT.has(event)) return at;
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const hour = lagos.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const morning = new Date(lagos);
  morning.setUTCHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  if (hour >= QUIET_FROM_HOUR) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - LAGOS_OFFSET_MS);
}
