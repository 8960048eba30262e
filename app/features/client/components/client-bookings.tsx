import { CalendarIcon, ClockIcon, MapPinIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { StartConversationForm } from "~/features/messaging/components/start-conversation-form";
import { PaymentStatusBadge } from "~/features/payments/components/payment-status-badge";
import { cn } from "~/lib/cn";
import { formatDate, formatTimeRange } from "~/lib/date-format";
import { formatNaira } from "~/lib/money";
import {
  BOOKING_TABS,
  bookingsForTab,
  type ClientBooking,
  isPaidBooking,
  statusLabel,
} from "../client-bookings";

const statusColours: Record<string, string> = {
  draft: "bg-gray-100 text-gray-800",
  pending: "bg-yellow-100 text-yellow-800",
  accepted: "bg-green-100 text-green-800",
  confirmed: "bg-green-100 text-green-800",
  completed: "bg-blue-100 text-blue-800",
  cancelled: "bg-red-100 text-red-800",
  declined: "bg-red-100 text-red-800",
};

function BookingActions({ booking }: { booking: ClientBooking }) {
  const musicianSlug = booking.musician.slug;
  if (booking.kind === "request") {
    if (booking.status !== "draft" || !musicianSlug) return null;
    return (
      <Button asChild size="sm">
        <Link to={`/musicians/${musicianSlug}/request?draft=${booking.id}`}>Finish &amp; Send</Link>
      </Button>
    );
  }
  switch (booking.status) {
    case "pending":
      // Asks first, with the price and where the full terms are (phone walk: one tap confirmed at once).
      return (
        <ConfirmDisclosure
          variant="default"
          trigger="Accept"
          question="Confirm this booking?"
          panelClassName="rounded-md border bg-background p-3"
          description={
            <>
              {booking.musician.name}
              {booking.amountKobo !== null &&
                (booking.charges ? (
                  // The fee and total in naira before confirming (phone walk 2).
                  <>
                    {" "}
                    · {formatNaira(booking.amountKobo)} + {booking.charges.feeLabel.toLowerCase()}{" "}
                    {formatNaira(booking.charges.serviceFeeKobo)} = {formatNaira(booking.charges.totalKobo)}{" "}
                    to pay
                  </>
                ) : (
                  <> · {formatNaira(booking.amountKobo)} plus the service fee when you pay</>
                ))}
              .{" "}
              {booking.slug && (
                <Link to={`/booking/${booking.slug}`} className="underline">
                  See the full terms and cancellation policy
                </Link>
              )}
            </>
          }
        >
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <Button type="submit" size="sm" className="w-full">
              Yes, confirm booking
            </Button>
          </Form>
        </ConfirmDisclosure>
      );
    case "confirmed":
      // The booking page holds the payment panel; a paid booking shows its badge instead.
      return isPaidBooking(booking) ? null : (
        <Button asChild size="sm">
          <Link to={`/booking/${booking.slug}`}>Make Payment</Link>
        </Button>
      );
    case "completed":
      // The review form is on the booking's page.
      return (
        <Button asChild size="sm" variant="outline">
          <Link to={`/booking/${booking.slug}`}>Leave Review</Link>
        </Button>
      );
    default:
      return null;
  }
}

function BookingCard({ booking }: { booking: ClientBooking }) {
  const time = formatTimeRange(booking.startTime, booking.endTime);
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {booking.href ? (
              <Link to={booking.href} className="underline-offset-4 hover:underline">
                {booking.event}
              </Link>
            ) : (
              booking.event
            )}
          </h3>
          <p className="text-sm text-muted-foreground">
            {booking.musician.slug ? (
              <Link to={`/musicians/${booking.musician.slug}`} className="underline">
                {booking.musician.name}
              </Link>
            ) : (
              booking.musician.name
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge className={cn("border-transparent", statusColours[booking.status] ?? "bg-muted")}>
            {statusLabel(booking)}
          </Badge>
          {booking.disputed && <Badge className="border-transparent bg-red-100 text-red-800">Disputed</Badge>}
          <PaymentStatusBadge paymentStatus={booking.paymentStatus} />
        </div>
      </div>
      <div className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
        <p className="flex items-center gap-2">
          <CalendarIcon aria-hidden className="size-4" />
          {formatDate(booking.date) ?? "Date not set"}
        </p>
        {time && (
          <p className="flex items-center gap-2">
            <ClockIcon aria-hidden className="size-4" />
            {time}
          </p>
        )}
        {booking.location && (
          <p className="flex items-center gap-2 sm:col-span-2">
            <MapPinIcon aria-hidden className="size-4" />
            {booking.location}
          </p>
        )}
      </div>
      {booking.cancellation && <p className="text-sm">{booking.cancellation}</p>}
      {booking.readOnly && (
        <p className="text-sm">
          Made with your e-mail address. Open the link you were sent to manage it here.
        </p>
      )}
      {booking.disputed && (
        <p className="text-sm">
          You told us something is wrong, so the payment stays in escrow until our team decides.
        </p>
      )}
      {booking.resolution && <p className="text-sm">Dispute resolved: {booking.resolution}.</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {booking.amountKobo === null
            ? ""
            : `${booking.amountIsBudget ? "Budget" : "Price"} ${formatNaira(booking.amountKobo)}`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {booking.status !== "draft" && !booking.readOnly && (
            <StartConversationForm
              action="/messages"
              fields={booking.kind === "booking" ? { bookingId: booking.id } : { requestId: booking.id }}
            />
          )}
          {booking.href && (
            <Button asChild size="sm" variant="outline">
              <Link to={booking.href}>{booking.kind === "request" ? "View request" : "View booking"}</Link>
            </Button>
          )}
          {!booking.readOnly && <BookingActions booking={booking} />}
        </div>
      </div>
    </li>
  );
}

function EmptyState({ tab, text }: { tab: string; text: string }) {
  return (
    <div className="rounded-lg border border-dashed p-8 text-center">
      <p className="font-medium">{text}</p>
      {tab === "all" && (
        <Button asChild variant="link">
          <Link to="/market">Browse Musicians</Link>
        </Button>
      )}
    </div>
  );
}

/** Spec §2 "My Bookings" (client view): five tabs over the organiser's bookings and requests. */
export function ClientBookings({
  bookings,
  initialTab = "all",
}: {
  bookings: ClientBooking[];
  initialTab?: string;
}) {
  return (
    <Tabs defaultValue={initialTab}>
      {/* All five tabs in view on a 390 px phone: tighter on a phone, and they wrap rather than run off
          the right edge behind a faint fade (phone walk). */}
      <TabsList aria-label="Booking status" className="h-auto flex-wrap">
        {BOOKING_TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="px-2.5 sm:px-3">
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {BOOKING_TABS.map((t) => {
        const list = bookingsForTab(bookings, t.value);
        return (
          <TabsContent key={t.value} value={t.value}>
            {list.length === 0 ? (
              <EmptyState tab={t.value} text={t.empty} />
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {list.map((b) => (
                  <BookingCard key={b.key} booking={b} />
                ))}
              </ul>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
