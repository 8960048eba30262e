import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/date-format";
import type { RequestStatusView } from "../booking-requests.server";
import { RequestSummaryList } from "./request-summary-list";

const headline: Record<RequestStatusView["status"], (name: string) => string> = {
  pending: (name) => `Waiting for ${name} to reply`,
  accepted: (name) => `${name} accepted your request`,
  declined: (name) => `${name} declined your request`,
};

const badge: Record<RequestStatusView["status"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
};

/** /request/{token}: the organiser's private page following one booking request. */
export function RequestStatusPage({ view }: { view: RequestStatusView }) {
  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
      <Card>
        <CardHeader className="grid gap-2">
          <Badge variant={view.status === "declined" ? "destructive" : "secondary"} className="w-fit">
            {badge[view.status]}
          </Badge>
          <CardTitle>
            <h1>{headline[view.status](view.musicianName)}</h1>
          </CardTitle>
          <p className="text-sm text-muted-foreground">Sent {formatDateTime(view.sentAt)}</p>
        </CardHeader>
        <CardContent className="grid gap-4">
          {view.status === "pending" && (
            <p>
              You will hear back by e-mail or phone. Keep this page's address to check on your request; anyone
              with it can see this page.
            </p>
          )}
          {view.status === "accepted" && view.bookingSlug && (
            <div className="grid gap-2">
              <p>Your booking is ready. Review it and confirm when you are happy.</p>
              <Link to={`/booking/${view.bookingSlug}`} className={buttonVariants({ className: "w-fit" })}>
                Open your booking
              </Link>
            </div>
          )}
          {view.status === "declined" && (
            <div className="grid gap-2">
              {view.declineReason ? (
                <p>
                  <span className="font-medium">Their reason:</span> {view.declineReason}
                </p>
              ) : (
                <p>They did not give a reason.</p>
              )}
              <Link to="/market" className={buttonVariants({ className: "w-fit" })}>
                Find another musician
              </Link>
            </div>
          )}
          <section aria-labelledby="sent-heading" className="grid gap-2">
            <h2 id="sent-heading" className="font-semibold">
              Your request
            </h2>
            <RequestSummaryList lines={view.summary} />
          </section>
          {view.musicianSlug && (
            <Link to={`/musicians/${view.musicianSlug}`} className="text-sm text-primary underline">
              {view.musicianName}'s profile
            </Link>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
