import { CalendarIcon, ClockIcon, MapPinIcon } from "lucide-react";
import type * as React from "react";
import { formatDate, formatTimeRange } from "~/lib/date-format";

export interface PerformanceItem {
  id: string;
  eventTitle: string;
  eventType: string;
  eventDate: string | null;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** Performances, newest first, each with an optional action (the editor's delete button). */
export function PerformanceList({
  performances,
  action,
  empty = "No performances yet.",
}: {
  performances: PerformanceItem[];
  action?: (p: PerformanceItem) => React.ReactNode;
  empty?: string;
}) {
  if (performances.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-3">
      {performances.map((p) => (
        <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4">
          <div className="grid gap-1">
            <p className="font-semibold">{p.eventTitle}</p>
            <p className="text-sm text-primary">{p.eventType}</p>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {p.eventDate && (
                <span className="inline-flex items-center gap-1">
                  <CalendarIcon aria-hidden className="size-4" />
                  {formatDate(p.eventDate)}
                </span>
              )}
              {p.location && (
                <span className="inline-flex items-center gap-1">
                  <MapPinIcon aria-hidden className="size-4" />
                  {p.location}
                </span>
              )}
              {p.startTime && (
                <span className="inline-flex items-center gap-1">
                  <ClockIcon aria-hidden className="size-4" />
                  {formatTimeRange(p.startTime, p.endTime)}
                </span>
              )}
            </div>
          </div>
          {action?.(p)}
        </li>
      ))}
    </ul>
  );
}
