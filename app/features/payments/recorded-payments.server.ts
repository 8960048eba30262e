import { type DbExecutor, db } from "~/server/db.server";
import { successfulPaymentsOf } from "./queries.server";

export type RecordedPayment = {
  priceKobo: number;
  amountKobo: number;
  serviceFeeBp: number;
  commissionBp: number;
};

/** Each paid booking's payment as it was recorded (its own rates, not today's), by booking id. */
export async function recordedPayments(
  bookingIds: string[],
  ex: DbExecutor = db,
): Promise<Map<string, RecordedPayment>> {
  const rows = await successfulPaymentsOf(ex, bookingIds);
  return new Map(rows.map(({ bookingId, ...payment }) => [bookingId, payment]));
}
