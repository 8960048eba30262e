// "Undo cancellation" on /booking/{slug}: an unpaid booking cancelled with the link goes back to the
// status it had, within a day, unless the musician has since taken another booking at that time.

import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { clashesFor, isDoubleBooking } from "~/features/calendar/overlap.server";
import { ourWords, sentence } from "~/features/messaging/contact-boundary";
import { notifyMusician } from "~/features/messaging/messaging.server";
import { moneyWasReceived } from "~/features/money/money-rules";
import { type ClientActor, payerRefusal } from "~/features/payments/payer.server";
import { LAGOS_TZ } from "~/lib/lagos-date";
import { db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { LINK_UNDO_MESSAGES, undoUntil } from "./link-actions";
import { findBookingForCancel, latestLinkCancel, restoreLinkCancel } from "./queries.server";

/** What the booking page offers: "Undo cancellation" until `until` (ISO), or nothing. */
export async function linkCancelUndoFor(
  booking: { id: string; status: string; paymentStatus: string },
  now = new Date(),
): Promise<{ until: string; untilLabel: string } | null> {
  // Only a cancelled, unpaid booking costs a read (the page's query budget).
  if (booking.status !== "cancelled") return null;
  if (moneyWasReceived(booking.paymentStatus)) return null;
  const action = await latestLinkCancel(booking.id);
  if (!action) return null;
  const until = undoUntil(action.actedAt);
  if (now >= until) return null;
  const untilLabel = new Intl.DateTimeFormat("en-GB", {
    timeZone: LAGOS_TZ,
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(until);
  return { until: until.toISOString(), untilLabel };
}

export type UndoResult = { ok: true; message: string } | { ok: false; status: number; message: string };

export async function undoLinkCancellation(
  slug: string,
  clientIp: string,
  actor: ClientActor,
  now = new Date(),
): Promise<UndoResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  let done: UndoResult & { musicianId?: string; restored?: string };
  try {
    done = await db.transaction(async (tx) => {
      const booking = await findBookingForCancel(slug, tx);
      if (!booking) return { ok: false as const, status: 404, message: BOOKING_NOT_FOUND };
      // The link holder or the client's account; never the musician.
      const refused = await payerRefusal(tx, booking, actor, "undo-cancel");
      if (refused) return refused;
      const action =
        booking.status === "cancelled" &&
        booking.cancelledBy === "link" &&
        !moneyWasReceived(booking.paymentStatus)
          ? await latestLinkCancel(booking.id, tx)
          : null;
      if (!action?.previousStatus)
        return { ok: false as const, status: 409, message: LINK_UNDO_MESSAGES.nothing };
      if (now >= undoUntil(action.actedAt))
        return { ok: false as const, status: 409, message: LINK_UNDO_MESSAGES.tooLate };
      // The calendar's overlap rules: another booking at that time since, and the musician is taken.
      const clashes = await clashesFor(booking.musicianId, booking, booking.id);
      if (clashes.some((c) => c.kind === "booking"))
        return { ok: false as const, status: 409, message: LINK_UNDO_MESSAGES.taken };
      await restoreLinkCancel(
        tx,
        { id: action.id, bookingId: booking.id, previousStatus: action.previousStatus },
        now,
      );
      return {
        ok: true as const,
        message: LINK_UNDO_MESSAGES.done,
        musicianId: booking.musicianId,
        restored: action.previousStatus,
      };
    });
  } catch (err) {
    // A confirmation that landed between the check and the restore: the database's exclusion decides.
    if (isDoubleBooking(err)) return { ok: false, status: 409, message: LINK_UNDO_MESSAGES.taken };
    throw err;
  }
  if (!done.ok) return done;
  const booking = ourWords(slug);
  await notifyMusician(done.musicianId!, {
    subject: sentence`Cancellation undone: booking ${booking}`,
    text: sentence`The cancellation of booking ${booking}, made with the booking link, was undone through the link within a day. The booking is ${ourWords(done.restored ?? "")} again, as before:\n\n${ourWords(`${publicOrigin()}/booking/${slug}`)}`,
  });
  return { ok: true, message: done.message };
}
