// Booking statuses and their labels, apart from the zod schema so the public booking page can show a
// status without shipping zod.
export const bookingStatusValues = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatusValues)[number];

/** Spec §4: any value outside the four shows as Unknown. */
export function bookingStatusLabel(status: string): string {
  switch (status) {
    case "pending":
      return "Pending";
    case "confirmed":
      return "Confirmed";
    case "completed":
      return "Completed";
    case "cancelled":
      return "Cancelled";
    default:
      return "Unknown";
  }
}
