import { ExternalLinkIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import type { ProfileView } from "../profile.server";

export function AccountForm({
  profile,
  website,
  origin,
  errors,
}: {
  profile: ProfileView;
  website: { active: boolean; url: string | null };
  origin: string;
  errors: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "account";
  const [slug, setSlug] = useState(profile.slug ?? "");
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium">Website status</span>
        <Badge variant={website.active ? "default" : "secondary"}>
          {website.active ? "Active" : "Inactive"}
        </Badge>
        {website.url && (
          <Link to={website.url} className="inline-flex items-center gap-1 text-sm text-primary underline">
            {`${origin}${website.url}`} <ExternalLinkIcon aria-hidden className="size-3" />
          </Link>
        )}
      </div>
      <Form method="post" action="?tab=account" noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="account" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First Name"
            autoComplete="given-name"
            required
            defaultValue={profile.firstName ?? ""}
            error={errors.firstName}
          />
          <TextField
            name="lastName"
            label="Last Name"
            autoComplete="family-name"
            required
            defaultValue={profile.lastName ?? ""}
            error={errors.lastName}
          />
        </div>
        <TextField
          name="phoneNumber"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={profile.phoneNumber ?? ""}
          error={errors.phoneNumber}
        />
        <div className="grid gap-2">
          <Label htmlFor="slug">Website URL</Label>
          <div className="flex flex-wrap items-center gap-1 text-sm">
            <span className="text-muted-foreground">{origin}/musicians/</span>
            <Input
              id="slug"
              name="slug"
              required
              value={slug}
              onChange={(e) => setSlug(e.target.value.toLowerCase().replace(/\s+/g, "-"))}
              autoCapitalize="none"
              spellCheck={false}
              className="min-w-0 flex-1 basis-40"
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={errors.slug ? "slug-hint slug-error" : "slug-hint"}
            />
          </div>
          <p id="slug-hint" className="text-xs text-muted-foreground">
            Lowercase letters, numbers and single hyphens, e.g. ada-strings.
          </p>
          <FieldError id="slug-error" message={errors.slug} />
        </div>
        <Button type="submit" disabled={saving} className="justify-self-start">
          {saving ? "Saving..." : "Save Account"}
        </Button>
      </Form>
    </div>
  );
}
