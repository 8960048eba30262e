import { TriangleAlertIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatEventDate, formatTime } from "~/features/bookings/booking-dates";
import type { Clash } from "../calendar.schema";

const KIND = { booking: "Confirmed booking", event: "Scheduled event", unavailable: "Marked unavailable" };

function when(c: Clash): string {
  const times = [formatTime(c.startTime), formatTime(c.endTime)].filter(Boolean).join(" – ");
  return [formatEventDate(c.date), times || "all day"].join(", ");
}

/** Shown instead of saving when a booking would overlap the musician's calendar: save anyway, or change. */
export function OverlapWarning({
  clashes,
  busy,
  onSaveAnyway,
  onChange,
}: {
  clashes: Clash[];
  busy: boolean;
  onSaveAnyway: () => void;
  onChange: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon aria-hidden className="size-4" />
        This time overlaps something already in your calendar
      </p>
      <ul className="grid gap-1 pl-6">
        {clashes.map((c) => (
          <li key={`${c.kind}-${c.title}-${c.date}-${c.startTime}`} className="list-disc">
            {KIND[c.kind]}
            {c.kind === "unavailable" ? "" : `: ${c.title}`} — {when(c)}
          </li>
        ))}
      </ul>
      <p>A client cannot confirm a booking that overlaps a confirmed one.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onChange} disabled={busy}>
          Change date or time
        </Button>
        <Button type="button" size="sm" onClick={onSaveAnyway} disabled={busy}>
          Save anyway
        </Button>
      </div>
    </div>
  );
}
