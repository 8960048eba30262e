import { Trash2Icon, UserIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { FileUploadForm } from "~/features/portfolio/components/file-upload-form";
import { imageSources, PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE_HINT, UPLOAD_FAILED } from "~/features/portfolio/media.schema";
import { formatNairaAmount } from "~/lib/naira";
import { PERFORMANCE_ROLES } from "~/lib/performance-roles";
import type { ProfileView } from "../profile.server";
import { EventTypeChoices } from "./event-type-choices";
import { SocialLinksField } from "./social-links-field";
import { TagInput } from "./tag-input";

function ProfileImageField({ imageUrl }: { imageUrl: string | null }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remove-profile-image";
  return (
    <section aria-labelledby="profile-image-heading" className="flex flex-wrap items-center gap-4">
      <div className="size-24 shrink-0 overflow-hidden rounded-full bg-muted">
        {imageUrl ? (
          <img
            {...imageSources(imageUrl, PROFILE_IMAGE_WIDTHS, "96px")}
            alt="Your profile"
            width={96}
            height={96}
            className="size-full object-cover"
          />
        ) : (
          <UserIcon aria-hidden className="m-6 size-12 text-muted-foreground" />
        )}
      </div>
      <div className="grid gap-2">
        <h2 id="profile-image-heading" className="font-medium">
          Profile image
        </h2>
        <div className="flex flex-wrap gap-2">
          <FileUploadForm
            kind="profile-image"
            tab="about"
            accept={IMAGE_ACCEPT}
            label={imageUrl ? "Replace image" : "Upload image"}
            tooLargeMessage={UPLOAD_FAILED["profile-image"]}
            tooLargeDescription={IMAGE_TOO_LARGE_HINT}
          />
          {imageUrl && (
            <Form method="post" action="?tab=about">
              <input type="hidden" name="intent" value="remove-profile-image" />
              <Button type="submit" variant="ghost" disabled={removing}>
                <Trash2Icon aria-hidden /> {removing ? "Removing..." : "Remove image"}
              </Button>
            </Form>
          )}
        </div>
        <p className="text-xs text-muted-foreground">JPEG, PNG, WebP, GIF or AVIF, up to 5MB.</p>
      </div>
    </section>
  );
}

function TextArea({
  name,
  label,
  defaultValue,
  error,
  rows = 3,
}: {
  name: string;
  label: string;
  defaultValue: string | null;
  error?: string;
  rows?: number;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={name}>{label}</Label>
      <Textarea
        id={name}
        name={name}
        rows={rows}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

export function AboutForm({
  profile,
  errors,
  priceHints = [],
}: {
  profile: ProfileView;
  errors: Record<string, string>;
  /** What musicians are booked for, per event type the musician plays (issue 38); empty without data. */
  priceHints?: string[];
}) {
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "about";
  // Remount the list inputs when the saved lists change, so they show what the server kept.
  const listsKey = JSON.stringify([
    profile.performanceRoles,
    profile.genres,
    profile.eventTypes,
    profile.socialLinks,
  ]);
  return (
    <div className="grid gap-8">
      <ProfileImageField imageUrl={profile.profileImage} />
      <Form method="post" action="?tab=about" noValidate className="grid gap-5" key={listsKey}>
        <input type="hidden" name="intent" value="about" />
        <TextField
          name="stageName"
          label="Stage name"
          required
          defaultValue={profile.stageName ?? ""}
          error={errors.stageName}
        />
        <TagInput
          name="performanceRoles"
          label="Performance roles"
          placeholder="e.g. Lead vocalist, Saxophonist, DJ"
          defaultValue={profile.performanceRoles}
          error={errors.performanceRoles}
          suggestions={PERFORMANCE_ROLES}
          hint="Pick from the list so organisers and band leaders find you by role, or type your own. Press Enter or a comma to add."
        />
        <TagInput
          name="genres"
          label="Genres"
          placeholder="e.g. Afrobeats, Highlife, Jazz"
          defaultValue={profile.genres}
          error={errors.genres}
        />
        <EventTypeChoices name="eventTypes" defaultValue={profile.eventTypes} error={errors.eventTypes} />
        <TextField
          name="location"
          label="Location"
          defaultValue={profile.location ?? ""}
          error={errors.location}
        />
        <TextArea name="bio" label="Bio" rows={5} defaultValue={profile.bio} error={errors.bio} />
        <NairaField
          name="hourlyRate"
          label="Hourly rate (₦)"
          placeholder="e.g. 150,000"
          hint={[
            "What you charge per hour; organisers see it as your starting price.",
            ...priceHints.map((h) => `${h}.`),
          ].join(" ")}
          defaultValue={profile.hourlyRateKobo === null ? "" : formatNairaAmount(profile.hourlyRateKobo)}
          error={errors.hourlyRate}
        />
        <TextArea
          name="performanceStyle"
          label="Performance style"
          defaultValue={profile.performanceStyle}
          error={errors.performanceStyle}
        />
        <TextArea
          name="equipment"
          label="Equipment"
          defaultValue={profile.equipment}
          error={errors.equipment}
        />
        <SocialLinksField defaultValue={profile.socialLinks} errors={errors} />
        <Button type="submit" disabled={saving} className="justify-self-start">
          {saving ? "Saving..." : "Save Profile"}
        </Button>
      </Form>
    </div>
  );
}
