import { XIcon } from "lucide-react";
import { useId, useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cleanTags } from "../profile.schema";

/**
 * A list of short texts as chips. Each chip posts as a repeated field; the text box posts under the
 * same name too, so whatever is still typed is saved (and a form without JavaScript still works).
 * Leaving the box keeps its text there: a chip made on blur would shift the form under the next click.
 */
export function TagInput({
  name,
  label,
  defaultValue,
  placeholder,
  error,
  suggestions,
  hint = "Press Enter or a comma to add.",
}: {
  name: string;
  label: string;
  defaultValue: string[];
  placeholder?: string;
  error?: string;
  /** Offered as the musician types (a native list: works on any phone, before and without JavaScript). */
  suggestions?: readonly string[];
  hint?: string;
}) {
  const id = useId();
  const [tags, setTags] = useState(defaultValue);
  const [draft, setDraft] = useState("");

  function commit(text = draft) {
    const next = cleanTags([...tags, ...text.split(",")]);
    setTags(next);
    setDraft("");
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {tags.map((t) => (
            <li
              key={t}
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              {t}
              <input type="hidden" name={name} value={t} />
              <button
                type="button"
                onClick={() => setTags(tags.filter((x) => x !== t))}
                aria-label={`Remove ${t}`}
                className="rounded-full p-1 hover:bg-background/60"
              >
                <XIcon aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        name={name}
        value={draft}
        placeholder={placeholder ?? "Type and press Enter"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        list={suggestions ? `${id}-suggestions` : undefined}
        autoComplete={suggestions ? "off" : undefined}
        onChange={(e) => {
          // A suggestion picked from the list (not typed) becomes a chip at once.
          const picked = (e.nativeEvent as InputEvent).inputType === "insertReplacementText";
          if (picked && suggestions?.includes(e.target.value)) commit(e.target.value);
          else setDraft(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === ",") {
            e.preventDefault();
            commit();
          } else if (e.key === "Backspace" && draft === "" && tags.length) {
            setTags(tags.slice(0, -1));
          }
        }}
      />
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions
            .filter((s) => !tags.includes(s))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
