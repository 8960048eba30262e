import { z } from "zod";
import { formText } from "~/lib/form-fields";
import { isCalendarDate } from "~/lib/lagos-date";

export const SELECT_A_DATE = "Please select at least one date";
export const AVAILABILITY_SAVED = "Availability saved successfully!";
export const AVAILABILITY_SAVE_FAILED = "Failed to save availability. Please try again.";
export const AVAILABILITY_REMOVED = "Availability removed";
export const AVAILABILITY_REMOVE_FAILED = "Failed to remove availability. Please try again.";
export const END_AFTER_START = "End time must be later than the start time";
export const DATE_OUT_OF_RANGE = "Pick dates from today onward, within the next 90 days";

/** How far ahead a musician can mark availability, in days from today (Lagos). */
export const AVAILABILITY_SPAN_DAYS = 90;
export const DEFAULT_START_TIME = "09:00";
export const DEFAULT_END_TIME = "17:00";

/** Spec §9: every 15 minutes across 24 hours. */
export const TIME_OPTIONS: string[] = Array.from({ length: 96 }, (_, i) => {
  const h = String(Math.floor(i / 4)).padStart(2, "0");
  const m = String((i % 4) * 15).padStart(2, "0");
  return `${h}:${m}`;
});

const time = formText().refine((v) => TIME_OPTIONS.includes(v), "Choose a time in 15-minute steps");

export const saveAvailabilitySchema = z
  .object({
    dates: z
      .array(formText().refine(isCalendarDate, "Enter a valid date"), SELECT_A_DATE)
      .min(1, SELECT_A_DATE)
      .max(AVAILABILITY_SPAN_DAYS + 1, DATE_OUT_OF_RANGE)
      .transform((d) => [...new Set(d)].sort()),
    allDay: z.boolean(),
    startTime: time.default(DEFAULT_START_TIME),
    endTime: time.default(DEFAULT_END_TIME),
  })
  .refine((v) => v.allDay || v.endTime > v.startTime, { path: ["endTime"], message: END_AFTER_START });

export type SaveAvailabilityInput = z.infer<typeof saveAvailabilitySchema>;

/** The availability form as posted: repeated `dates`, a checkbox `allDay`, and two time selects. */
export function availabilityFromForm(form: FormData) {
  return {
    dates: form.getAll("dates").filter((d): d is string => typeof d === "string" && d !== ""),
    allDay: form.get("allDay") === "on" || form.get("allDay") === "true",
    startTime: (form.get("startTime") as string | null) || undefined,
    endTime: (form.get("endTime") as string | null) || undefined,
  };
}

export const removeAvailabilitySchema = z.object({ id: z.uuid("Unknown availability") });
