import { z } from "zod";
import { optionalTime } from "~/features/bookings/booking.schema";
import { isIsoDate, todayInLagos } from "~/features/bookings/booking-dates";
import { clientNameField, optionalEmail, optionalNairaField, optionalText } from "~/lib/form-fields";
import { PHONE_ERROR, parseNigerianPhone } from "~/lib/phone";

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
  /** "on" when the organiser ticked "Date not fixed yet". */
  dateNotFixed: string;
  /** "HH:MM", or "" when the organiser did not say. */
  eventStartTime: string;
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
  dateNotFixed: "",
  eventStartTime: "",
  eventDuration: "",
  budgetEstimate: "",
  additionalDetails: "",
};

export const NEED_A_WAY_TO_REPLY = "Add a phone number or an e-mail address so the musician can reply";
export const NEED_A_DATE = "Choose the event date, or tick \u201cDate not fixed yet\u201d";

/** A checkbox as a form posts it: "on" (or "true") when ticked, missing when not. */
const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true");

/** Cross-field checks run even when other fields failed, but only on an object (not a hostile root). */
const isObject = (p: { value: unknown }) => typeof p.value === "object" && p.value !== null;

/** Whether a field (as typed, or as parsed so far) holds something. */
const given = (x: unknown) => (typeof x === "string" ? x.trim() !== "" : x != null);
const canReply = (v: { email?: unknown; phoneNumber?: unknown }) => given(v.email) || given(v.phoneNumber);

/** Optional; when given, a Nigerian number, stored in national form ("08031234567"). */
const optionalNigerianPhone = () =>
  optionalText(40, PHONE_ERROR).transform((v, ctx) => {
    if (v === null) return null;
    const r = parseNigerianPhone(v);
    if (r.ok) return r.national;
    ctx.addIssue({ code: "custom", message: r.error });
    return z.NEVER;
  });

/**
 * Spec §5 "Booking request form (visitor)", and issue 16 §7: a request the musician can answer needs a
 * phone number or an e-mail, and an event date or an explicit "date not fixed yet". `today` is
 * injectable so tests can pin the day.
 */
export function bookingRequestSchema(today: () => string = todayInLagos) {
  return (
    z
      .object({
        clientName: clientNameField(),
        email: optionalEmail(),
        phoneNumber: optionalNigerianPhone(),
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
        dateNotFixed: checkbox(),
        eventStartTime: optionalTime,
        eventDuration: z.enum(eventDurations, { error: "Event duration is required" }),
        budgetEstimate: optionalNairaField(),
        additionalDetails: optionalText(2000, "Additional details are too long"),
      })
      // `when`: these run even when other fields failed, so every missing thing is named at once.
      .refine((v) => canReply(v), { path: ["phoneNumber"], message: NEED_A_WAY_TO_REPLY, when: isObject })
      .refine((v) => canReply(v), { path: ["email"], message: NEED_A_WAY_TO_REPLY, when: isObject })
      .refine((v) => given(v.eventDate) || v.dateNotFixed === true, {
        path: ["eventDate"],
        message: NEED_A_DATE,
        when: isObject,
      })
      .transform(({ budgetEstimate, ...v }) => ({
        ...v,
        eventDate: v.dateNotFixed ? null : v.eventDate,
        budgetEstimateKobo: budgetEstimate,
        eventTypeOther: v.eventType === "other" ? v.eventTypeOther : null,
      }))
  );
}

export type BookingRequestInput = z.output<ReturnType<typeof bookingRequestSchema>>;

/** The musician's optional reason for declining; the organiser reads it in the e-mail and on the status page. */
export const declineReasonSchema = optionalText(500, "The reason is too long (500 characters at most)");

/** What the organiser's status link shows, by the request's state. */
export type RequestStatus = "pending" | "accepted" | "declined";
