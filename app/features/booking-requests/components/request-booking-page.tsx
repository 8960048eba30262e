import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { BookingRequestActionResult } from "~/features/booking-requests/action-results";
import type { BookingRequestFormValues } from "../booking-request.schema";
import { BookingRequestForm } from "./booking-request-form";

/** /musicians/{slug}/request: the request form as a page, for visitors without JavaScript. */
export function RequestBookingPage({
  musicianSlug,
  musicianName,
  today,
  actionData,
  busyDates,
  initialValues,
  draftId,
  canSaveDraft,
}: {
  musicianSlug: string;
  musicianName: string | null;
  today: string;
  busyDates?: string[];
  actionData?: BookingRequestActionResult;
  initialValues?: Partial<BookingRequestFormValues>;
  draftId?: string | null;
  canSaveDraft?: boolean;
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Request Booking</h1>
          </CardTitle>
          <CardDescription>
            {musicianName ? `Send ${musicianName} a booking request.` : "Send a booking request."} No account
            needed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <BookingRequestForm
            key={actionData?.ok ? "sent" : "form"}
            musicianSlug={musicianSlug}
            today={today}
            pageResult={actionData}
            busyDates={busyDates}
            initialValues={initialValues}
            draftId={draftId}
            canSaveDraft={canSaveDraft}
          />
          <Link to={`/musicians/${musicianSlug}`} className="text-sm text-primary underline">
            Back to profile
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
