import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { useActionToast } from "~/lib/use-action-toast";
import { REVIEW_INTENTS, type ReviewActionResult } from "../review-action";

/** "Report" under a published review: a reason is required; anyone may send one. */
export function ReportReviewForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ReviewActionResult>();
  useActionToast(fetcher.data);
  const id = `report-${reviewId}`;
  const error = fetcher.data?.ok === false ? fetcher.data.errors?.reason : undefined;
  const sent = fetcher.data?.ok === true;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">Report</summary>
      {sent ? (
        <p role="status" className="pt-2">
          {fetcher.data?.toast?.message}
        </p>
      ) : (
        <fetcher.Form method="post" className="grid gap-2 pt-2" noValidate>
          <input type="hidden" name="intent" value={REVIEW_INTENTS.report} />
          <input type="hidden" name="reviewId" value={reviewId} />
          <label htmlFor={id} className="font-medium">
            Why are you reporting this review?
          </label>
          <textarea
            id={id}
            name="reason"
            rows={2}
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm"
          />
          <FieldError id={`${id}-error`} message={error} />
          <div>
            <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
              Send report
            </Button>
          </div>
        </fetcher.Form>
      )}
    </details>
  );
}
