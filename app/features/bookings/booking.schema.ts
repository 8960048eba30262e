import { z } from "zod";
import { PRICE_TOO_LOW_MESSAGE, priceRefusal } from "~/features/money/money-rules";
import { clientNameField, optionalEmail, optionalNairaField, optionalText } from "~/lib/form-fields";
import { PHONE_ERROR, parseNigerianPhone } from "~/lib/phone";
import { isIsoDate } from "./booking-dates";

// Spec §3 option lists for the musician's booking form.
export const serviceTypes = [
  "Full Event Performance",
  "Special Rendition",
  "Background Music",
  "Others",
] as const;
export const bookingEventTypes = [
  "Wedding",
  "Birthday",
  "Corporate",
  "Cocktail",
  "Concert",
  "Award",
  "Gala",
  "Others",
] as const;

/** Start and end time choices, every 30 minutes across the day ("00:00" … "23:30"). */
export const timeOptions: string[] = Array.from({ length: 48 }, (_, i) => {
  const h = String(Math.floor(i / 2)).padStart(2, "0");
  return `${h}:${i % 2 === 0 ? "00" : "30"}`;
});

/**
 * The end-time choices: the times after the chosen start, then the next day's up to it, for an
 * overnight event (22:00–02:00; money review 2, N11, departing from spec §5's "later than the start").
 */
export function endTimeOptions(start: string | null | undefined): string[] {
  if (!start) return timeOptions;
  return [...timeOptions.filter((t) => t > start), ...timeOptions.filter((t) => t < start)];
}

/** An end before the start: the event runs past midnight and ends the next day (event-time.ts). */
export function endsNextDay(start: string | null | undefined, end: string | null | undefined): boolean {
  return Boolean(start && end && end.slice(0, 5) < start.slice(0, 5));
}

export const ENDS_NEXT_DAY_HINT = "Ends after midnight: the next day";

/** An optional "HH:MM" (a posted "HH:MM:SS" is cut to minutes). */
export const optionalTime = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.slice(0, 5) : null))
  .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Please choose a valid time");

/** The form's raw values: every field a string, as typed or posted. */
/**
 * Money review 2, N2 as people meet it: a booking created or edited for a time already over is asked
 * about, never taken silently (a musician meaning "midnight tonight" picks 12:00 AM of today).
 */
export const PAST_TIME_QUESTION = "This time is already over: is this booking for a past event?";
export const PAST_EVENT_LABEL = "Yes, this booking is for a past event";
/** The form's answer to PAST_TIME_QUESTION (a ticked checkbox). */
export function pastEventConfirmed(form: Record<string, unknown>): boolean {
  return form.pastEvent === "on" || form.pastEvent === "1" || form.pastEvent === "true";
}

export type BookingFormValues = {
  /** "on" once the musician has said the booking is for a past event (only asked when it is). */
  pastEvent?: string;
  clientName: string;
  email: string;
  phoneNumber: string;
  serviceType: string;
  serviceTypeOther: string;
  price: string;
  eventType: string;
  eventTypeOther: string;
  location: string;
  eventDate: string;
  eventStartTime: string;
  eventEndTime: string;
  additionalDetails: string;
};

export const emptyBookingForm: BookingFormValues = {
  clientName: "",
  email: "",
  phoneNumber: "",
  serviceType: "",
  serviceTypeOther: "",
  price: "",
  eventType: "",
  eventTypeOther: "",
  location: "",
  eventDate: "",
  eventStartTime: "",
  eventEndTime: "",
  additionalDetails: "",
};

/** Spec §5 "Musician booking form" (also the edit form): empty optional values become null. */
export const bookingFormSchema = z
  .object({
    clientName: clientNameField(),
    email: optionalEmail(),
    // The organiser's number gets this booking's SMS updates (issue 30): a Nigerian number or none.
    phoneNumber: optionalText(40, "Phone number is too long").refine(
      (v) => v === null || parseNigerianPhone(v).ok,
      {
        message: PHONE_ERROR,
      },
    ),
    serviceType: z.enum(serviceTypes, { error: "Service type is required" }),
    serviceTypeOther: optionalText(200, "Service type is too long"),
    price: optionalNairaField(),
    eventType: z.enum(bookingEventTypes, { error: "Event type is required" }),
    eventTypeOther: optionalText(200, "Event type is too long"),
    location: optionalText(300, "Location is too long"),
    eventDate: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isIsoDate(v), "Please choose a valid date"),
    eventStartTime: optionalTime,
    eventEndTime: optionalTime,
    additionalDetails: optionalText(2000, "Additional details are too long"),
  })
  // A price Paystack cannot charge would leave the booking unpayable (the money module's rule).
  .refine((v) => priceRefusal(v.price) === null, { message: PRICE_TOO_LOW_MESSAGE, path: ["price"] })
  // An end before the start is an overnight event (it ends the next day); only an equal one is refused.
  .refine((v) => !v.eventStartTime || !v.eventEndTime || v.eventEndTime !== v.eventStartTime, {
    message: "End time must be different from the start time",
    path: ["eventEndTime"],
  })
  // The "other" texts are kept only when Others is chosen (spec §3).
  .transform(({ price, ...v }) => ({
    ...v,
    priceKobo: price,
    serviceTypeOther: v.serviceType === "Others" ? v.serviceTypeOther : null,
    eventTypeOther: v.eventType === "Others" ? v.eventTypeOther : null,
  }));

export type BookingInput = z.output<typeof bookingFormSchema>;

export const bookingIdSchema = z.uuid("Booking not found");
