import type * as React from "react";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

// Native selects: they work before (and without) JavaScript and are light on a phone.
export function SelectField({
  name,
  label,
  error,
  id = name,
  placeholder,
  options,
  className,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & {
  name: string;
  label: React.ReactNode;
  error?: string | null;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextareaField({
  name,
  label,
  error,
  id = name,
  className,
  ...props
}: React.ComponentProps<"textarea"> & { name: string; label: React.ReactNode; error?: string | null }) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
