// What was sent for a booking, for the admin (issue 30 §5): every message, its channel, number, text,
// status and tries. The caller has checked the admin role.
import { phoneMessagesOfBooking } from "./queries.server";

export type SentPhoneMessage = Awaited<ReturnType<typeof phoneMessagesOfBooking>>[number];

export function phoneMessagesForAdmin(bookingId: string): Promise<SentPhoneMessage[]> {
  return phoneMessagesOfBooking(bookingId);
}
