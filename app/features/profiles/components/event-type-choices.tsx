import { FieldError } from "~/components/ui/field-error";
import { EVENT_TYPES } from "~/lib/event-types";

/**
 * The event types a musician plays, chosen from the same list the /market filter offers (phone walk 2:
 * typed "Weddings" never matched the filter's "Wedding"). Plain checkboxes: they post without JavaScript.
 */
export function EventTypeChoices({
  name,
  defaultValue,
  error,
}: {
  name: string;
  defaultValue: string[];
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">Event types</legend>
      <p className="text-sm text-muted-foreground">Organisers filter by these on Find Musicians.</p>
      <div className="flex flex-wrap gap-2">
        {EVENT_TYPES.map((t) => (
          <label
            key={t}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="checkbox"
              name={name}
              value={t}
              defaultChecked={defaultValue.includes(t)}
              className="size-4 accent-primary"
            />
            {t}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
