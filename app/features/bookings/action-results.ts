// What the bookings routes' actions answer, here so the feature's components can read them without
// importing the route modules that render those components.
import type { Clash } from "~/features/calendar/calendar.schema";
import type { FieldErrors } from "~/lib/field-errors";

/** /musician_bookings/{slug}: edit, delete, cancel, complete. */
export type BookingsActionResult = {
  ok: boolean;
  intent: string;
  bookingId?: string;
  errors?: FieldErrors;
  /** The edit would overlap these; nothing was saved and the form asks "save anyway?". */
  clashes?: Clash[];
  toast?: { type: "success" | "error"; message: string };
};

/** POST /api/bookings: the Create New Booking dialog. */
export type CreateBookingResult = {
  ok: boolean;
  slug?: string;
  musicianName?: string;
  errors?: FieldErrors;
  /** The booking would overlap these; nothing was saved and the form asks "save anyway?". */
  clashes?: Clash[];
  toast?: { type: "success" | "error"; message: string };
};

/** /booking/{slug}: the client confirms, or disputes. */
export type BookingActionResult = {
  intent: "confirm" | "dispute";
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
};
