import { useEffect } from "react";
import { useFetcher } from "react-router";
import { formatEventDate } from "~/features/bookings/booking-dates";

/** The public profile's list of taken days (booked, an event, or unavailable: organisers see no reason). */
export function BusyDatesList({ dates, limit = 12 }: { dates: string[]; limit?: number }) {
  return (
    <section aria-labelledby="busy-dates-heading" className="mt-6 grid gap-2">
      <h2 id="busy-dates-heading" className="text-lg font-semibold">
        Dates already taken
      </h2>
      {dates.length === 0 ? (
        <p className="text-sm text-muted-foreground">No dates taken yet. Ask about any day.</p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2 text-sm">
            {dates.slice(0, limit).map((d) => (
              <li
                key={d}
                className="rounded-md border bg-muted/50 px-2 py-1 line-through decoration-muted-foreground"
              >
                {formatEventDate(d)}
              </li>
            ))}
          </ul>
          {dates.length > limit && (
            <p className="text-sm text-muted-foreground">and {dates.length - limit} more later on.</p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Beside the request form's date picker: the taken days, and a warning when the chosen day is one of
 * them. Loads the days itself (the form also opens in a dialog), unless the page already has them.
 */
export function BusyDatesHint({
  musicianSlug,
  selected,
  dates,
}: {
  musicianSlug: string;
  selected: string;
  dates?: string[];
}) {
  const fetcher = useFetcher<{ dates: string[] }>();
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (!dates && state === "idle" && !data) load(`/musicians/${musicianSlug}/busy-dates`);
  }, [dates, musicianSlug, load, state, data]);
  const busy = dates ?? data?.dates ?? [];
  if (busy.length === 0) return null;
  const taken = busy.includes(selected);
  return (
    <div className="grid gap-1 text-sm sm:col-span-2">
      {taken && (
        <p role="alert" className="font-medium text-amber-800">
          The musician is already booked or unavailable on {formatEventDate(selected)}. Please choose another
          date.
        </p>
      )}
      <p className="text-muted-foreground">
        Dates already taken:{" "}
        {busy
          .slice(0, 8)
          .map((d) => formatEventDate(d))
          .join("; ")}
        {busy.length > 8 ? `; and ${busy.length - 8} more` : ""}.
      </p>
    </div>
  );
}
