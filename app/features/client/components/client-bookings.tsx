import { CalendarIcon, ClockIcon, MapPinIcon, MessageSquareIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { formatCalendarDate } from "~/lib/lagos-date";
import { formatNaira } from "~/lib/money";
import { BOOKING_TABS, bookingsForTab, type ClientBooking, statusLabel } from "../sample-data";

const statusColours: Record<string, string> = {
  draft: "bg-gray-100 text-gray-800",
  pending: "bg-yellow-100 text-yellow-800",
  confirmed: "bg-green-100 text-green-800",
  completed: "bg-blue-100 text-blue-800",
  cancelled: "bg-red-100 text-red-800",
  declined: "bg-red-100 text-red-800",
};

function MakePaymentDialog({ booking, onClose }: { booking: ClientBooking; onClose: () => void }) {
  const amount = formatNaira(booking.amountKobo);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Make Payment</DialogTitle>
          <DialogDescription>Review the booking before you pay.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Musician</dt>
          <dd>{booking.musician.name}</dd>
          <dt className="text-muted-foreground">Event</dt>
          <dd>{booking.event}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatCalendarDate(booking.date)}</dd>
          <dt className="text-muted-foreground">Time</dt>
          <dd>
            {booking.time} ({booking.durationHours} hours)
          </dd>
          <dt className="text-muted-foreground">Location</dt>
          <dd>{booking.location}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold">{amount}</dd>
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          {/* Spec §4: payment is not wired to a provider yet; paying only closes the dialog. */}
          <Button onClick={onClose}>Pay {amount}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function BookingActions({ booking, onPay }: { booking: ClientBooking; onPay: () => void }) {
  switch (booking.status) {
    case "pending":
      return <Button size="sm">Accept</Button>;
    case "confirmed":
      return (
        <Button size="sm" onClick={onPay}>
          Make Payment
        </Button>
      );
    case "draft":
      return <Button size="sm">Finish &amp; Send</Button>;
    case "completed":
      return (
        <Button asChild size="sm" variant="outline">
          <Link to={`/musicians/${booking.musician.slug}`}>Leave Review</Link>
        </Button>
      );
    default:
      return null;
  }
}

function BookingCard({ booking, onPay }: { booking: ClientBooking; onPay: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{booking.event}</h3>
          <p className="text-sm text-muted-foreground">
            {booking.musician.name} · {booking.musician.role}
          </p>
        </div>
        <Badge className={cn("border-transparent", statusColours[booking.status] ?? "bg-muted")}>
          {statusLabel(booking.status)}
        </Badge>
      </div>
      <div className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
        <p className="flex items-center gap-2">
          <CalendarIcon aria-hidden className="size-4" />
          {formatCalendarDate(booking.date)}
        </p>
        <p className="flex items-center gap-2">
          <ClockIcon aria-hidden className="size-4" />
          {booking.time} · {booking.durationHours} hours
        </p>
        <p className="flex items-center gap-2 sm:col-span-2">
          <MapPinIcon aria-hidden className="size-4" />
          {booking.location}
        </p>
      </div>
      <p className="flex items-start gap-2 rounded-md bg-muted/50 p-2 text-sm">
        <MessageSquareIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {booking.lastMessage} <span className="text-muted-foreground">· {booking.lastMessageTime}</span>
        </span>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{formatNaira(booking.amountKobo)}</p>
        <BookingActions booking={booking} onPay={onPay} />
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
          <Link to="/musicians">Browse Musicians</Link>
        </Button>
      )}
    </div>
  );
}

/** Spec §2 "My Bookings" (client view): five tabs over the sample bookings. */
export function ClientBookings({
  bookings,
  initialTab = "all",
}: {
  bookings: ClientBooking[];
  initialTab?: string;
}) {
  const [paying, setPaying] = useState<ClientBooking | null>(null);
  return (
    <>
      <Tabs defaultValue={initialTab}>
        <TabsList aria-label="Booking status">
          {BOOKING_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
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
                    <BookingCard key={b.id} booking={b} onPay={() => setPaying(b)} />
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
      {paying && <MakePaymentDialog booking={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
