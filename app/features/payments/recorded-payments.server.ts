import { type MoneyPayment, peekBookingsMoney } from "~/features/money/booking-money.server";
import { type DbExecutor, db } from "~/server/db.server";

/** Each paid booking's payment as it was recorded (its own rates, not today's), by booking id. */
export async function recordedPayments(
  bookingIds: string[],
  ex: DbExecutor = db,
): Promise<Map<string, MoneyPayment>> {
  const money = await peekBookingsMoney(bookingIds, ex);
  return new Map([...money].flatMap(([id, m]) => (m.payment ? [[id, m.payment] as const] : [])));
}
