// Shared by the calendar's server rules and its components (no server imports).

/** The refusal when the database's no-overlap rule rejects a confirmation (issue 13). */
export const BOOKED_JUST_NOW = "This musician has just been booked for that time";

/** Something already in the musician's calendar that a booking being saved would overlap. */
export interface Clash {
  kind: "booking" | "event" | "unavailable";
  title: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
}

/** The form field that says "I have seen the overlap warning; save anyway". */
export const ALLOW_OVERLAP_FIELD = "allowOverlap";

export function overlapAllowed(form: Record<string, string | undefined>): boolean {
  return form[ALLOW_OVERLAP_FIELD] === "1";
}

export const FEED_REGENERATED = "New calendar link made. The old link no longer works.";
