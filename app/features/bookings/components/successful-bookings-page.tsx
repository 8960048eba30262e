import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CONTACT_SHARED_ONCE_PAID } from "~/features/messaging/contact-shared";
import { formatDateTime } from "~/lib/date-format";
import type { SuccessfulBooking } from "../bookings.server";
import { BookingSummary } from "./booking-summary";

type Row = Omit<SuccessfulBooking, "createdAt" | "disputes"> & {
  disputes: (Omit<SuccessfulBooking["disputes"][number], "createdAt"> & { createdAt: Date | string })[];
};

/** Spec §2: completed bookings with their disputes, each shown with its derived status (§4). */
export function SuccessfulBookingsPage({ bookings }: { bookings: Row[] }) {
  return (
    <section className="grid gap-4" aria-labelledby="successful-heading">
      <h2 id="successful-heading" className="text-xl font-semibold">
        Successful Bookings
      </h2>
      {bookings.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">No completed bookings</CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {bookings.map((b) => (
            <li key={b.id}>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h3 className="text-lg">{b.clientName}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <BookingSummary booking={b} />
                  <div className="grid gap-2">
                    <h4 className="font-medium">Disputes</h4>
                    {b.disputes.length === 0 ? (
                      <p className="text-sm text-muted-foreground">No dispute found for this booking</p>
                    ) : (
                      <ul className="grid gap-2">
                        {b.disputes.map((d) => (
                          <li key={d.id} className="grid gap-1 rounded-md border p-3 text-sm">
                            <div className="flex flex-wrap items-center justify-between gap-2">
                              <span className="font-medium">
                                {d.clientName} · {d.phoneNumber || CONTACT_SHARED_ONCE_PAID}
                              </span>
                              <Badge variant={d.status === "resolved" ? "default" : "secondary"}>
                                {d.status === "resolved" ? "Resolved" : "Pending"}
                              </Badge>
                            </div>
                            <p className="whitespace-pre-line">{d.disputeReason}</p>
                            <p className="text-xs text-muted-foreground">{formatDateTime(d.createdAt)}</p>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
