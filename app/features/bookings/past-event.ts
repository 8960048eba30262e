// A booking whose time is already over (a past event the musician records, review N2): asked once, in
// the preview, with what it means for the money (phone walk 3). Shared by the server's refusal and the
// preview, so both read the same clock rule.
import { eventEnded } from "~/features/money/event-time";
import type { BookingInput } from "./booking.schema";

/** Whether the booking's time is already over in Lagos: its start, or its end, has passed. */
export function timeAlreadyOver(
  input: Pick<BookingInput, "eventDate" | "eventStartTime" | "eventEndTime">,
  now = new Date(),
) {
  if (!input.eventDate) return false;
  if (input.eventStartTime) {
    const start = new Date(`${input.eventDate}T${input.eventStartTime.slice(0, 5)}:00+01:00`);
    if (!Number.isNaN(start.getTime()) && start.getTime() <= now.getTime()) return true;
  }
  return eventEnded(input, now);
}

/** What a past event means for the money, said with the question. */
export function pastEventMoneyWords(releaseAfterHours: number): string {
  const after = releaseAfterHours === 0 ? "as soon as they pay" : `${releaseAfterHours} hours after they pay`;
  return `The event is over, so when the client pays, the payment is released to you ${after}, unless they report a problem first.`;
}
