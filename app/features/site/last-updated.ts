import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

export const LAGOS_TIME_ZONE = "Africa/Lagos";

export interface LastUpdated {
  /** yyyy-MM-dd, for the `<time dateTime>` attribute. */
  iso: string;
  /** e.g. "5 March 2026", the way Nigerian readers write dates. */
  label: string;
}

/**
 * The legal pages show "today" as their last-updated date (spec §2). Today is Lagos's calendar day,
 * not the server's: a server on UTC would still say yesterday between 00:00 and 01:00 in Lagos.
 */
export function lastUpdated(now: Date = new Date()): LastUpdated {
  const lagos = new TZDate(now, LAGOS_TIME_ZONE);
  return { iso: format(lagos, "yyyy-MM-dd"), label: format(lagos, "d MMMM yyyy") };
}
