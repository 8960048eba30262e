import { eachDayOfInterval, endOfMonth, format, getISODay, startOfMonth } from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { CalendarEntry } from "~/features/performances/events.server";
import { cn } from "~/lib/cn";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Month grid of the musician's performances and bookings (confirmed, and completed ones stay). */
export function EventsCalendar({
  month,
  prev,
  next,
  today,
  entries,
}: {
  month: string;
  prev: string;
  next: string;
  today: string;
  entries: CalendarEntry[];
}) {
  const [y, m] = month.split("-").map(Number);
  const first = startOfMonth(new Date(y, m - 1, 1));
  const days = eachDayOfInterval({ start: first, end: endOfMonth(first) });
  const leading = getISODay(first) - 1;
  const byDate = new Map<string, CalendarEntry[]>();
  for (const e of entries) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);

  return (
    <section aria-labelledby="calendar-month" className="rounded-lg border p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button asChild variant="outline" size="icon">
          <Link to={`?month=${prev}`} aria-label="Previous month" preventScrollReset>
            <ChevronLeftIcon aria-hidden />
            <span className="sr-only">Previous month</span>
          </Link>
        </Button>
        <h2 id="calendar-month" className="text-lg font-semibold">
          {format(first, "MMMM yyyy")}
        </h2>
        <Button asChild variant="outline" size="icon">
          <Link to={`?month=${next}`} aria-label="Next month" preventScrollReset>
            <ChevronRightIcon aria-hidden />
            <span className="sr-only">Next month</span>
          </Link>
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-muted-foreground">
        {WEEKDAYS.map((d) => (
          <div key={d} aria-hidden>
            {d}
          </div>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: leading }, (_, i) => (
          <li key={`pad-${i}`} aria-hidden />
        ))}
        {days.map((day) => {
          const iso = format(day, "yyyy-MM-dd");
          const items = byDate.get(iso) ?? [];
          return (
            <li
              key={iso}
              aria-label={`${format(day, "d MMMM")}: ${items.length ? items.map((i) => i.title).join(", ") : "no events"}`}
              className={cn(
                "flex min-h-14 flex-col gap-0.5 overflow-hidden rounded-md border p-1 text-left sm:min-h-20",
                iso === today && "border-primary",
              )}
            >
              <span className={cn("text-xs", iso === today && "font-bold text-primary")}>
                {day.getDate()}
              </span>
              {items.slice(0, 2).map((item) => (
                <span
                  key={`${item.source}-${item.id}`}
                  className={cn(
                    "truncate rounded px-1 text-[10px] leading-4 sm:text-xs",
                    item.source === "booking" ? "bg-primary text-primary-foreground" : "bg-secondary",
                  )}
                >
                  {item.title}
                </span>
              ))}
              {items.length > 2 && (
                <span className="text-[10px] text-muted-foreground">+{items.length - 2} more</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
