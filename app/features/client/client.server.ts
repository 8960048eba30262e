import type { SessionUser } from "~/features/auth/session.server";
import { requestEventTypeLabels } from "~/features/booking-requests/booking-request.schema";
import { musicianDisplayName } from "~/features/bookings/bookings.server";
import type { Outcome } from "~/features/bookings/outcome";
import { recordConfirmation } from "~/features/calendar/confirmations.server";
import { BOOKED_JUST_NOW, isDoubleBooking } from "~/features/calendar/overlap.server";
import { settleComplaintsBeforePayment } from "~/features/disputes/disputes.server";
import {
  ourWords,
  sentence,
  shownTo,
  type TextFields,
  textShownTo,
} from "~/features/messaging/contact-boundary";
import { notifyMusician, notifyOrganiser } from "~/features/messaging/messaging.server";
import { chargesOf, peekBookingsMoney } from "~/features/money/booking-money.server";
import type { Charges } from "~/features/money/money-rules";
import { bookingMoneyNews } from "~/features/notifications/money-notifications.server";
import { serviceFeeLabel } from "~/features/payments/fee-words";
import { mailboxOf } from "~/features/payments/payer.server";
import { phoneBookingEvent } from "~/features/phone-messages/phone-messages.server";
import { db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import type { ClientBooking } from "./client-bookings";
import {
  claimForAccount,
  confirmClientBooking,
  findClientBookingStatus,
  isEmailVerified,
  listBookingsByMailbox,
  listBookingsOfClient,
  listRequestsByMailbox,
  listRequestsOfClient,
} from "./queries.server";

type MusicianCols = {
  musicianStageName: string | null;
  musicianFirstName: string | null;
  musicianLastName: string | null;
  musicianSlug: string | null;
  musicianWebsiteActive: boolean;
};

function musicianOf(row: MusicianCols) {
  return {
    name: musicianDisplayName({
      stageName: row.musicianStageName,
      firstName: row.musicianFirstName,
      lastName: row.musicianLastName,
    }),
    // Only a live website can be linked to.
    slug: row.musicianWebsiteActive ? row.musicianSlug : null,
  };
}

function eventLabel(type: string, other: string | null): string {
  if ((type === "Others" || type === "other") && other) return other;
  return requestEventTypeLabels[type as keyof typeof requestEventTypeLabels] ?? type;
}

/** What Accept asks the organiser to pay: the money module's charges (the payment's once paid). */
function chargesFor(charges: Charges | null) {
  return (
    charges && {
      feeLabel: serviceFeeLabel(charges.serviceFeeBp),
      serviceFeeKobo: charges.serviceFeeKobo,
      totalKobo: charges.totalKobo,
    }
  );
}

/** My Bookings: the organiser's bookings and the requests they sent or saved, newest first. */
export async function listMyBookings(
  user: Pick<SessionUser, "id"> & { email?: string },
): Promise<ClientBooking[]> {
  const found = user.email ? await madeWithAddress({ id: user.id, email: user.email }) : NOTHING_FOUND;
  const [ownBookings, ownRequests] = await Promise.all([
    listBookingsOfClient(user.id),
    listRequestsOfClient(user.id),
  ]);
  const readOnly = new Set([...found.bookings.map((b) => b.id), ...found.requests.map((r) => r.id)]);
  // What the musician typed on a booking reaches the organiser masked until it is paid (issue 36).
  const bookings = [...ownBookings, ...found.bookings].map((b) => shownTo(b, CLIENT_BOOKING_FIELDS, b));
  const requests = [...ownRequests, ...found.requests.map((r) => ({ ...r, statusToken: null }))];
  const money = await peekBookingsMoney(bookings.map((b) => b.id));
  const news = await bookingMoneyNews(
    bookings.map((b) => ({
      ...b,
      musicianName: musicianOf(b).name,
      event: eventLabel(b.eventType, b.eventTypeOther),
    })),
    "client",
  );
  const items = [
    ...bookings.map((b) => ({
      createdAt: b.createdAt,
      item: {
        key: `booking-${b.id}`,
        kind: "booking" as const,
        id: b.id,
        // A booking shown by the address it was made with: never its link (the link is the key).
        slug: readOnly.has(b.id) ? null : b.slug,
        musician: musicianOf(b),
        event: eventLabel(b.eventType, b.eventTypeOther),
        date: b.eventDate,
        startTime: b.eventStartTime,
        endTime: b.eventEndTime,
        location: b.location,
        amountKobo: b.priceKobo,
        charges: chargesFor(chargesOf(money.get(b.id) ?? null, b.priceKobo)),
        status: b.status,
        paymentStatus: b.paymentStatus,
        href: readOnly.has(b.id) ? null : `/booking/${b.slug}`,
        readOnly: readOnly.has(b.id),
        amountIsBudget: false,
        disputed: Boolean(money.get(b.id)?.openDisputeId),
        cancellation: news.get(b.id)?.cancellation ?? null,
        resolution: news.get(b.id)?.resolution ?? null,
      },
    })),
    ...requests.map((r) => ({
      createdAt: r.createdAt,
      item: {
        key: `request-${r.id}`,
        kind: "request" as const,
        id: r.id,
        slug: null,
        musician: musicianOf(r),
        event: eventLabel(r.eventType, r.eventTypeOther),
        date: r.eventDate,
        startTime: null,
        endTime: null,
        location: r.location,
        amountKobo: r.budgetEstimateKobo,
        status: r.status,
        paymentStatus: null,
        href: r.status === "draft" || !r.statusToken ? null : `/request/${r.statusToken}`,
        readOnly: readOnly.has(r.id),
        amountIsBudget: true,
        disputed: false,
        cancellation: null,
        resolution: null,
      },
    })),
  ];
  return items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((x) => x.item);
}

/**
 * Requests and bookings made with the account's e-mail address that belong to no account yet (issue 35
 * §1), seen in My Bookings at once. Stagebook does not verify an address at sign-up, so an unverified
 * one only sees them (read-only: no link, no actions, no messages); a verified one claims them into the
 * account. Never one the musician made with their own address, nor the account's own as a musician.
 */
const NOTHING_FOUND = { bookings: [], requests: [] };

async function madeWithAddress(user: Pick<SessionUser, "id" | "email">) {
  const mailbox = mailboxOf(user.email);
  const [bookings, requests] = await Promise.all([
    listBookingsByMailbox(mailbox),
    listRequestsByMailbox(mailbox),
  ]);
  const notMusiciansOwn = (row: { musicianUserId: string; musicianEmail: string }) =>
    row.musicianUserId !== user.id && mailboxOf(row.musicianEmail) !== mailbox;
  const found = {
    bookings: bookings.filter(notMusiciansOwn).map(({ musicianUserId: _u, musicianEmail: _e, ...b }) => b),
    requests: requests.filter(notMusiciansOwn).map(({ musicianUserId: _u, musicianEmail: _e, ...r }) => r),
  };
  if (found.bookings.length + found.requests.length === 0) return found;
  if (!(await isEmailVerified(user.id))) return found;
  await claimForAccount(
    user.id,
    found.bookings.map((b) => b.id),
    found.requests.map((r) => r.id),
  );
  // Claimed: they are the account's own from now on, listed as such.
  return NOTHING_FOUND;
}

const CLIENT_BOOKING_FIELDS: TextFields<Awaited<ReturnType<typeof listBookingsOfClient>>[number]> = {
  id: "ours",
  slug: "ours",
  eventType: "ours",
  eventTypeOther: "typed",
  eventDate: "ours",
  eventStartTime: "ours",
  eventEndTime: "ours",
  location: "typed",
  status: "ours",
  paymentStatus: "ours",
  cancelledBy: "ours",
  clientName: "typed",
  musicianStageName: "typed",
  musicianFirstName: "typed",
  musicianLastName: "typed",
  musicianSlug: "ours",
};

export const BOOKING_ACCEPTED = "Booking confirmed successfully!";

/**
 * Accept (spec §4 "pending shows Accept"): confirms a booking the musician made for this organiser,
 * through the same double-booking rule as the public confirm (the exclusion constraint decides a race)
 * and with the same confirmation record.
 */
export async function acceptMyBooking(
  user: Pick<SessionUser, "id" | "name">,
  bookingId: string,
): Promise<Outcome<{ bookingId: string; musicianId: string; slug: string }>> {
  let row: Awaited<ReturnType<typeof confirmClientBooking>>;
  try {
    row = await confirmClientBooking(bookingId, user.id);
  } catch (err) {
    if (isDoubleBooking(err)) return { ok: false, status: 409, message: BOOKED_JUST_NOW };
    throw err;
  }
  if (row) {
    await settleComplaintsBeforePayment(db, row.id, "confirming");
    await recordConfirmation(row.id, `${user.name || "Organiser"} (organiser, from My Bookings)`);
    await phoneBookingEvent("booking_confirmed", row.id, ["musician"]);
    const page = ourWords(`${publicOrigin()}/booking/${row.slug}`);
    await notifyOrganiser(user.id, {
      subject: ourWords("Your booking is confirmed"),
      text: sentence`You accepted a booking on Stagebook. Pay for it from the booking page to secure the date:\n\n${page}`,
    });
    // The organiser's name as a musician reads it before payment (names in conversations read as public).
    const client = user.name ? textShownTo(user.name, "public") : ourWords("Your client");
    await notifyMusician(row.musicianId, {
      subject: sentence`${client} accepted your booking`,
      text: sentence`${client} accepted the booking you created on Stagebook. It is now confirmed:\n\n${page}`,
    });
    return { ok: true, bookingId: row.id, musicianId: row.musicianId, slug: row.slug };
  }
  const current = await findClientBookingStatus(bookingId, user.id);
  if (!current) return { ok: false, status: 404, message: "Booking not found" };
  return { ok: false, status: 409, message: "This booking is no longer waiting for you." };
}
