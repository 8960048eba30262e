// What the other sides read of a line-up, with no rules of change: the client's names and roles (the
// booking page, the contract, the receipt) and a member's gigs (Upcoming events, the calendar feed).
// Kept apart from lineups.server.ts, which sends mail, so documents and calendars import no mailer.
import { ourWords, type Shown, textShownTo } from "~/features/messaging/contact-boundary";
import { musicianDisplayName } from "~/lib/display-name";
import * as q from "./queries.server";

/** The event's name: an option is ours; "Others" is what the leader typed, read as the public reads it. */
export function eventLabel(b: Pick<q.LineUpBooking, "eventType" | "eventTypeOther">): Shown {
  return b.eventType === "Others" && b.eventTypeOther
    ? textShownTo(b.eventTypeOther, "public")
    : ourWords(b.eventType);
}

/** The client's view (booking page, contract, receipt): who plays what, stage names and roles only. */
export async function clientLineUps(
  bookings: { id: string; paymentStatus: string }[],
): Promise<Map<string, { name: Shown; role: Shown }[]>> {
  const rows = await q.acceptedPlacesOf(bookings.map((b) => b.id));
  const status = new Map(bookings.map((b) => [b.id, b.paymentStatus]));
  const out = new Map<string, { name: Shown; role: Shown }[]>();
  for (const r of rows) {
    const list = out.get(r.bookingId) ?? [];
    list.push({
      name: musicianDisplayName(r.member),
      role: textShownTo(r.role, { paymentStatus: status.get(r.bookingId) }),
    });
    out.set(r.bookingId, list);
  }
  return out;
}

export async function clientLineUp(booking: { id: string; paymentStatus: string }) {
  return (await clientLineUps([booking])).get(booking.id) ?? [];
}

/** The member's accepted gigs from a date on (Upcoming events, the calendar feed). */
export async function memberGigs(memberId: string, fromDate: string | null) {
  const rows = await q.acceptedGigsOf(memberId, fromDate);
  return rows.map((r) => ({
    placeId: r.placeId,
    bookingId: r.booking.id,
    leader: musicianDisplayName(r.leader),
    role: textShownTo(r.role, "public"),
    event: eventLabel(r.booking),
    eventDate: r.booking.eventDate,
    eventStartTime: r.booking.eventStartTime,
    eventEndTime: r.booking.eventEndTime,
    venue: textShownTo(r.booking.location, "public"),
  }));
}
