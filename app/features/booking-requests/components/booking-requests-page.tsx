import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import type { RequestsActionResult } from "~/features/booking-requests/action-results";
import { formatEventDate } from "~/features/bookings/booking-dates";
import { CreateBookingDialog } from "~/features/bookings/components/create-booking-button";
import { formatNairaOrNotSpecified } from "~/lib/money";
import { useActionToast } from "~/lib/use-action-toast";
import { durationLabel, requestEventTypeLabels } from "../booking-request.schema";
import type { PendingRequest } from "../booking-requests.server";
import { requestToBookingPrefill } from "../request-prefill";

type Row = Omit<PendingRequest, "createdAt"> & { createdAt: Date | string };

const received = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

function eventTypeText(r: Row): string {
  const label = requestEventTypeLabels[r.eventType as keyof typeof requestEventTypeLabels] ?? r.eventType;
  return r.eventType === "other" && r.eventTypeOther ? `${label} (${r.eventTypeOther})` : label;
}

/** Spec §2 Booking Requests: pending requests, newest first, with Accept and Decline. */
export function BookingRequestsPage({ requests }: { requests: Row[] }) {
  const fetcher = useFetcher<RequestsActionResult>({ key: "booking-requests" });
  useActionToast(fetcher.data);
  // Kept here, not in the row: the row leaves the list once accepted but the success screen stays.
  const [accepting, setAccepting] = useState<Row | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("requestId") ?? "") : null;

  return (
    <section className="grid gap-4" aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-xl font-semibold">
        Booking Requests
      </h2>
      {requests.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">
            No pending booking requests
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {requests.map((r) => (
            <li key={r.id}>
              <Card>
                <CardContent className="grid gap-3 p-4 sm:p-6">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold">{r.clientName}</h3>
                    <span className="text-xs text-muted-foreground">
                      Received {received.format(new Date(r.createdAt))}
                    </span>
                  </div>
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
                    {(
                      [
                        ["Event type", eventTypeText(r)],
                        ["Date", formatEventDate(r.eventDate) ?? "Not specified"],
                        ["Duration", durationLabel(r.eventDuration)],
                        ["Location", r.location || "Not specified"],
                        ["Budget", formatNairaOrNotSpecified(r.budgetEstimateKobo)],
                        ["Email", r.email || "Not provided"],
                        ["Phone", r.phoneNumber || "Not provided"],
                        ["Details", r.additionalDetails || "Not specified"],
                      ] as const
                    ).map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt className="font-medium text-muted-foreground">{k}</dt>
                        <dd className="whitespace-pre-line break-words">{v}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      aria-label={`Accept request from ${r.clientName}`}
                      disabled={busyId === r.id}
                      onClick={() => {
                        setAccepting(r);
                        setDialogOpen(true);
                      }}
                    >
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Decline request from ${r.clientName}`}
                      disabled={busyId === r.id}
                      onClick={() =>
                        fetcher.submit({ intent: "decline", requestId: r.id }, { method: "post" })
                      }
                    >
                      Decline
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {accepting && (
        <CreateBookingDialog
          key={accepting.id}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          requestId={accepting.id}
          prefill={requestToBookingPrefill(accepting)}
        />
      )}
    </section>
  );
}
