// The client cancels a booking from its public page (/booking/{slug}). Unpaid: it is simply cancelled.
// Paid: the musician's cancellation policy decides the refund (cancellation-policy.ts, computed here on
// the server at the moment of cancelling); the refund leaves escrow for "refunds pending" and the rest
// is shared as a release would share it, all in one database transaction with the status change, so
// no state exists in which the automatic release could still pay the musician the whole amount.

import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { tellLineUpOfCancellation } from "~/features/lineups/lineups.server";
import {
  applyTransition,
  type BookingMoney,
  peekBookingMoney,
  readBookingMoney,
} from "~/features/money/booking-money.server";
import {
  type CancellationPolicy,
  cancellationRefundKobo,
  eventStartsAt,
  POLICY_LABELS,
} from "~/features/money/cancellation-policy";
import { writeMoneyNews } from "~/features/money/money-events.server";
import { moneyWasReceived } from "~/features/money/money-rules";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { type ClientActor, payerRefusal } from "~/features/payments/payer.server";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import { isClientsAccount, LINK_UNDO_HOURS } from "./link-actions";
import {
  type CancellableBooking,
  findBookingForCancel,
  markCancelled,
  recordLinkAction,
} from "./queries.server";

export const CLIENT_CANCEL_MESSAGES = {
  notCancellable: "This booking can no longer be cancelled.",
  started:
    "The event has already started, so the booking can no longer be cancelled. If something went wrong, please contact support.",
  disputed: "A dispute is open on this booking. Our team will resolve it with you.",
  chargeback:
    "The card payment for this booking is disputed with the bank, so the booking cannot be cancelled until that dispute is resolved.",
} as const;

type PreviewedBooking = Omit<CancellableBooking, "clientUserId" | "cancelledBy" | "eventEndTime">;

function refusal(booking: PreviewedBooking, now: Date, money: BookingMoney | null): string | null {
  if (!["pending", "confirmed"].includes(booking.status)) return CLIENT_CANCEL_MESSAGES.notCancellable;
  const phase = money?.phase ?? "unpaid";
  if (phase !== "unpaid" && phase !== "held") return CLIENT_CANCEL_MESSAGES.notCancellable;
  const startsAt = eventStartsAt(booking);
  if (startsAt && now.getTime() >= startsAt.getTime()) return CLIENT_CANCEL_MESSAGES.started;
  // The money module's holds: what holds the release holds the cancellation.
  if (money?.holds.cardDispute) return CLIENT_CANCEL_MESSAGES.chargeback;
  if (money?.holds.clientDispute) return CLIENT_CANCEL_MESSAGES.disputed;
  return null;
}

/**
 * The cancel panel of /booking/{slug}. `policy` is the musician's policy today; a paid booking follows
 * the one frozen on its payment instead (what the client was shown when they paid).
 */
export async function clientCancelPreviewFor(
  booking: PreviewedBooking,
  policy: CancellationPolicy,
  now = new Date(),
  ex: DbExecutor = db,
) {
  // An unpaid booking has no money to read (the page's query budget, issue 14 item 2).
  const money = !moneyWasReceived(booking.paymentStatus) ? null : await peekBookingMoney(booking.id, ex);
  const paid = money?.phase === "held";
  const paidKobo = paid ? money.escrowKobo : 0;
  const governing = money?.policy ?? policy;
  return {
    policy: governing,
    canCancel: refusal(booking, now, money) === null,
    paid,
    paidKobo,
    refundKobo: paid ? cancellationRefundKobo(governing, paidKobo, eventStartsAt(booking), now) : 0,
  };
}
/** What the booking page shows before the client cancels (recomputed on the server when they do). */
export type ClientCancelPreview = Awaited<ReturnType<typeof clientCancelPreviewFor>>;

export type ClientCancelResult =
  | { ok: true; message: string; refundKobo: number }
  | { ok: false; status: number; message: string };

/**
 * The client's "Yes, cancel this booking" on /booking/{slug}. Unpaid, the link is enough; paid, only the
 * payer (ADR 0013); never the booking's musician.
 */
export async function cancelBookingAsClient(
  slug: string,
  clientIp: string,
  actor: ClientActor,
  now = new Date(),
): Promise<ClientCancelResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const done = await db.transaction(async (tx) => {
    const booking = await findBookingForCancel(slug, tx);
    if (!booking) return { ok: false as const, status: 404, message: BOOKING_NOT_FOUND };
    const refused = await payerRefusal(tx, booking, actor, "client-cancel");
    if (refused) return refused;
    const money = await readBookingMoney(tx, booking.id);
    const why = refusal(booking, now, money);
    if (why) return { ok: false as const, status: 409, message: why };
    // Unpaid, the link is enough to cancel, but only the client's own account is "you": anyone else
    // is "someone with the booking link", and the client can undo it for a day (issue 35 §1). Paid,
    // only the payer gets this far.
    const byLink = !moneyWasReceived(booking.paymentStatus) && !isClientsAccount(booking, actor);
    await markCancelled(tx, booking.id, byLink ? "link" : "client", now);
    const linkAction = byLink
      ? await recordLinkAction(tx, {
          bookingId: booking.id,
          action: "cancel",
          previousStatus: booking.status,
          actedAt: now,
        })
      : null;
    if (money?.phase !== "held" || !money.policy) {
      // Unpaid: no money moved, but the cancellation is told from the outbox, written with it (ADR 0026
      // addendum). A cancellation by link is keyed by its own link action (it can be undone and redone).
      const by = byLink ? ("link" as const) : ("client" as const);
      const eventId = await writeMoneyNews(tx, {
        key: `cancelledUnpaid:${booking.id}:${linkAction ?? by}`,
        bookingId: booking.id,
        musicianId: booking.musicianId,
        news: { kind: "cancelledUnpaid", by, occurrence: linkAction },
      });
      return { ok: true as const, refundKobo: 0, policy: null, eventId, linkAction };
    }
    // The policy the client paid under, frozen on the payment (a later change applies to new payments).
    const policy = money.policy;
    const refundKobo = cancellationRefundKobo(policy, money.escrowKobo, eventStartsAt(booking), now);
    // What the policy kept for the musician goes to their bank on its own (issue 29): the split's event
    // brings its automatic payout, its notices and texts.
    const split = await applyTransition(tx, money, "clientCancelSplit", { refundKobo });
    if (!split.ok) throw new Error(`client cancel of ${booking.id} refused: ${split.message}`);
    return { ok: true as const, refundKobo, policy, eventId: split.eventId, linkAction: null };
  });
  if (!done.ok) return done;
  // Its money event tells it and, paid, asks Paystack for the refund (money-followups).
  await followMoneyEvents([done.eventId]);
  // The members of its line-up, if any, hear that the date is free again (issue 39).
  const cancelled = await findBookingForCancel(slug);
  if (cancelled) await tellLineUpOfCancellation(cancelled.id);
  return {
    ok: true,
    refundKobo: done.refundKobo,
    message:
      done.refundKobo > 0
        ? `Booking cancelled. A refund of ${formatNaira(done.refundKobo)} is on its way to you.`
        : done.policy
          ? `Booking cancelled. Under the musician's ${POLICY_LABELS[done.policy]} policy no refund is due.`
          : done.linkAction
            ? `Booking cancelled. It can be undone from this page for ${LINK_UNDO_HOURS} hours.`
            : "Booking cancelled.",
  };
}
