import { useActionData, useFetcher } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { FilePicker } from "~/components/ui/file-picker";
import { IMAGE_ACCEPT } from "~/features/portfolio/media.schema";
import { formatCalendarDate } from "~/lib/lagos-date";
import { useActionToast } from "~/lib/use-action-toast";
import { CLIENT_CRITERIA, MAX_REVIEW_PHOTOS } from "../rating";
import { REVIEW_INTENTS, REVIEW_REFUSALS, type ReviewActionResult } from "../review-action";
import type { ClientReviewPanel } from "../reviews.server";
import { ReviewTextField, StarField } from "./star-field";
import { Stars } from "./stars";

type Review = NonNullable<ClientReviewPanel["review"]>;

function ClientReviewForm({
  intent,
  review,
  submitLabel,
}: {
  intent: string;
  review: Review | null;
  submitLabel: string;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  // Without JavaScript the page itself answers the post.
  const plain = useActionData<ReviewActionResult>();
  const answer = fetcher.data ?? (plain?.intent === intent ? plain : undefined);
  useActionToast(fetcher.data);
  const errors = answer?.ok === false ? answer.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {intent === REVIEW_INTENTS.clientCreate && <IdempotencyKeyField renewOn={fetcher.data} />}
      <StarField
        name="overall"
        label="Overall"
        idPrefix={intent}
        defaultValue={review?.overall}
        error={errors?.overall}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {CLIENT_CRITERIA.map((c) => (
          <StarField
            key={c.name}
            name={c.name}
            label={c.label}
            idPrefix={intent}
            defaultValue={review?.[c.name]}
            error={errors?.[c.name]}
          />
        ))}
      </div>
      <ReviewTextField idPrefix={intent} defaultValue={review?.body} error={errors?.body} />
      <div className="grid gap-1">
        <span id={`${intent}-photos-label`} className="text-sm font-medium">
          Photos from the event (optional)
        </span>
        <FilePicker
          id={`${intent}-photos`}
          name="photos"
          multiple
          showChosen
          accept={IMAGE_ACCEPT}
          label="Choose photos"
          labelledBy={`${intent}-photos-label`}
          invalid={Boolean(errors?.photos)}
          describedBy={`${intent}-photos-hint${errors?.photos ? ` ${intent}-photos-error` : ""}`}
        />
        <p id={`${intent}-photos-hint`} className="text-xs text-muted-foreground">
          Up to {MAX_REVIEW_PHOTOS} images, 5MB each.
          {review?.photos.length ? " New photos replace the ones you added before." : ""}
        </p>
        <FieldError id={`${intent}-photos-error`} message={errors?.photos} />
      </div>
      {answer?.ok === false && answer.toast && (
        <p role="alert" className="text-sm text-destructive">
          {answer.toast.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** What the musician wrote about the organiser, for the organiser once both reviews are published. */
function ReviewOfYou({
  musicianName,
  review,
}: {
  musicianName: string;
  review: NonNullable<ClientReviewPanel["aboutYou"]>;
}) {
  const yesNo = (v: boolean | null) => (v ? "Yes" : "No");
  return (
    <section aria-labelledby="review-of-you" className="grid gap-2 rounded-md border p-3">
      <h3 id="review-of-you" className="font-medium">
        What {musicianName} said about you
      </h3>
      <Stars value={review.overall} />
      <p className="text-sm text-muted-foreground">
        Paid on time: {yesNo(review.paidOnTime)} · Treated the band well: {yesNo(review.treatedWell)}
      </p>
      <p className="whitespace-pre-line text-sm">{review.body}</p>
    </section>
  );
}

/** "Leave a review" on /booking/{slug}: the payer's, on any device they proved it on (issue 35 §1). */
export function ClientReviewSection({ panel }: { panel: ClientReviewPanel }) {
  if (panel.state === "not-completed" || panel.state === "not-paid" || panel.state === "own-booking")
    return null;
  const closes = panel.closesAt ? formatCalendarDate(panel.closesAt.slice(0, 10), "d MMMM yyyy") : null;
  // What "hidden until…" means matters only while a review can still be written (phone walk 3, #17).
  const writing = panel.state === "open" || panel.state === "paused";
  return (
    <section className="mx-auto w-full max-w-3xl px-4 pb-10" aria-labelledby="leave-review">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="leave-review">Leave a review</h2>
          </CardTitle>
          {writing && (
            <CardDescription>
              How was {panel.musicianName}? Your review is hidden from the musician and the public until{" "}
              {panel.musicianName} has reviewed too{closes ? `, or until ${closes}` : ""}; then both are
              published at once.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {panel.state === "payer-only" && <p role="status">{REVIEW_REFUSALS.notPayer}</p>}
          {panel.state === "paused" && (
            <p role="status">
              This booking is under dispute. Reviews open again once the dispute is resolved.
            </p>
          )}
          {panel.aboutYou && <ReviewOfYou musicianName={panel.musicianName} review={panel.aboutYou} />}
          {panel.state === "published" &&
            (panel.review ? (
              <p role="status">Your review is published. Thank you!</p>
            ) : (
              <p role="status">The review window for this booking has closed.</p>
            ))}
          {panel.state === "closed" && !panel.review && (
            <p role="status">The review window for this booking has closed.</p>
          )}
          {panel.state === "closed" && panel.review && <p role="status">Your review is being published.</p>}
          {panel.state === "open" && !panel.review && (
            <ClientReviewForm
              intent={REVIEW_INTENTS.clientCreate}
              review={null}
              submitLabel="Submit review"
            />
          )}
          {panel.state === "open" && panel.review && (
            <>
              <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
                Your review is saved and hidden until it is published. You can still edit it.
              </p>
              <details>
                <summary className="cursor-pointer font-medium text-primary">Edit your review</summary>
                <div className="pt-4">
                  <ClientReviewForm
                    intent={REVIEW_INTENTS.clientEdit}
                    review={panel.review}
                    submitLabel="Save changes"
                  />
                </div>
              </details>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
