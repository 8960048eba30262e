import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { BookingsActionResult } from "~/features/bookings/action-results";
import { formatDateTime } from "~/lib/date-format";
import type { DisputeThread } from "../dispute-sides.server";

/**
 * On the musician's booking card: what happens next with an open dispute and by when, the side they
 * already gave, and "Add your side" (text + photos). A plain multipart form: it works before the
 * page's JavaScript and without it.
 */
export function DisputeSidePanel({
  bookingId,
  thread,
  result,
}: {
  bookingId: string;
  thread: DisputeThread;
  result: BookingsActionResult | undefined;
}) {
  const fetcher = useFetcher<BookingsActionResult>({ key: "musician-bookings" });
  const errors = result?.intent === "dispute-side" ? result.errors : undefined;
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("bookingId") === bookingId;
  const bodyId = `dispute-side-body-${bookingId}`;
  const photosId = `dispute-side-photos-${bookingId}`;
  return (
    <div className="grid gap-3 rounded-md border p-3 text-sm">
      {thread.open && (
        <p>
          <span className="font-medium">What happens next: </span>
          the payment stays in escrow. Add your side by {thread.open.sideBy}; Stagebook decides by{" "}
          {thread.open.decisionBy} and tells you both, with what each of you receives.
        </p>
      )}
      {thread.responses.map((r) => (
        <div key={r.at} className="grid gap-2 rounded-md bg-muted p-3">
          <p>
            <span className="font-medium">Your side ({formatDateTime(r.at)}): </span>
            {r.body}
          </p>
          {r.photos.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Your photos">
              {r.photos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={`From the event, ${i + 1} of ${r.photos.length}`}
                      className="size-16 rounded object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {thread.open && (
        <details open={Boolean(errors)}>
          <summary className="cursor-pointer font-medium text-primary">Add your side</summary>
          <fetcher.Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="dispute-side" />
            <input type="hidden" name="bookingId" value={bookingId} />
            <div className="grid gap-1">
              <Label htmlFor={bodyId}>Your side</Label>
              <Textarea
                id={bodyId}
                name="body"
                required
                minLength={10}
                maxLength={4000}
                rows={4}
                aria-invalid={Boolean(errors?.body)}
                aria-describedby={errors?.body ? `${bodyId}-error` : undefined}
              />
              <FieldError id={`${bodyId}-error`} message={errors?.body} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={photosId}>Photos (optional, up to 4)</Label>
              <input
                id={photosId}
                name="photos"
                type="file"
                accept="image/*"
                multiple
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
                aria-describedby={errors?.photos ? `${photosId}-error` : undefined}
              />
              <FieldError id={`${photosId}-error`} message={errors?.photos} />
            </div>
            <Button type="submit" size="sm" className="justify-self-start" disabled={sending}>
              {sending ? "Sending…" : "Send your side"}
            </Button>
          </fetcher.Form>
        </details>
      )}
    </div>
  );
}
