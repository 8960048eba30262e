import { z } from "zod";
import { isIsoDate, todayInLagos } from "~/features/bookings/booking-dates";
import { clientNameField, optionalEmail, optionalNairaField, optionalText } from "~/lib/form-fields";

// Spec §3: the request form uses lowercase event type values.
export const requestEventTypes = [
  "wedding",
  "birthday",
  "corporate",
  "cocktail",
  "concert",
  "award",
  "gala",
  "other",
] as const;

export const requestEventTypeLabels: Record<(typeof requestEventTypes)[number], string> = {
  wedding: "Wedding",
  birthday: "Birthday",
  corporate: "Corporate",
  cocktail: "Cocktail",
  concert: "Concert",
  award: "Award",
  gala: "Gala",
  other: "Other",
};

/** Spec §9: 1 to 12 hours, plus 12+. */
export const eventDurations = [...Array.from({ length: 12 }, (_, i) => String(i + 1)), "12+"] as const;

export function durationLabel(value: string): string {
  if (value === "1") return "1 hour";
  if (value === "12+") return "12+ hours";
  return `${value} hours`;
}

export type BookingRequestFormValues = {
  clientName: string;
  email: string;
  phoneNumber: string;
  eventType: string;
  eventTypeOther: string;
  location: string;
  eventDate: string;
  eventDuration: string;
  budgetEstimate: string;
  additionalDetails: string;
};

export const emptyBookingRequestForm: BookingRequestFormValues = {
  clientName: "",
  email: "",
  phoneNumber: "",
  eventType: "",
  eventTypeOther: "",
  location: "",
  eventDate: "",
  eventDuration: "",
  budgetEstimate: "",
  additionalDetails: "",
};

/** Spec §5 "Booking request form (visitor)". `today` is injectable so tests can pin the day. */
export function bookingRequestSchema(today: () => string = todayInLagos) {
  return z
    .object({
      clientName: clientNameField(),
      email: optionalEmail(),
      phoneNumber: optionalText(40, "Phone number is too long"),
      eventType: z.enum(requestEventTypes, { error: "Event type is required" }),
      eventTypeOther: optionalText(200, "Event type is too long"),
      location: optionalText(300, "Location is too long"),
      eventDate: z
        .string()
        .trim()
        .optional()
        .transform((v) => (v ? v : null))
        .refine((v) => v === null || isIsoDate(v), "Please choose a valid date")
        .refine((v) => v === null || !isIsoDate(v) || v >= today(), "Please choose today or a later date"),
      eventDuration: z.enum(eventDurations, { error: "Event duration is required" }),
      budgetEstimate: optionalNairaField(),
      additionalDetails: optionalText(2000, "Additional details are too long"),
    })
    .transform(({ budgetEstimate, ...v }) => ({
      ...v,
      budgetEstimateKobo: budgetEstimate,
      eventTypeOther: v.eventType === "other" ? v.eventTypeOther : null,
    }));
}

export type BookingRequestInput = z.output<ReturnType<typeof bookingRequestSchema>>;
