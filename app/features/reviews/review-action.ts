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

/** Reviews are the payer's (issue 35 §1): what the page and the refusal say to anyone else. */
export const REVIEW_REFUSALS = {
  notPayer:
    "Only the person who paid for this booking can review it. If that is you, open the link from your payment receipt e-mail on this device, or ask for a new link on this page.",
  musician: "You are this booking's musician, so you cannot review it as its client.",
} as const;
