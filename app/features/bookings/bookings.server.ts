import type { Clash } from "~/features/calendar/calendar.schema";
import { recordConfirmation } from "~/features/calendar/confirmations.server";
import { BOOKED_JUST_NOW, clashesFor, isDoubleBooking } from "~/features/calendar/overlap.server";
import {
  type DisputeView,
  disputesForOwnBookings,
  settleComplaintsBeforePayment,
} from "~/features/disputes/disputes.server";
import { type ShownRow, shownTo, type TextFields } from "~/features/messaging/contact-boundary";
import { maskedUnlessPaid } from "~/features/messaging/contact-mask";
import { contactsShared } from "~/features/messaging/contact-shared";
import { peekBookingMoney, peekBookingsMoney, priceQuote } from "~/features/money/booking-money.server";
import { eventEnded, eventEndsAt, formatLagosMoment } from "~/features/money/event-time";
import {
  type ClientBookingNews,
  clientBookingNews,
} from "~/features/notifications/money-notifications.server";
import { PAYER_MESSAGES } from "~/features/payments/payment-messages";
import type { BookingMoneyRow } from "~/features/payments/queries.server";
import { phoneBookingEvent } from "~/features/phone-messages/phone-messages.server";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { openReviewWindow, organiserReviewPublished } from "~/features/reviews/reviews.server";
import { musicianDisplayName } from "~/lib/display-name";
import { db } from "~/server/db.server";
import { type BookingInput, PAST_TIME_QUESTION } from "./booking.schema";
import { todayInLagos } from "./booking-dates";
import { BOOKING_SLUG_PATTERN, newBookingSlug, withUniqueSlug } from "./booking-slug.server";
import type { BookingSummaryData } from "./components/booking-summary";
import { timeAlreadyOver } from "./past-event";
import {
  type BookingRow,
  completeBooking,
  confirmBySlug,
  deleteDeletableBooking,
  findOwnBookingStatus,
  findPublicBookingBySlug,
  findRemovedBookingLink,
  findStatusBySlug,
  insertBooking,
  listBookingsByMusician,
  listCompletedBookingsByMusician,
  musicianUserIdBySlug,
  RequestNotPendingError,
  updatePendingBooking,
} from "./queries.server";
import { guardSlugAction, PAGE_LIMIT, recordMiss, slugLookupAllowed } from "./slug-guard.server";

export type { BookingRow };

import { moneyWasReceived } from "~/features/money/money-rules";
import { BOOKING_NOT_FOUND, type Outcome, TOO_MANY_REQUESTS } from "./outcome";

export type { Outcome };

type Musician = Pick<OwnProfile, "id" | "stageName" | "firstName" | "lastName">;

export { musicianDisplayName };

/** Saving would overlap these calendar entries; the musician may save anyway (issue 13). */
export type OverlapWarning = { ok: false; status: 409; message: string; clashes: Clash[] };

export const OVERLAP_WARNING = "This time overlaps something already in your calendar.";

async function overlapWarning(
  musicianId: string,
  input: BookingInput,
  exceptBookingId: string | null,
): Promise<OverlapWarning | null> {
  const clashes = await clashesFor(musicianId, input, exceptBookingId);
  return clashes.length > 0 ? { ok: false, status: 409, message: OVERLAP_WARNING, clashes } : null;
}

/** The booking's time is over and the musician has not said it is for a past event (N2). */
export type PastTimeQuestion = { ok: false; status: 400; message: string; pastTime: true };

function pastTimeQuestion(input: BookingInput, allowPast: boolean, now: Date): PastTimeQuestion | null {
  return !allowPast && timeAlreadyOver(input, now)
    ? { ok: false, status: 400, message: PAST_TIME_QUESTION, pastTime: true }
    : null;
}

export async function createBooking(
  musician: Musician,
  input: BookingInput,
  requestId: string | null = null,
  {
    generateSlug = newBookingSlug,
    allowOverlap = false,
    allowPast = false,
    now = new Date(),
  }: { generateSlug?: () => string; allowOverlap?: boolean; allowPast?: boolean; now?: Date } = {},
): Promise<Outcome<{ slug: string; musicianName: string }> | OverlapWarning | PastTimeQuestion> {
  const past = pastTimeQuestion(input, allowPast, now);
  if (past) return past;
  if (!allowOverlap) {
    const warning = await overlapWarning(musician.id, input, null);
    if (warning) return warning;
  }
  try {
    const row = await withUniqueSlug(
      (slug) => insertBooking(musician.id, slug, input, requestId),
      generateSlug,
    );
    // A booking the musician made for an organiser (one from a request: the request's answer tells them).
    if (!requestId) {
      // What the organiser will be asked to pay (price and service fee), and whether the date has gone.
      const total = input.priceKobo ? priceQuote(input.priceKobo).totalKobo : 0;
      await phoneBookingEvent(
        timeAlreadyOver(input, now) ? "past_booking_created" : "booking_created",
        row.id,
        ["client"],
        { amountKobo: total, eventKey: `booking_created:${row.id}` },
      );
    }
    return { ok: true, slug: row.slug, musicianName: musicianDisplayName(musician) };
  } catch (err) {
    if (err instanceof RequestNotPendingError) {
      return { ok: false, status: 409, message: "This booking request has already been handled." };
    }
    throw err;
  }
}

/**
 * A booking as its musician sees it before payment (issue 22 §4): the contact details of an organiser
 * who sent a request stay on the server, and what the organiser typed (a dispute reason) is masked.
 */
function forMusician(row: BookingRow): BookingRow {
  if (contactsShared(row.paymentStatus)) return row;
  const hide = row.fromRequest && Boolean(row.email || row.phoneNumber);
  return {
    ...row,
    ...(hide ? { email: null, phoneNumber: null, contactHidden: true } : {}),
    disputeReason: maskedUnlessPaid(row.disputeReason, row.paymentStatus),
    // A request's note is kept whole in the booking made from it, and read whole once paid.
    additionalDetails: row.fromRequest
      ? maskedUnlessPaid(row.additionalDetails, row.paymentStatus)
      : row.additionalDetails,
  };
}

export async function listOwnBookings(musician: Pick<Musician, "id">): Promise<BookingRow[]> {
  const rows = await listBookingsByMusician(musician.id);
  const [money, reviewed] = await Promise.all([
    peekBookingsMoney(rows.filter((b) => moneyWasReceived(b.paymentStatus)).map((b) => b.id)),
    organiserReviewPublished(rows.filter((b) => b.status === "completed").map((b) => b.id)),
  ]);
  return rows.map((b) => {
    // The musician's Cancel refunds whatever escrow holds (refunds.server startRefundOnMusicianCancel).
    const m = money.get(b.id);
    return {
      ...forMusician(b),
      cancelRefundKobo: m?.held ? m.escrowKobo : 0,
      organiserReviewPublished: reviewed.has(b.id),
    };
  });
}

export type SuccessfulBooking = BookingRow & { disputes: DisputeView[] };

/** Spec §2 Successful Bookings: the musician's completed bookings, each with its disputes. */
export async function listOwnSuccessfulBookings(
  musician: Pick<Musician, "id">,
): Promise<SuccessfulBooking[]> {
  const bookings = await listCompletedBookingsByMusician(musician.id);
  const disputes = await disputesForOwnBookings(bookings);
  return bookings.map((b) => {
    const paid = contactsShared(b.paymentStatus);
    return {
      ...forMusician(b),
      disputes: (disputes.get(b.id) ?? []).map((d) =>
        paid ? d : { ...d, disputeReason: maskedUnlessPaid(d.disputeReason, null), phoneNumber: "" },
      ),
    };
  });
}

/** Why a guarded change matched no row: not this musician's booking (404) or the wrong status (409). */
export async function refusal(id: string, musicianId: string, why: (status: string) => string) {
  const current = await findOwnBookingStatus(id, musicianId);
  if (!current) return { ok: false as const, status: 404, message: BOOKING_NOT_FOUND };
  return { ok: false as const, status: 409, message: why(current.status) };
}

export async function updateOwnBooking(
  musician: Pick<Musician, "id">,
  id: string,
  input: BookingInput,
  {
    allowOverlap = false,
    allowPast = false,
    now = new Date(),
  }: { allowOverlap?: boolean; allowPast?: boolean; now?: Date } = {},
): Promise<Outcome<{ message: string }> | OverlapWarning | PastTimeQuestion> {
  const past = pastTimeQuestion(input, allowPast, now);
  if (past) return past;
  if (!allowOverlap) {
    const warning = await overlapWarning(musician.id, input, id);
    if (warning) return warning;
  }
  let row: Awaited<ReturnType<typeof updatePendingBooking>>;
  try {
    row = await updatePendingBooking(id, musician.id, input);
  } catch (err) {
    // A member of the booking's line-up (issue 39) is busy at the new time: the database refused it.
    if (isDoubleBooking(err)) return { ok: false, status: 409, message: LINE_UP_BUSY_AT_NEW_TIME };
    throw err;
  }
  if (row) return { ok: true, message: `Booking for ${row.clientName} has been updated` };
  return refusal(id, musician.id, () => "Only pending bookings can be edited.");
}

export const LINE_UP_BUSY_AT_NEW_TIME =
  "A musician in this booking's line-up is already booked at the new time. Keep the time, or agree a change with them first.";

export async function deleteOwnBooking(
  musician: Pick<Musician, "id">,
  id: string,
): Promise<Outcome<{ message: string }>> {
  // A payment that starts between the check and the delete trips the foreign key: the same answer.
  const row = await deleteDeletableBooking(id, musician.id).catch((err: { code?: string }) => {
    if (err.code === "23503") return null;
    throw err;
  });
  if (row) return { ok: true, message: `Booking for ${row.clientName} has been deleted` };
  const current = await findOwnBookingStatus(id, musician.id);
  if (current && current.status !== "confirmed" && current.status !== "completed")
    return { ok: false, status: 409, message: BOOKING_WITH_MONEY_STAYS };
  return refusal(id, musician.id, () => "Confirmed or completed bookings cannot be deleted.");
}

/** A deleted booking's link (phone walk 3: it said only "Booking not found"). */
export function bookingRemovedMessage(musicianName: string): string {
  return `${musicianName} cancelled this booking and removed it, so this link no longer works. It was never paid, so you owe nothing.`;
}

export const BOOKING_WITH_MONEY_STAYS =
  "A booking with a payment on record cannot be deleted: it stays in your list, and the client's, as a record of the money.";

export const MARK_COMPLETED_WAITS = "A booking can be marked completed only once its event has ended.";

/** When "Mark completed" opens for a booking: the same clock as the client's release (issue 22 §2). */
export function markCompletedOpens(b: Parameters<typeof eventEndsAt>[0]): string {
  const end = eventEndsAt(b);
  return end ? `${MARK_COMPLETED_WAITS} That is from ${formatLagosMoment(end)}.` : MARK_COMPLETED_WAITS;
}

export async function completeOwnBooking(
  musician: Pick<Musician, "id">,
  id: string,
  now: Date = new Date(),
): Promise<Outcome<{ message: string }>> {
  // Only after the event's end, as the client's "The event happened" (a confirmed booking's times no longer change).
  const current = await findOwnBookingStatus(id, musician.id);
  if (current?.status === "confirmed" && !eventEnded(current, now))
    return { ok: false, status: 409, message: markCompletedOpens(current) };
  const row = await completeBooking(id, musician.id, todayInLagos(now));
  if (row) {
    await openReviewWindow(id);
    return { ok: true, message: `Booking for ${row.clientName} has been marked completed` };
  }
  return refusal(id, musician.id, (status) =>
    status === "confirmed" ? MARK_COMPLETED_WAITS : "Only confirmed bookings can be marked completed.",
  );
}

/** What a client sees at /booking/{slug}: the summary's fields (never e-mail or phone), who and where. */
export type PublicBooking = Omit<BookingSummaryData, "email" | "phoneNumber" | "status"> & {
  slug: string;
  musicianName: string;
  status: string;
  paymentStatus: string;
  /** The money module's `held`: while it holds the client may still open a dispute (it freezes the release). */
  moneyHeld: boolean;
  /** The client's dispute holds the money, or a complaint is open before any payment: both sides read "Disputed". */
  disputed: boolean;
  /** The musician's live website, where the client can reach them; null when not live. */
  musicianWebsite: string | null;
  /** The musician's phone, only once the booking is paid (issue 22 §4). */
  musicianPhone: string | null;
  /** The event's time has come or gone (Lagos): no "add it to your calendar" hint (phone walk 3). */
  eventOver: boolean;
  /** Money said plainly (issue 23 §4): what was paid, who cancelled and the refund, a dispute's outcome. */
  money: ClientBookingNews | null;
  /** Before confirming (issue 27): what the client will pay, the fee and the total, not just the price. */
  quote: { priceKobo: number; serviceFeeKobo: number; serviceFeeBp: number; totalKobo: number } | null;
  /**
   * The page may speak to its reader as the client ("You have confirmed…"): anyone while unpaid (the link
   * is enough), only the payer once paid (issue 27). Set by the route for who is reading.
   */
  speaksToClient: boolean;
  /** Cancelled by the musician: the page offers the way back to Find Musicians (phone walk 3). */
  cancelledByMusician?: boolean;
  /** The musician's reason for cancelling, masked when stored. */
  cancelReason?: string | null;
};

/** How each text of the booking page reaches its reader (issue 36): what the musician typed is masked. */
const PUBLIC_BOOKING_FIELDS: TextFields<PublicBooking> = {
  slug: "ours",
  musicianName: "typed",
  clientName: "typed",
  serviceType: "ours",
  serviceTypeOther: "typed",
  eventType: "ours",
  eventTypeOther: "typed",
  eventDate: "ours",
  eventStartTime: "ours",
  eventEndTime: "ours",
  location: "typed",
  additionalDetails: "typed",
  status: "ours",
  paymentStatus: "ours",
  musicianWebsite: "ours",
  musicianPhone: "contact",
  cancelReason: "typed",
};

/** Words for a paid booking's page read by someone who is neither its payer nor its musician. */
export const OUTSIDER_WORDS = {
  step: "This booking is paid. Its contact details and documents with them are for the client who paid and the musician only.",
  dispute: "The client has told us something is wrong, and our team is looking into it.",
  cancelled: "This booking was cancelled.",
} as const;

/**
 * A paid booking as someone holding its link sees it when they are neither its payer nor its musician
 * (issue 27): no phone, the note's contact details masked, and nothing said to them as the client.
 */
export function bookingForOutsider(booking: PublicBooking, party: { payer: boolean; musician: boolean }) {
  if (!moneyWasReceived(booking.paymentStatus) || party.payer) return booking;
  const outsider = !party.musician;
  return {
    // Someone else holding the link reads what the musician typed as the public does.
    ...(outsider ? shownTo(booking, PUBLIC_BOOKING_FIELDS, "public") : booking),
    speaksToClient: false,
    cancelReason: null,
    // The contact card speaks to the payer ("you can now call them"); the musician needs no card of their own.
    musicianPhone: null,
    money: booking.money && {
      ...booking.money,
      step: booking.money.step && OUTSIDER_WORDS.step,
      disputeLine: booking.money.disputeLine && OUTSIDER_WORDS.dispute,
      cancellation: booking.money.cancellation && OUTSIDER_WORDS.cancelled,
    },
  };
}

/** The server-side facts behind the page (never sent to the browser): the money and cancel panels use them. */
export type PublicBookingRecord = BookingMoneyRow;

/** The client's view of a booking, by its slug, with no account. Contact details stay private. */
export async function getPublicBooking(
  slug: string,
  clientIp: string,
): Promise<Outcome<{ booking: ShownRow<PublicBooking>; record: PublicBookingRecord }>> {
  if (!(await slugLookupAllowed(clientIp, "booking-page", PAGE_LIMIT))) {
    return { ok: false, status: 429, message: TOO_MANY_REQUESTS };
  }
  const row = BOOKING_SLUG_PATTERN.test(slug) ? await findPublicBookingBySlug(slug) : null;
  if (!row) {
    const removed = BOOKING_SLUG_PATTERN.test(slug) ? await findRemovedBookingLink(slug) : null;
    if (removed)
      return { ok: false, status: 410, message: bookingRemovedMessage(musicianDisplayName(removed)) };
    await recordMiss(clientIp);
    return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  }
  const musicianName = musicianDisplayName({
    stageName: row.musicianStageName,
    firstName: row.musicianFirstName,
    lastName: row.musicianLastName,
  });
  // The booking's money, one read: what the page says of the payment, its holds and its dispute.
  const held = await peekBookingMoney(row.id);
  const money = await clientBookingNews({ ...row, musicianName }, held);
  const booking: PublicBooking = {
    slug: row.slug,
    musicianName,
    money,
    clientName: row.clientName,
    serviceType: row.serviceType,
    serviceTypeOther: row.serviceTypeOther,
    eventType: row.eventType,
    eventTypeOther: row.eventTypeOther,
    eventDate: row.eventDate,
    eventStartTime: row.eventStartTime,
    eventEndTime: row.eventEndTime,
    location: row.location,
    priceKobo: row.priceKobo,
    additionalDetails: row.additionalDetails,
    status: row.status,
    paymentStatus: row.paymentStatus,
    moneyHeld: held?.held ?? false,
    // "Disputed" while a dispute holds money, or while a complaint is open on a booking nobody has paid
    // (the spec's pending dispute: nothing to hold, and the page says no money is held). Never a complaint
    // that holds nothing on a paid booking (M3; Pay settles the ones filed before it).
    disputed:
      (held?.holds.clientDispute ?? false) || (held !== null && !held.payment && held.openDisputeId !== null),
    musicianWebsite: row.musicianWebsiteActive && row.musicianSlug ? `/musicians/${row.musicianSlug}` : null,
    // Said by the server's clock, so the page and its hydration agree.
    eventOver: timeAlreadyOver(row),
    // Not on a cancelled booking: there is no event to call about (phone walk 2).
    musicianPhone:
      contactsShared(row.paymentStatus) && row.status !== "cancelled" ? (row.musicianPhone ?? null) : null,
    quote: row.status === "pending" && row.priceKobo ? confirmQuote(row.priceKobo) : null,
    cancelledByMusician: row.status === "cancelled" && row.cancelledBy === "musician",
    cancelReason: row.status === "cancelled" ? (row.cancelReason ?? null) : null,
    speaksToClient: true,
  };
  // What the musician typed reaches the link's holder (page, PDFs, calendar file) masked until paid.
  return {
    ok: true,
    record: row,
    booking: shownTo(booking, PUBLIC_BOOKING_FIELDS, { paymentStatus: row.paymentStatus }),
  };
}

/** What Confirm shows: the money module's quote (price, fee at today's rate, total), as the pay panel will. */
function confirmQuote(priceKobo: number): PublicBooking["quote"] {
  const { serviceFeeKobo, serviceFeeBp, totalKobo } = priceQuote(priceKobo);
  return { priceKobo, serviceFeeKobo, serviceFeeBp, totalKobo };
}

/** `clientUserId`: a signed-in organiser confirming joins the booking to their account. */
export async function confirmPublicBooking(
  slug: string,
  clientIp: string,
  clientUserId: string | null = null,
  /** Whoever is signed in, organiser or not: the booking's musician may not confirm it (issue 35 §1). */
  signedInUserId: string | null = clientUserId,
): Promise<Outcome> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  // Refused as Pay is: the musician never acts as their own booking's client.
  if (signedInUserId && signedInUserId === (await musicianUserIdBySlug(slug)))
    return { ok: false, status: 403, message: PAYER_MESSAGES.musicianConfirms };
  let confirmed: Awaited<ReturnType<typeof confirmBySlug>>;
  try {
    confirmed = await confirmBySlug(slug, clientUserId);
  } catch (err) {
    // The exclusion constraint decided a race: another booking of this musician was confirmed first.
    if (isDoubleBooking(err)) return { ok: false, status: 409, message: BOOKED_JUST_NOW };
    throw err;
  }
  if (confirmed) {
    await settleComplaintsBeforePayment(db, confirmed.id, "confirming");
    await recordConfirmation(confirmed.id, `${confirmed.clientName} (client, through the booking link)`);
    await phoneBookingEvent("booking_confirmed", confirmed.id, ["musician"]);
    return { ok: true };
  }
  const current = await findStatusBySlug(slug);
  if (!current) {
    await recordMiss(clientIp);
    return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  }
  return {
    ok: false,
    status: 409,
    message: `This booking has been ${current.status === "completed" ? "completed" : "cancelled"} and can no longer be confirmed.`,
  };
}
