import { z } from "zod";
import { bookingEventTypes } from "~/features/bookings/booking.schema";
import { optionalText } from "~/lib/form-fields";
import { isCalendarDate } from "~/lib/lagos-date";

export const REQUIRED_EVENT_FIELDS = "Please fill in all required fields";
export const SCHEDULED_IN_PAST = "A scheduled event must be dated today or later";
export const END_BEFORE_START = "End time must be later than the start time";

/** The same event types as the musician booking form (spec §3). */
export const EVENT_TYPE_OPTIONS = bookingEventTypes;

/** How an event is recorded: in the musician's history (may be past) or scheduled (today or later). */
export const EVENT_KINDS = ["history", "scheduled"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const optionalTime = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Enter a time as HH:MM")
  .transform((v) => (v ? v : null));

export const addEventSchema = z
  .object({
    eventTitle: z
      .string(REQUIRED_EVENT_FIELDS)
      .trim()
      .min(1, REQUIRED_EVENT_FIELDS)
      .max(200, "Must be 200 characters or fewer"),
    eventType: z
      .string(REQUIRED_EVENT_FIELDS)
      .trim()
      .min(1, REQUIRED_EVENT_FIELDS)
      .max(100, "Must be 100 characters or fewer"),
    eventDate: z
      .string(REQUIRED_EVENT_FIELDS)
      .trim()
      .min(1, REQUIRED_EVENT_FIELDS)
      .refine(isCalendarDate, "Enter a valid date"),
    kind: z.enum(EVENT_KINDS, "Choose history or scheduled").default("scheduled"),
    location: optionalText(200),
    startTime: optionalTime,
    endTime: optionalTime,
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, {
    path: ["endTime"],
    message: END_BEFORE_START,
  });

export type AddEventInput = z.infer<typeof addEventSchema>;

/** yyyy-MM of the calendar month to show. */
export const monthParamSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .catch("");
