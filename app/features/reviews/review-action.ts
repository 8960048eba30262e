import type { FieldErrors } from "~/lib/field-errors";

/** What every review action answers (booking page, musician's reviews page, profile, admin). */
export interface ReviewActionResult {
  intent: string;
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
}

export const REVIEW_INTENTS = {
  clientCreate: "review",
  clientEdit: "edit-review",
  organiserCreate: "review-organiser",
  organiserEdit: "edit-organiser-review",
  reply: "reply",
  report: "report-review",
  settleReport: "settle-report",
} as const;

export function isClientReviewIntent(intent: string | undefined): boolean {
  return intent === REVIEW_INTENTS.clientCreate || intent === REVIEW_INTENTS.clientEdit;
}
