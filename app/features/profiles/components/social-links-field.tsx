import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import type { SocialLink } from "~/lib/social-links";
import { SOCIAL_PLATFORMS } from "../profile.schema";

interface Row extends SocialLink {
  key: number;
}

let nextKey = 1;
const row = (l: SocialLink): Row => ({ ...l, key: nextKey++ });

/** Rows of platform + URL posted as parallel socialPlatform/socialUrl fields. */
export function SocialLinksField({
  defaultValue,
  errors,
}: {
  defaultValue: SocialLink[];
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    (defaultValue.length ? defaultValue : [{ platform: "", url: "" }]).map(row),
  );
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Social links</legend>
      <datalist id="social-platforms">
        {SOCIAL_PLATFORMS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {rows.map((r, i) => {
        const platformError = errors[`socialLinks.${i}.platform`];
        const urlError = errors[`socialLinks.${i}.url`];
        return (
          <div key={r.key} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
            <div className="grid gap-1">
              <Input
                name="socialPlatform"
                list="social-platforms"
                aria-label={`Social platform ${i + 1}`}
                placeholder="Platform"
                defaultValue={r.platform}
                aria-invalid={platformError ? true : undefined}
                aria-describedby={platformError ? `social-${r.key}-platform-error` : undefined}
              />
              <FieldError id={`social-${r.key}-platform-error`} message={platformError} />
            </div>
            <div className="grid gap-1">
              <Input
                name="socialUrl"
                inputMode="url"
                aria-label={`Social link URL ${i + 1}`}
                placeholder="instagram.com/yourname"
                defaultValue={r.url}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? `social-${r.key}-url-error` : undefined}
              />
              <FieldError id={`social-${r.key}-url-error`} message={urlError} />
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove social link ${i + 1}`}
              onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        );
      })}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setRows([...rows, row({ platform: "", url: "" })])}
      >
        <PlusIcon aria-hidden /> Add social link
      </Button>
    </fieldset>
  );
}
