// What the booking-request routes' actions answer, here so the feature's components can read them
// without importing the route modules that render those components.
import type { FieldErrors } from "~/lib/field-errors";

/** /musicians/{slug}/request: a visitor's request. */
export type BookingRequestActionResult = {
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
};

/** /musician_bookingrequests/{slug}: decline. */
export type RequestsActionResult = { ok: boolean; toast: { type: "success" | "error"; message: string } };
