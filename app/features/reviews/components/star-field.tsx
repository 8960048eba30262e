import { StarIcon } from "lucide-react";
import { FieldError } from "~/components/ui/field-error";
import { cn } from "~/lib/cn";

/** A 1–5 choice as five radio buttons: works by keyboard (arrow keys) and without JavaScript. */
export function StarField({
  name,
  label,
  defaultValue,
  error,
  idPrefix,
}: {
  name: string;
  label: string;
  defaultValue?: number | null;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="star-choice flex flex-wrap gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={cn(
              "flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-1 rounded-md border px-2 text-sm",
              "has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
            )}
          >
            <input
              type="radio"
              name={name}
              value={n}
              defaultChecked={defaultValue === n}
              className="sr-only"
              aria-label={`${label}: ${n} out of 5`}
            />
            <span aria-hidden>{n}</span>
            <StarIcon aria-hidden className="size-4" />
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

export function ReviewTextField({
  idPrefix,
  defaultValue,
  error,
  label = "Your review",
}: {
  idPrefix: string;
  defaultValue?: string;
  error?: string;
  label?: string;
}) {
  const id = `${idPrefix}-body`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        rows={5}
        minLength={20}
        maxLength={2000}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-invalid:border-destructive md:text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        20 to 2,000 characters.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
