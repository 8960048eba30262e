import { formatEventDate, formatTime } from "~/features/bookings/booking-dates";
import { formatNairaOrNotSpecified } from "~/lib/money";
import { displayPhone } from "~/lib/phone";
import { durationLabel, requestEventTypeLabels } from "./booking-request.schema";

/**
 * The id of a request's card on Booking Requests, which the e-mail and texts link to (#r-1a2b3c4d):
 * short, because an SMS has 160 characters and its names are shortened before its link.
 */
export function requestAnchor(requestId: string): string {
  return `r-${requestId.slice(0, 8)}`;
}

/** Said wherever a request's date is shown when the organiser ticked "Date not fixed yet". */
export const DATE_NOT_FIXED = "Not fixed yet";

type RequestLike = {
  eventType: string;
  eventTypeOther: string | null;
  eventDate: string | null;
  dateNotFixed: boolean;
  /** "HH:MM" or "HH:MM:SS"; null or absent when the organiser did not say. */
  eventStartTime?: string | null;
  eventDuration: string;
  location: string | null;
  budgetEstimateKobo: number | null;
  phoneNumber: string | null;
  email: string | null;
  additionalDetails: string | null;
};

export function requestEventTypeText(r: Pick<RequestLike, "eventType" | "eventTypeOther">): string {
  const label = requestEventTypeLabels[r.eventType as keyof typeof requestEventTypeLabels] ?? r.eventType;
  return r.eventType === "other" && r.eventTypeOther ? `${label} (${r.eventTypeOther})` : label;
}

export function requestDateText(r: Pick<RequestLike, "eventDate" | "dateNotFixed">): string {
  if (r.dateNotFixed) return DATE_NOT_FIXED;
  return formatEventDate(r.eventDate) ?? "Not specified";
}

/** "7:00 PM", or "Not specified". */
export function requestStartText(r: Pick<RequestLike, "eventStartTime">): string {
  return formatTime(r.eventStartTime ?? null) ?? "Not specified";
}

/** What the organiser sent, as label/value lines: the confirmation panel, the status page, the e-mail. */
export function requestSummaryLines(r: RequestLike): [string, string][] {
  const lines: [string, string][] = [
    ["Event type", requestEventTypeText(r)],
    ["Date", requestDateText(r)],
    // Only when the organiser gave one (phone walk 2): a request without it reads as before.
    ...(r.eventStartTime ? ([["Start time", requestStartText(r)]] as [string, string][]) : []),
    ["Duration", durationLabel(r.eventDuration)],
    ["Location", r.location || "Not specified"],
    ["Budget", formatNairaOrNotSpecified(r.budgetEstimateKobo)],
  ];
  if (r.phoneNumber) lines.push(["Phone", displayPhone(r.phoneNumber)]);
  if (r.email) lines.push(["Email", r.email]);
  if (r.additionalDetails) lines.push(["Details", r.additionalDetails]);
  return lines;
}
