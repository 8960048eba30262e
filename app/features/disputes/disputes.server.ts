import type { Outcome } from "~/features/bookings/outcome";
import { guardSlugAction, reportSlugMiss } from "~/features/bookings/slug-guard.server";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { followMoneyEvents, writeMoneyNews } from "~/features/money/money-events.server";

import { type ClientActor, payerRefusal } from "~/features/payments/payer.server";
import { pauseReviewWindow } from "~/features/reviews/reviews.server";
import { type DbExecutor, db } from "~/server/db.server";
import { type DisputeInput, disputeStatus } from "./dispute.schema";
import {
  insertDisputeForSlug,
  isDisputeOpen,
  listDisputesForBookings,
  lockBookingForDispute,
  markDisputesResolved,
} from "./queries.server";

/**
 * A client disputes a booking by its slug, with no account (spec §6). Once paid, a dispute holds the
 * musician's money, so only the payer files it (ADR 0013); the booking's musician never does.
 */
export async function submitDispute(
  slug: string,
  input: DisputeInput,
  clientIp: string,
  actor: ClientActor,
): Promise<Outcome> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const filed = await db.transaction(async (tx) => {
    const booking = await lockBookingForDispute(tx, slug);
    if (!booking) return { missing: true };
    const refused = await payerRefusal(tx, booking, actor, "dispute");
    if (refused) return { refused };
    // Whether the money is held is the money module's rule (escrow > 0 and never released).
    const held = (await peekBookingMoney(booking.id, tx))?.held ?? false;
    const dispute = await insertDisputeForSlug(slug, input, held, tx);
    if (!dispute) return { dispute };
    // On a paid booking the dispute is money news: its event is written with it (ADR 0026 addendum), with
    // whether it holds the payment as the module says once it is filed, so its notices and texts never
    // read the money again. Before payment it is a complaint about the details, not a money event.
    const money = await peekBookingMoney(booking.id, tx);
    const eventId = money?.charges
      ? await writeMoneyNews(tx, {
          key: `disputeFiled:${dispute.id}`,
          bookingId: dispute.bookingId,
          musicianId: money.booking.musicianId,
          news: {
            kind: "disputeFiled",
            disputeId: dispute.id,
            reason: input.disputeReason,
            paidKobo: money.paidKobo,
            musicianKobo: money.charges.musicianKobo,
            commissionBp: money.charges.commissionBp,
            holdsMoney: money.holds.clientDispute,
          },
        })
      : null;
    return { dispute, eventId };
  });
  if (filed.refused) return filed.refused;
  if (filed.missing) {
    await reportSlugMiss(clientIp);
    return { ok: false, status: 404, message: "Booking not found" };
  }
  if (!filed.dispute)
    return { ok: false, status: 409, message: "This booking is confirmed and can no longer be disputed." };
  // A dispute on a completed booking stops the review clock until an admin resolves it. On a paid booking
  // that is the dispute event's follow-up (money-followups), so a stop after the commit cannot lose it;
  // an unpaid booking's complaint writes no money event, so its pause is made here.
  if (!filed.eventId) await pauseReviewWindow(filed.dispute.bookingId);
  await followMoneyEvents([filed.eventId]);
  return { ok: true };
}

/** Whether a dispute is still open (a follow-up of its event acts only on an open one). */
export const disputeIsOpen = (disputeId: string) => isDisputeOpen(disputeId);

export type DisputeView = Omit<Awaited<ReturnType<typeof listDisputesForBookings>>[number], "resolvedAt"> & {
  status: ReturnType<typeof disputeStatus>;
};

/**
 * Disputes on the given bookings. Callers pass only bookings they have already authorised (the
 * musician's own), with each booking's status so the derived dispute status can be computed.
 */
export async function disputesForOwnBookings(
  bookings: { id: string; status: string }[],
): Promise<Map<string, DisputeView[]>> {
  const statusById = new Map(bookings.map((b) => [b.id, b.status]));
  const rows = await listDisputesForBookings([...statusById.keys()]);
  const out = new Map<string, DisputeView[]>();
  for (const { resolvedAt, ...r } of rows) {
    const list = out.get(r.bookingId) ?? [];
    list.push({ ...r, status: disputeStatus(statusById.get(r.bookingId) ?? "") });
    out.set(r.bookingId, list);
  }
  return out;
}

/**
 * Closes every open dispute on a booking with the admin's resolution (e.g. "released", "refunded",
 * "split"), inside the caller's transaction (the admin's refund/release commits with it); call
 * resumeReviewWindow after the commit.
 */
/**
 * Money review 3, M3: a complaint filed while the booking was pending holds no money, and confirming
 * is how the client settles it (the confirm box says so); paying settles it at the latest. Closed here,
 * so it never stands as "Disputed" over money it does not hold nor hides "Report a problem" from the
 * payer once money is held. Inside the caller's transaction where there is one.
 */
export function settleComplaintsBeforePayment(
  ex: DbExecutor,
  bookingId: string,
  by: "confirming" | "paying",
): Promise<number> {
  return markDisputesResolved(bookingId, `settled_by_${by}`, ex);
}

export function resolveBookingDisputesIn(
  tx: DbExecutor,
  bookingId: string,
  resolution: string,
): Promise<number> {
  return markDisputesResolved(bookingId, resolution, tx);
}
