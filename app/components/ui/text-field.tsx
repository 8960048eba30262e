import type * as React from "react";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";

/** Label, input, hint and error wired together by id for screen readers. */
export function TextField({
  name,
  label,
  error,
  hint,
  id = name,
  ...props
}: React.ComponentProps<typeof Input> & {
  name: string;
  label: React.ReactNode;
  error?: string | null;
  hint?: string;
}) {
  // A hint the error repeats word for word is hidden while the error shows: one message, not two.
  const showHint = hint && hint !== error;
  const describedBy =
    [showHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {showHint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
