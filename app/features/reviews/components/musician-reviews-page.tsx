import { useFetcher } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { formatCalendarDate } from "~/lib/lagos-date";
import { useActionToast } from "~/lib/use-action-toast";
import { REPLY_EDIT_HOURS } from "../rating";
import { REVIEW_INTENTS, type ReviewActionResult } from "../review-action";
import type {
  AwaitingReview,
  MusicianReviewsData,
  ReceivedReview,
  WrittenReview,
} from "../review-lists.server";
import { RatingBadge } from "./rating-badge";
import { ReportReviewForm } from "./report-review-form";
import { ReviewCard } from "./review-card";
import { ReviewTextField, StarField } from "./star-field";
import { Stars } from "./stars";

function YesNoField({
  name,
  label,
  defaultValue,
  error,
  idPrefix,
}: {
  name: string;
  label: string;
  defaultValue?: boolean;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex gap-4">
        {(["yes", "no"] as const).map((v) => (
          <label key={v} className="flex min-h-10 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={v}
              defaultChecked={defaultValue === undefined ? undefined : defaultValue === (v === "yes")}
            />
            {v === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function OrganiserReviewForm({ bookingId, review }: { bookingId: string; review?: WrittenReview }) {
  const fetcher = useFetcher<ReviewActionResult>();
  useActionToast(fetcher.data);
  const intent = review ? REVIEW_INTENTS.organiserEdit : REVIEW_INTENTS.organiserCreate;
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const prefix = `${intent}-${bookingId}`;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bookingId" value={bookingId} />
      {!review && <IdempotencyKeyField renewOn={fetcher.data} />}
      <StarField
        name="overall"
        label="Overall"
        idPrefix={prefix}
        defaultValue={review?.overall}
        error={errors?.overall}
      />
      <YesNoField
        name="paidOnTime"
        label="Paid on time"
        idPrefix={prefix}
        defaultValue={review?.paidOnTime}
        error={errors?.paidOnTime}
      />
      <YesNoField
        name="treatedWell"
        label="Treated the band well"
        idPrefix={prefix}
        defaultValue={review?.treatedWell}
        error={errors?.treatedWell}
      />
      <ReviewTextField
        idPrefix={prefix}
        defaultValue={review?.body}
        error={errors?.body}
        label="Your review of the organiser"
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : review ? "Save changes" : "Submit review"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function ReplyForm({ review }: { review: ReceivedReview }) {
  const fetcher = useFetcher<ReviewActionResult>();
  useActionToast(fetcher.data);
  const error = fetcher.data?.ok === false ? fetcher.data.errors?.reply : undefined;
  const id = `reply-${review.id}`;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-primary">
        {review.reply ? "Edit your reply" : "Reply publicly"}
      </summary>
      <fetcher.Form method="post" className="grid gap-2 pt-3" noValidate>
        <input type="hidden" name="intent" value={REVIEW_INTENTS.reply} />
        <input type="hidden" name="reviewId" value={review.id} />
        <label htmlFor={id} className="text-sm font-medium">
          Your public reply
        </label>
        <textarea
          id={id}
          name="reply"
          rows={3}
          maxLength={1000}
          defaultValue={review.reply ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm"
        />
        <FieldError id={`${id}-error`} message={error} />
        <p className="text-xs text-muted-foreground">
          One reply per review; you can edit it for {REPLY_EDIT_HOURS} hours after posting.
        </p>
        <div>
          <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
            {review.reply ? "Save reply" : "Post reply"}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function Waiting({ item }: { item: AwaitingReview }) {
  return (
    <li id={`booking-${item.bookingId}`} className="grid gap-3 rounded-lg border p-4">
      <div>
        <p className="font-semibold">{item.clientName}</p>
        <p className="text-sm text-muted-foreground">
          {item.verified} · review by {formatCalendarDate(item.closesAt.slice(0, 10), "d MMMM yyyy")}
        </p>
      </div>
      {item.paused ? (
        <p className="text-sm">
          This booking is under dispute. Reviews open again once the dispute is resolved.
        </p>
      ) : (
        <details open>
          <summary className="cursor-pointer font-medium text-primary">Review {item.clientName}</summary>
          <div className="pt-3">
            <OrganiserReviewForm bookingId={item.bookingId} />
          </div>
        </details>
      )}
    </li>
  );
}

function Written({ review }: { review: WrittenReview }) {
  return (
    <li className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Stars value={review.overall} />
          <span className="font-semibold">{review.clientName}</span>
        </div>
        <span className="text-xs text-muted-foreground">{review.verified}</span>
      </div>
      <p className="text-sm text-muted-foreground">
        Paid on time: {review.paidOnTime ? "Yes" : "No"} · Treated the band well:{" "}
        {review.treatedWell ? "Yes" : "No"}
      </p>
      <p className="whitespace-pre-line break-words">{review.body}</p>
      {review.published ? (
        <p className="text-xs font-medium text-emerald-700">Published</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            Hidden until the client reviews too or the window ends.
          </p>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-primary">Edit your review</summary>
            <div className="pt-3">
              <OrganiserReviewForm bookingId={review.bookingId} review={review} />
            </div>
          </details>
        </>
      )}
    </li>
  );
}

/** /musician_reviews/{slug}. */
export function MusicianReviewsPage({ data }: { data: MusicianReviewsData }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Reviews</h2>
          </CardTitle>
          <CardDescription>
            Reviews are double-blind: neither side sees the other's review until both have written or 14 days
            after the event have passed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RatingBadge average={data.summary.average} count={data.summary.count} className="text-base" />
        </CardContent>
      </Card>

      <section className="grid gap-3" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className="text-lg font-semibold">
          Waiting for your review
        </h2>
        {data.waiting.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bookings are waiting for your review.</p>
        ) : (
          <ul className="grid gap-3">
            {data.waiting.map((w) => (
              <Waiting key={w.bookingId} item={w} />
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="received-heading">
        <h2 id="received-heading" className="text-lg font-semibold">
          Reviews you received
        </h2>
        {data.received.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reviews yet</p>
        ) : (
          <ul className="grid gap-3">
            {data.received.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r}>
                  {r.hidden ? (
                    <p className="text-sm text-destructive">Hidden by Stagebook after a report.</p>
                  ) : (
                    <>
                      {r.replyOpen && <ReplyForm review={r} />}
                      <ReportReviewForm reviewId={r.id} />
                    </>
                  )}
                </ReviewCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.written.length > 0 && (
        <section className="grid gap-3" aria-labelledby="written-heading">
          <h2 id="written-heading" className="text-lg font-semibold">
            Reviews you wrote
          </h2>
          <ul className="grid gap-3">
            {data.written.map((r) => (
              <Written key={r.id} review={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
