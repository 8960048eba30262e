import { z } from "zod";
import { FIELD_HAS_CONTACT, hasContactDetails } from "~/features/profiles/public-contact";
import { formText } from "~/lib/form-fields";

export const FILL_ALL_FIELDS = "Please fill in all fields";
export const END_AFTER_START = "End time must be later than start time";

export const PERFORMANCE_TYPES = [
  "Wedding",
  "Birthday",
  "Corporate",
  "Cocktail",
  "Concert",
  "Award",
  "Gala",
  "Others",
] as const;

const optional = (max: number, label: string) =>
  formText()
    .trim()
    .max(max, { message: `${label} must be ${max} characters or fewer`, abort: true })
    .transform((v) => (v === "" ? null : v));

function isRealDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const time = z
  .string()
  .trim()
  .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v), "Enter a time as HH:MM")
  .transform((v) => (v === "" ? null : v.slice(0, 5)));

export const performanceSchema = z
  .object({
    // Title and place are shown on the public profile: contact details are refused (issue 36).
    eventTitle: formText()
      .trim()
      .min(1, FILL_ALL_FIELDS)
      .max(200, { message: "Title must be 200 characters or fewer", abort: true })
      .refine((v) => !hasContactDetails(v), FIELD_HAS_CONTACT),
    eventType: formText().trim().min(1, FILL_ALL_FIELDS).max(60, "Type must be 60 characters or fewer"),
    eventDate: z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)),
        "Enter a date as YYYY-MM-DD",
      )
      .transform((v) => (v === "" ? null : v)),
    location: optional(200, "Location").refine((v) => !hasContactDetails(v), FIELD_HAS_CONTACT),
    startTime: time,
    endTime: time,
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, {
    path: ["endTime"],
    message: END_AFTER_START,
  });

export type PerformanceInput = z.input<typeof performanceSchema>;
export type Performance = z.output<typeof performanceSchema>;
