// What the booking-request routes' actions answer, here so the feature's components can read them
// without importing the route modules that render those components.
import type { FieldErrors } from "~/lib/field-errors";

/** /musicians/{slug}/request: a visitor's request. */
export type BookingRequestActionResult = {
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
  /** What was sent (not for a saved draft): the confirmation panel. */
  sent?: RequestSentPanel;
};

export type RequestSentPanel = {
  musicianName: string;
  /** The private page following the request: /request/{token}. */
  statusPath: string;
  replyTime: string;
  summary: [string, string][];
  /** A signed-in organiser also finds it in My Bookings. */
  organiser: boolean;
};

/** /musician_bookingrequests/{slug}: decline, undo a decline, and reply. */
export type RequestsActionResult = {
  ok: boolean;
  toast: { type: "success" | "error"; message: string; description?: string };
  /** After a decline: the request that can be undone, for this many seconds. */
  undo?: { requestId: string; seconds: number };
};

/** /request/{token}: the requester's answer to the musician. */
export type RequestReplyActionResult = {
  ok: boolean;
  toast: { type: "success" | "error"; message: string; description?: string };
};
