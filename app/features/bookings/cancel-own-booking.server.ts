// The musician cancels their own booking (issue 10 §7). Its own file: its refund's money event brings
// the notices and texts (money-followups), which reach the wallet, and the wallet reads bookings.server.
import { tellLineUpOfCancellation } from "~/features/lineups/lineups.server";
import { maskContactDetails } from "~/features/messaging/contact-mask";
import { writeMoneyNews } from "~/features/money/money-events.server";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { startRefundOnMusicianCancel } from "~/features/refunds/refunds.server";
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
  // the booking's payment status, the refund's ledger posting and its money event commit together or
  // not at all (as the client's cancellation does); the provider is asked by the event's follow-up.
  const done = await db
    .transaction(async (tx) => {
      const row = await cancelBooking(id, musician.id, tx, said);
      if (!row) return null;
      const refund = await startRefundOnMusicianCancel(tx, id);
      if (!refund.ok) throw new CancelRefused(refund.message);
      // A paid booking's cancellation is told by its refund's money event (which also asks Paystack for
      // the refund); an unpaid one moved no money, but is told from the outbox too, with the cancel.
      const eventId =
        refund.eventId ??
        (await writeMoneyNews(tx, {
          key: `cancelledUnpaid:${id}:musician`,
          bookingId: id,
          musicianId: musician.id,
          news: { kind: "cancelledUnpaid", by: "musician", occurrence: null },
        }));
      return { row, eventId };
    })
    .catch((err: unknown) => {
      if (err instanceof CancelRefused) return err;
      throw err;
    });
  if (done instanceof CancelRefused) return { ok: false, status: 409, message: done.message };
  if (done) {
    await followMoneyEvents([done.eventId]);
    await tellLineUpOfCancellation(id);
    return { ok: true, message: `Booking for ${done.row.clientName} has been cancelled` };
  }
  return refusal(id, musician.id, () => "Only pending or confirmed bookings can be cancelled.");
}
