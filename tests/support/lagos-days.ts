// Test dates that keep their place relative to the real clock: the app refuses or asks about a time that is
// already over, counts Upcoming/Past and opens release and review windows by the real time, so a literal
// date "a little in the future" breaks the test the day the calendar passes it.
import { addDaysToDate, lagosToday } from "../../app/lib/lagos-date";

/** The Lagos calendar date `days` after today (negative: before), as yyyy-MM-dd. */
export function lagosDay(days: number): string {
  return addDaysToDate(lagosToday(), days);
}
