import { Trash2Icon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import {
  AUDIO_ACCEPT,
  AUDIO_TOO_LARGE,
  IMAGE_ACCEPT,
  IMAGE_TOO_LARGE_HINT,
  UPLOAD_FAILED,
} from "../media.schema";
import { FileUploadForm } from "./file-upload-form";
import { type PortfolioItemData, PortfolioItemView } from "./portfolio-item-view";

function TitleInput({ id }: { id: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Title (optional)</Label>
      <Input id={id} name="title" maxLength={120} />
    </div>
  );
}

/** The Portfolio tab: upload images and audio, add YouTube videos and Instagram posts, remove items. */
export function PortfolioManager({
  items,
  errors,
  resetKey,
}: {
  items: PortfolioItemData[];
  errors: Record<string, string>;
  /** Changes after each successful add, so the add forms clear. */
  resetKey: number;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.formData?.get("intent");
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Images</CardTitle>
          </CardHeader>
          <CardContent>
            <FileUploadForm
              kind="image"
              tab="portfolio"
              accept={IMAGE_ACCEPT}
              label="Upload image"
              tooLargeMessage={UPLOAD_FAILED.image}
              tooLargeDescription={IMAGE_TOO_LARGE_HINT}
            >
              <TitleInput id="image-title" />
            </FileUploadForm>
            <p className="mt-2 text-xs text-muted-foreground">JPEG, PNG, WebP, GIF or AVIF, up to 5MB.</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Audio</CardTitle>
          </CardHeader>
          <CardContent>
            <FileUploadForm
              kind="audio"
              tab="portfolio"
              accept={AUDIO_ACCEPT}
              label="Upload audio"
              tooLargeMessage={AUDIO_TOO_LARGE}
            >
              <TitleInput id="audio-title" />
            </FileUploadForm>
            <p className="mt-2 text-xs text-muted-foreground">MP3 or WAV, up to 10MB.</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">YouTube video</CardTitle>
          </CardHeader>
          <CardContent>
            <Form
              method="post"
              action="?tab=portfolio"
              noValidate
              className="grid gap-3"
              key={`v${resetKey}`}
            >
              <input type="hidden" name="intent" value="add-video" />
              <IdempotencyKeyField />
              <TextField
                name="url"
                id="video-url"
                label="YouTube URL"
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v=..."
                error={errors.url}
              />
              <TextField name="title" id="video-title" label="Title (optional)" maxLength={120} />
              <Button type="submit" disabled={busyIntent === "add-video"} className="justify-self-start">
                {busyIntent === "add-video" ? "Adding..." : "Add Video"}
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Instagram post or reel</CardTitle>
          </CardHeader>
          <CardContent>
            <Form
              method="post"
              action="?tab=portfolio"
              noValidate
              className="grid gap-3"
              key={`i${resetKey}`}
            >
              <input type="hidden" name="intent" value="add-instagram" />
              <IdempotencyKeyField />
              <div className="grid gap-2">
                <Label htmlFor="instagram-embed">Post/reel URL or embed code</Label>
                <Textarea
                  id="instagram-embed"
                  name="embed"
                  rows={3}
                  placeholder="https://www.instagram.com/reel/..."
                  aria-invalid={errors.embed ? true : undefined}
                  aria-describedby={errors.embed ? "instagram-embed-error" : undefined}
                />
                <FieldError id="instagram-embed-error" message={errors.embed} />
              </div>
              <Button type="submit" disabled={busyIntent === "add-instagram"} className="justify-self-start">
                {busyIntent === "add-instagram" ? "Adding..." : "Add Instagram Post"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="portfolio-items-heading" className="grid gap-3">
        <h2 id="portfolio-items-heading" className="text-lg font-semibold">
          Your portfolio
        </h2>
        {items.length === 0 ? (
          <p className="text-muted-foreground">No portfolio items yet. Add images, audio or videos above.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} className="grid min-w-0 gap-2 rounded-lg border p-3">
                <PortfolioItemView item={item} />
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted-foreground">
                    {item.title ?? item.itemType}
                  </span>
                  <Form method="post" action="?tab=portfolio">
                    <input type="hidden" name="intent" value="remove-item" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${item.title ?? item.itemType}`}
                    >
                      <Trash2Icon aria-hidden /> Remove
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
