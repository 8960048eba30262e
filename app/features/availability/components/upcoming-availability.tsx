import { CalendarCheckIcon } from "lucide-react";
import { formatDate } from "~/lib/date-format";
import { blockHours } from "../availability-format";

export interface PublicAvailabilityBlock {
  id: string;
  date: string;
  isAllDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

/** The public profile's "Upcoming availability": the dates the musician marked as free. */
export function UpcomingAvailability({ blocks }: { blocks: PublicAvailabilityBlock[] }) {
  return (
    <section aria-labelledby="upcoming-availability" className="flex flex-col gap-3">
      <h2 id="upcoming-availability" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarCheckIcon aria-hidden className="size-5 text-primary" />
        Upcoming availability
      </h2>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No available dates published yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {blocks.map((b) => (
            <li key={b.id} className="rounded-md border px-3 py-2 text-sm">
              <span className="font-medium">{formatDate(b.date)}</span>
              <span className="text-muted-foreground"> · {blockHours(b)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
