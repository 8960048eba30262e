// Shared by the refund, payment and money tests (never imported by the app): a refund started the way
// the admin's would be, and the booking's own refund row.
import { applyTransition, type RefundReason, readBookingMoney } from "~/features/money/booking-money.server";
import { followMoneyEvents } from "~/features/money-followups/money-followups.server";
import { formatNaira } from "~/lib/money";
import { type DbExecutor, db } from "~/server/db.server";
import { findRefundForBooking } from "./queries.server";

/** Refunds amountKobo of a booking's held escrow inside the caller's transaction; its event asks Paystack. */
export async function startBookingRefundIn(
  tx: DbExecutor,
  bookingId: string,
  amountKobo: number,
  reason: RefundReason,
): Promise<
  | { ok: true; message: string; refundId: string | null; eventId: string | null }
  | { ok: false; message: string }
> {
  const money = await readBookingMoney(tx, bookingId);
  if (!money?.payment) return { ok: false, message: "This booking has no payment to refund" };
  const done = await applyTransition(tx, money, "refund", { amountKobo, reason });
  if (!done.ok) return done;
  return {
    ok: true,
    message: `Refund of ${formatNaira(amountKobo)} started`,
    refundId: done.refundIds[0] ?? null,
    eventId: done.eventId,
  };
}

/** startBookingRefundIn on its own transaction, then its event's follow-ups (the provider is asked). */
export async function refundBooking(
  bookingId: string,
  amountKobo: number,
  reason: RefundReason,
): Promise<{ ok: boolean; message: string }> {
  const outcome = await db.transaction((tx) => startBookingRefundIn(tx, bookingId, amountKobo, reason));
  if (outcome.ok) await followMoneyEvents([outcome.eventId]);
  return { ok: outcome.ok, message: outcome.message };
}

export const refundForBooking = findRefundForBooking;
