import { EmailLink, PhoneLinks } from "~/components/contact-links";
import { CONTACT_SHARED_ONCE_PAID } from "~/features/messaging/contact-shared";
import { formatNairaOrNotSpecified } from "~/lib/money";
import { formatEventDate, formatTime } from "../booking-dates";
import { BookingStatusBadge } from "./booking-status-badge";

export type BookingSummaryData = {
  clientName: string;
  email?: string | null;
  phoneNumber?: string | null;
  /** Held back until the booking is paid (issue 22 §4). */
  contactHidden?: boolean;
  serviceType: string;
  serviceTypeOther: string | null;
  eventType: string;
  eventTypeOther: string | null;
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  location: string | null;
  priceKobo: number | null;
  additionalDetails: string | null;
  status?: string;
};

const NOT_SPECIFIED = "Not specified";

export function withOther(value: string, other: string | null): string {
  return value === "Others" && other ? `${value} (${other})` : value;
}

/** The booking's details as a definition list; `musicianName` and contact rows only when given. */
export function BookingSummary({
  booking,
  musicianName,
  showContact = false,
  disputed = false,
}: {
  booking: BookingSummaryData;
  musicianName?: string;
  showContact?: boolean;
  /** A dispute is open: the Status row says so (phone walk 3: "Confirmed" under a "Disputed" header). */
  disputed?: boolean;
}) {
  const rows: [string, React.ReactNode][] = [];
  if (musicianName !== undefined) rows.push(["Musician", musicianName]);
  rows.push(["Client", booking.clientName]);
  if (showContact) {
    const who = booking.clientName;
    rows.push([
      "Email",
      booking.email ? (
        <EmailLink key="e" email={booking.email} name={who} />
      ) : booking.contactHidden ? (
        CONTACT_SHARED_ONCE_PAID
      ) : (
        "Not provided"
      ),
    ]);
    rows.push([
      "Phone",
      booking.phoneNumber ? (
        <PhoneLinks key="p" phone={booking.phoneNumber} name={who} />
      ) : booking.contactHidden ? (
        CONTACT_SHARED_ONCE_PAID
      ) : (
        "Not provided"
      ),
    ]);
  }
  rows.push(
    ["Service", withOther(booking.serviceType, booking.serviceTypeOther)],
    ["Event type", withOther(booking.eventType, booking.eventTypeOther)],
    ["Date", formatEventDate(booking.eventDate) ?? NOT_SPECIFIED],
    ["Start time", formatTime(booking.eventStartTime) ?? NOT_SPECIFIED],
    ["End time", formatTime(booking.eventEndTime) ?? NOT_SPECIFIED],
    ["Location", booking.location || NOT_SPECIFIED],
    ["Price", formatNairaOrNotSpecified(booking.priceKobo)],
  );
  if (booking.additionalDetails) rows.push(["Additional details", booking.additionalDetails]);
  if (booking.status !== undefined)
    rows.push([
      "Status",
      disputed ? (
        <span
          key="s"
          className="inline-flex rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-medium text-destructive"
        >
          Disputed
        </span>
      ) : (
        <BookingStatusBadge key="s" status={booking.status} />
      ),
    ]);
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
