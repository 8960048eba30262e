import { shortTime } from "~/lib/lagos-date";

/** "All day" or "09:00 – 17:00". */
export function blockHours(block: {
  isAllDay: boolean;
  startTime: string | null;
  endTime: string | null;
}): string {
  if (block.isAllDay || !block.startTime || !block.endTime) return "All day";
  return `${shortTime(block.startTime)} – ${shortTime(block.endTime)}`;
}
