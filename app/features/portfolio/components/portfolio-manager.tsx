import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
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

/** The ids that appeared in `items` since the previous render (an add): the new item to highlight. */
function useNewItemIds(items: PortfolioItemData[]): Set<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  useEffect(() => {
    const ids = new Set(items.map((i) => i.id));
    const before = seen.current;
    if (before) {
      const added = [...ids].filter((id) => !before.has(id));
      if (added.length) setFresh(new Set(added));
    }
    seen.current = ids;
  }, [items]);
  return fresh;
}

/**
 * The Portfolio tab: the items first, then one "Add to portfolio" button opening the add forms (a
 * <details>, so it works before the page's JavaScript runs; open while the list is empty): upload
 * images and audio, add YouTube videos and Instagram posts. Each add clears the forms and highlights
 * the new item.
 */
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
  const fresh = useNewItemIds(items);
  const hasErrors = Boolean(errors.url || errors.embed);
  // Nothing to list yet: the add forms are the point, so they start open.
  const [adding, setAdding] = useState(hasErrors || items.length === 0);
  useEffect(() => {
    if (hasErrors) setAdding(true);
  }, [hasErrors]);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (fresh.size) list.current?.querySelector("[data-new]")?.scrollIntoView({ block: "center" });
  }, [fresh]);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="portfolio-items-heading" className="grid gap-3">
        <h2 id="portfolio-items-heading" className="text-lg font-semibold">
          Your portfolio
        </h2>
        {items.length === 0 ? (
          <p className="text-muted-foreground">
            No portfolio items yet. Add images, audio or videos with “Add to portfolio”.
          </p>
        ) : (
          <ul ref={list} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => {
              const isNew = fresh.has(item.id);
              return (
                <li
                  key={item.id}
                  data-new={isNew || undefined}
                  aria-label={isNew ? `Just added: ${item.title ?? item.itemType}` : undefined}
                  className={cn(
                    "grid min-w-0 gap-2 rounded-lg border p-3",
                    isNew && "bg-primary/5 ring-2 ring-primary",
                  )}
                >
                  {isNew && <p className="text-xs font-semibold text-primary">Just added</p>}
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
              );
            })}
          </ul>
        )}
      </section>

      <details open={adding} onToggle={(e) => setAdding(e.currentTarget.open)} className="grid gap-4">
        <summary
          className={cn(buttonVariants(), "w-full list-none sm:w-auto [&::-webkit-details-marker]:hidden")}
        >
          <PlusIcon aria-hidden />
          Add to portfolio
        </summary>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Images</CardTitle>
            </CardHeader>
            <CardContent>
              <FileUploadForm
                key={`img${resetKey}`}
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
                key={`aud${resetKey}`}
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
                <Button
                  type="submit"
                  disabled={busyIntent === "add-instagram"}
                  className="justify-self-start"
                >
                  {busyIntent === "add-instagram" ? "Adding..." : "Add Instagram Post"}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </div>
      </details>
    </div>
  );
}
