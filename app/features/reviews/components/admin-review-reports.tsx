import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { formatCalendarDate } from "~/lib/lagos-date";
import { useActionToast } from "~/lib/use-action-toast";
import { REVIEW_INTENTS, type ReviewActionResult } from "../review-action";
import type { AdminReviewReport } from "../review-reports.server";
import { Stars } from "./stars";

function ReportItem({ report }: { report: AdminReviewReport }) {
  const fetcher = useFetcher<ReviewActionResult>();
  useActionToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const id = `note-${report.id}`;
  return (
    <li
      className="grid gap-3 rounded-lg border p-4"
      aria-label={`Report on a review of ${report.musicianName}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          Review of{" "}
          {report.musicianSlug ? (
            <a href={`/musicians/${report.musicianSlug}?tab=reviews`} className="font-semibold underline">
              {report.musicianName}
            </a>
          ) : (
            <span className="font-semibold">{report.musicianName}</span>
          )}
          {report.direction === "musician_to_client" ? " (about an organiser)" : ""}
        </span>
        <span className="text-muted-foreground">
          Reported {formatCalendarDate(report.reportedAt.slice(0, 10), "d MMMM yyyy")}
        </span>
      </div>
      <div className="grid gap-1 rounded-md bg-muted p-3">
        <Stars value={report.overall} />
        <p className="whitespace-pre-line break-words">{report.body}</p>
      </div>
      <p className="text-sm">
        <span className="font-medium">Reason: </span>
        <span className="whitespace-pre-line break-words">{report.reason}</span>
      </p>
      <fetcher.Form method="post" className="grid gap-2" noValidate>
        <input type="hidden" name="intent" value={REVIEW_INTENTS.settleReport} />
        <input type="hidden" name="reportId" value={report.id} />
        <label htmlFor={id} className="text-sm font-medium">
          Note for the record
        </label>
        <textarea
          id={id}
          name="note"
          rows={2}
          maxLength={1000}
          aria-invalid={errors?.note ? true : undefined}
          aria-describedby={errors?.note ? `${id}-error` : undefined}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm"
        />
        <FieldError id={`${id}-error`} message={errors?.note} />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            name="decision"
            value="hide"
            variant="destructive"
            size="sm"
            disabled={fetcher.state !== "idle"}
          >
            Hide review
          </Button>
          <Button
            type="submit"
            name="decision"
            value="dismiss"
            variant="outline"
            size="sm"
            disabled={fetcher.state !== "idle"}
          >
            Dismiss report
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}

/** /admin?tab=reviews: open reports on reviews, oldest first. */
export function AdminReviewReports({ data }: { data: { total: number; reports: AdminReviewReport[] } }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reported reviews ({data.total})</CardTitle>
      </CardHeader>
      <CardContent>
        {data.reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reported reviews</p>
        ) : (
          <ul className="grid gap-4" aria-label="Reported reviews">
            {data.reports.map((r) => (
              <ReportItem key={r.id} report={r} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
