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
  eventDuration: string;
  budgetEstimateKobo: number | null;
  additionalDetails: string | null;
};

/** A visitor's request mapped onto the musician's booking form, for Accept. */
export function requestToBookingPrefill(r: RequestLike): Partial<BookingFormValues> {
  const known = (requestEventTypes as readonly string[]).includes(r.eventType) && r.eventType !== "other";
  const eventType = known
    ? requestEventTypeLabels[r.eventType as keyof typeof requestEventTypeLabels]
    : "Others";
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
    price: r.budgetEstimateKobo === null ? "" : formatNairaAmount(r.budgetEstimateKobo),
    additionalDetails: details,
  };
}
