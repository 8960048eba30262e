import { CalendarIcon, ClockIcon, MapPinIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { CalendarEntry } from "~/features/performances/events.server";
import { formatDate, formatTimeRange } from "~/lib/date-format";

export function EventCard({ entry }: { entry: CalendarEntry }) {
  const time = formatTimeRange(entry.startTime, entry.endTime);
  const title = entry.href ? (
    <Link to={entry.href} className="hover:underline">
      {entry.title}
    </Link>
  ) : (
    entry.title
  );
  return (
    <li className="flex flex-col gap-1 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <span className="flex flex-wrap gap-1">
          {entry.completed && <Badge variant="outline">Completed</Badge>}
          <Badge variant={entry.source === "booking" ? "default" : "secondary"}>{entry.eventType}</Badge>
        </span>
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarIcon aria-hidden className="size-4" />
        {formatDate(entry.date) ?? "Not specified"}
      </p>
      {time && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ClockIcon aria-hidden className="size-4" />
          {time}
        </p>
      )}
      {entry.location && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MapPinIcon aria-hidden className="size-4" />
          {entry.location}
        </p>
      )}
    </li>
  );
}

export function EventList({
  entries,
  empty,
  label,
}: {
  entries: CalendarEntry[];
  empty: string;
  label: string;
}) {
  if (entries.length === 0) {
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{empty}</p>;
  }
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {entries.map((e) => (
        <EventCard key={`${e.source}-${e.id}`} entry={e} />
      ))}
    </ul>
  );
}
