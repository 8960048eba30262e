import type * as React from "react";
import { useState } from "react";
import { formatNairaAmount, parseOptionalNaira } from "~/lib/naira";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";

/** Sets an input's value the way typing does, so React's onChange (controlled or not) sees it. */
function setTypedValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A naira amount typed the way people write it ("150000", "150,000", "₦150 000"). On leaving the
 * field it is shown formatted back ("₦150,000") or the problem is explained beside it; the server
 * parses the same text with the same parser.
 */
export function NairaField({
  name,
  label,
  error,
  hint,
  id = name,
  onBlur,
  onChange,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & {
  name: string;
  label: React.ReactNode;
  error?: string | null;
  hint?: string;
}) {
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  const describedBy = [hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setLocalError(null);
          onChange?.(e);
        }}
        onBlur={(e) => {
          const input = e.currentTarget;
          const r = parseOptionalNaira(input.value);
          if (!r.ok) setLocalError(r.error);
          else if (r.kobo !== null && input.value !== formatNairaAmount(r.kobo)) {
            setTypedValue(input, formatNairaAmount(r.kobo));
          }
          onBlur?.(e);
        }}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {/* The message line is always there, so a message appearing on blur moves nothing under the
          pointer (a click on Save right after typing still lands). */}
      <div className="min-h-5">
        <FieldError id={`${id}-error`} message={shown} />
      </div>
    </div>
  );
}
