import type { BookingFormValues } from "~/features/bookings/booking.schema";
import { formatNairaAmount } from "~/lib/naira";
import { durationLabel, requestEventTypeLabels, requestEventTypes } from "./booking-request.schema";

type RequestLike = {
  clientName: string;
  // A pending request's contact details never reach the musician's page (issue 22 §4): the booking
  // made from it takes them on the server.
  email?: string | null;
  phoneNumber?: string | null;
  eventType: string;
  eventTypeOther: string | null;
  location: string | null;
  eventDate: string | null;
  eventStartTime?: string | null;
  eventDuration: string;
  budgetEstimateKobo: number | null;
  additionalDetails: string | null;
};

/**
 * The start plus a whole number of hours ("19:00" + "4" → "23:00"); past midnight it is the next day's
 * time ("22:00" + "4" → "02:00"), which the booking form reads as an overnight event (ADR 0024).
 */
function endAfter(start: string, duration: string): string {
  const hours = Number(duration);
  const [h, m] = start.split(":").map(Number);
  if (!Number.isInteger(hours) || h === undefined || m === undefined) return "";
  const end = (h * 60 + m + hours * 60) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
}

/** A visitor's request mapped onto the musician's booking form, for Accept. */
export function requestToBookingPrefill(r: RequestLike): Partial<BookingFormValues> {
  const known = (requestEventTypes as readonly string[]).includes(r.eventType) && r.eventType !== "other";
  const eventType = known
    ? requestEventTypeLabels[r.eventType as keyof typeof requestEventTypeLabels]
    : "Others";
  const start = r.eventStartTime ? r.eventStartTime.slice(0, 5) : "";
  const details = [`Event duration: ${durationLabel(r.eventDuration)}`, r.additionalDetails]
    .filter(Boolean)
    .join("\n");
  return {
    clientName: r.clientName,
    email: r.email ?? "",
    phoneNumber: r.phoneNumber ?? "",
    eventType,
    eventTypeOther: known ? "" : (r.eventTypeOther ?? ""),
    location: r.location ?? "",
    eventDate: r.eventDate ?? "",
    // The organiser's start time, and the end it makes with the duration asked for (phone walk 2).
    ...(start ? { eventStartTime: start, eventEndTime: endAfter(start, r.eventDuration) } : {}),
    price: r.budgetEstimateKobo === null ? "" : formatNairaAmount(r.budgetEstimateKobo),
    additionalDetails: details,
  };
}
