// The musician cancels their own booking (issue 10 §7). Its own file: its refund's money event brings
// the notices and texts (money-followups), which reach the wallet, and the wallet reads bookings.server.
import { maskContactDetails } from "~/features/messaging/contact-mask";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { notifyMoneyEvent } from "~/features/notifications/money-notifications.server";
import { sendRefund, startRefundOnMusicianCancel } from "~/features/refunds/refunds.server";
import { db } from "~/server/db.server";
import { refusal } from "./bookings.server";
import type { Outcome } from "./outcome";
import { cancelBooking } from "./queries.server";

/** Rolls a musician's cancellation back: its refund cannot start (e.g. a chargeback is open). */
class CancelRefused extends Error {}

/** The longest reason for cancelling the client is shown. */
export const CANCEL_REASON_MAX = 500;

export async function cancelOwnBooking(
  musician: { id: string },
  id: string,
  reason = "",
): Promise<Outcome<{ message: string }>> {
  // Typed text reaching the client: through the masking boundary, as every message.
  const said = reason.trim() ? maskContactDetails(reason.trim().slice(0, CANCEL_REASON_MAX)).text : null;
  // A musician who cancels a paid booking refunds the client in full (issue 10 §7): the cancellation,
  // the booking's payment status and the refund's ledger posting commit together or not at all (as
  // the client's cancellation does); the provider is asked after the commit.
  const done = await db
    .transaction(async (tx) => {
      const row = await cancelBooking(id, musician.id, tx, said);
      if (!row) return null;
      const refund = await startRefundOnMusicianCancel(tx, id);
      if (!refund.ok) throw new CancelRefused(refund.message);
      return { row, refundId: refund.refundId, eventId: refund.eventId };
    })
    .catch((err: unknown) => {
      if (err instanceof CancelRefused) return err;
      throw err;
    });
  if (done instanceof CancelRefused) return { ok: false, status: 409, message: done.message };
  if (done) {
    if (done.refundId) await sendRefund(done.refundId);
    // A paid booking's cancellation is told by its refund's money event; an unpaid one moved no money.
    if (done.eventId) await followMoneyEvents([done.eventId]);
    else await notifyMoneyEvent({ kind: "cancelled", bookingId: id, by: "musician" });
    return { ok: true, message: `Booking for ${done.row.clientName} has been cancelled` };
  }
  return refusal(id, musician.id, () => "Only pending or confirmed bookings can be cancelled.");
}
