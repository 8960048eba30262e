import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatEventDate } from "~/features/bookings/booking-dates";

/** Days off: bookings and requests on them warn, and organisers see them as taken (without a reason). */
export function UnavailableDates({
  slug,
  from,
  rows,
}: {
  slug: string;
  from: string;
  rows: { id: string; date: string }[];
}) {
  const action = `/musician_calendar_unavailable/${slug}`;
  return (
    <section aria-labelledby="unavailable-heading" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="unavailable-heading" className="text-lg font-semibold">
        Days you are unavailable
      </h2>
      <p className="text-sm text-muted-foreground">
        Organisers see these days as taken, and you are warned before booking them.
      </p>
      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="add" />
        <label className="grid gap-1 text-sm font-medium">
          Date
          <input
            type="date"
            name="date"
            min={from}
            required
            className="h-10 rounded-md border border-input px-3"
          />
        </label>
        <Button type="submit" variant="outline">
          Mark unavailable
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No days marked unavailable.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2 text-sm">
              {formatEventDate(r.date)}
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={r.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  aria-label={`Open ${formatEventDate(r.date)} again`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
