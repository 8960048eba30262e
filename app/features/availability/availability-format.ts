import { formatTimeRange } from "~/lib/date-format";

/** "All day" or "9:00 AM – 5:00 PM". */
export function blockHours(block: {
  isAllDay: boolean;
  startTime: string | null;
  endTime: string | null;
}): string {
  if (block.isAllDay || !block.startTime || !block.endTime) return "All day";
  return formatTimeRange(block.startTime, block.endTime) ?? "All day";
}
