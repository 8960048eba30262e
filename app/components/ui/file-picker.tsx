import { UploadIcon } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * The app's one look for choosing files: an outline button with an upload icon over a hidden native
 * input (the portfolio, the profile image, review and dispute photos). The input stays in the page, so
 * the label opens the device's picker by tap or keyboard and a plain form post works without
 * JavaScript. With `showChosen`, the picked files' names are said under the button.
 */
export function FilePicker({
  id,
  name,
  accept,
  label,
  multiple = false,
  required,
  disabled = false,
  busy = false,
  showChosen = false,
  inputRef,
  onChange,
  describedBy,
  labelledBy,
  invalid,
}: {
  id: string;
  name: string;
  accept: string;
  label: React.ReactNode;
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  busy?: boolean;
  showChosen?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  onChange?: (input: HTMLInputElement) => void;
  describedBy?: string;
  /** The id of a field label elsewhere that names the input (the button then only says what it does). */
  labelledBy?: string;
  invalid?: boolean;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <div className="grid gap-1">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        required={required}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-labelledby={labelledBy}
        className="peer sr-only"
        onChange={(e) => {
          const input = e.currentTarget;
          if (showChosen) setChosen(Array.from(input.files ?? [], (f) => f.name));
          onChange?.(input);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          (busy || disabled) && "pointer-events-none opacity-60",
        )}
      >
        <UploadIcon aria-hidden />
        {label}
      </label>
      {showChosen && (
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {chosen.length === 0
            ? "No photos chosen"
            : `${chosen.length === 1 ? "1 photo" : `${chosen.length} photos`} chosen: ${chosen.join(", ")}`}
        </p>
      )}
    </div>
  );
}
