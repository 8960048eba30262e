// Release: who asks for it. The payer (ADR 0013) says "The event happened" once the event has ended;
// otherwise the scheduled job releases when the money module says it is due (RELEASE_AFTER_HOURS after
// the later of the event's end and our credit of the payment). What may be released, the shares and
// the holds are the money module's (features/money/booking-money.server.ts).
import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import {
  type Applied,
  applyTransition,
  MONEY_MESSAGES,
  type MoneyRefusal,
  peekBookingMoney,
  readBookingMoney,
  type TransitionInput,
} from "~/features/money/booking-money.server";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { type ClientActor, payerRefusal } from "./payer.server";
import * as q from "./queries.server";
import { scheduleAutoReleaseAt } from "./release-clock.server";

type ReleaseBy = TransitionInput<"release">["by"];
type ReleaseResult =
  | { ok: true; released: boolean; musicianKobo: number; platformKobo: number }
  | { ok: false; status: number; message: string };

/**
 * Releases whatever the booking's escrow holds and marks the booking completed. Safe to repeat. The
 * release's event (written with it) brings its follow-ups: the notices and texts, the automatic payout
 * and the review window (money-followups.server.ts).
 */
export async function releaseEscrow(
  bookingId: string,
  by: ReleaseBy,
  actor?: ClientActor,
  now = new Date(),
): Promise<ReleaseResult> {
  if (by === "client" && !actor) throw new Error("a client's release needs the client who asks");
  const result = await db.transaction(async (tx): Promise<Applied | MoneyRefusal> => {
    const money = await readBookingMoney(tx, bookingId);
    if (!money) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
    // Only the payer says the event happened; checked with the booking locked.
    if (by === "client") {
      const refused = await payerRefusal(tx, money.booking, actor!, "event-happened");
      if (refused) return refused;
    }
    // What may be released is the money module's: the release's plan refuses (a cancelled booking never
    // by the client or the clock, a hold, a due time), and a second release moves nothing.
    return applyTransition(tx, money, "release", { by, now });
  });
  if (!result.ok) return result;
  await followMoneyEvents([result.eventId]);
  return {
    ok: true,
    released: result.moved,
    musicianKobo: result.musicianKobo,
    platformKobo: result.platformKobo,
  };
}

/** The payer's "The event happened" on /booking/{slug}. */
export async function markEventHappened(
  slug: string,
  clientIp: string,
  actor: ClientActor,
  now = new Date(),
): Promise<ReleaseResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  return releaseEscrow(booking.id, "client", actor, now);
}

/**
 * Queues the automatic release for when the money module says it is due (once per booking and time).
 * Once due, the key also names the hour (M14): a job that already ran (refused while a hold was on) is
 * kept by pg-boss for hours, and re-queuing with its key would be a no-op until then.
 */
export async function scheduleAutoRelease(bookingId: string, now = new Date()): Promise<void> {
  const at = (await peekBookingMoney(bookingId))?.releaseDueAt;
  if (at) await scheduleAutoReleaseAt(bookingId, at, now);
}

/**
 * The job: releases as the money module's plan allows (its refusals are the only rule: not held,
 * cancelled, a hold, not due); re-queued when it is not due yet.
 */
export async function runAutoRelease(data: { bookingId: string }): Promise<void> {
  const result = await releaseEscrow(data.bookingId, "auto");
  if (result.ok) return;
  if (result.message === MONEY_MESSAGES.notDue) await scheduleAutoRelease(data.bookingId);
  else logger.info({ bookingId: data.bookingId, reason: result.message }, "automatic release skipped");
}
