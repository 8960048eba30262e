import type { BookingFormValues } from "~/features/bookings/booking.schema";
import { formatNaira } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { durationLabel, requestEventTypeLabels, requestEventTypes } from "./booking-request.schema";

type RequestLike = {
  clientName: string;
  // A pending request's contact details never reach the musician's page (issue 22 §4): the booking
  // made from it takes them on the server.
  email?: string | null;
  phoneNumber?: string | null;
  eventType: string;
  eventTypeOther: string | null;
  location: string | null;
  eventDate: string | null;
  eventStartTime?: string | null;
  eventDuration: string;
  budgetEstimateKobo: number | null;
  additionalDetails: string | null;
  /** The replies on the request, oldest first: a price agreed there comes before the budget. */
  replies?: { body: string }[];
};

// "₦550,000", "NGN 550,000", "N550000", "550,000", "550k": a naira amount someone typed in a reply.
const AMOUNT =
  /(?:₦|\bNGN\s?|\bN(?=\d))\s?(\d[\d,\s]*\d|\d)(?:\.\d{1,2})?|\b(\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?\b|\b(\d+(?:\.\d+)?)\s?k\b/gi;
/** Amounts under ₦1,000 are not a price for a live performance (a time, a count). */
const SMALLEST_PRICE_KOBO = 100_000;

/**
 * The price agreed in the replies, if one can be told: the last naira amount in the newest reply that
 * names one (phone walk 3: the form offered the ₦500,000 budget although ₦550,000 was agreed).
 */
export function agreedPriceKobo(replies: readonly { body: string }[] = []): number | null {
  for (const reply of [...replies].reverse()) {
    let last: number | null = null;
    for (const m of reply.body.matchAll(AMOUNT)) {
      const naira =
        m[3] !== undefined ? Number(m[3]) * 1000 : Number((m[1] ?? m[2] ?? "").replace(/[,\s]/g, ""));
      const kobo = Math.round(naira * 100);
      if (Number.isFinite(kobo) && kobo >= SMALLEST_PRICE_KOBO) last = kobo;
    }
    if (last !== null) return last;
  }
  return null;
}

/**
 * The start plus a whole number of hours ("19:00" + "4" → "23:00"); past midnight it is the next day's
 * time ("22:00" + "4" → "02:00"), which the booking form reads as an overnight event (ADR 0024).
 */
function endAfter(start: string, duration: string): string {
  const hours = Number(duration);
  const [h, m] = start.split(":").map(Number);
  if (!Number.isInteger(hours) || h === undefined || m === undefined) return "";
  const end = (h * 60 + m + hours * 60) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
}

/** A visitor's request mapped onto the musician's booking form, for Accept. */
export function requestToBookingPrefill(r: RequestLike): Partial<BookingFormValues> {
  const known = (requestEventTypes as readonly string[]).includes(r.eventType) && r.eventType !== "other";
  const eventType = known
    ? requestEventTypeLabels[r.eventType as keyof typeof requestEventTypeLabels]
    : "Others";
  const start = r.eventStartTime ? r.eventStartTime.slice(0, 5) : "";
  const priceKobo = agreedPriceKobo(r.replies) ?? r.budgetEstimateKobo;
  const details = [`Event duration: ${durationLabel(r.eventDuration)}`, r.additionalDetails]
    .filter(Boolean)
    .join("\n");
  return {
    clientName: r.clientName,
    email: r.email ?? "",
    phoneNumber: r.phoneNumber ?? "",
    eventType,
    eventTypeOther: known ? "" : (r.eventTypeOther ?? ""),
    location: r.location ?? "",
    eventDate: r.eventDate ?? "",
    // The organiser's start time, and the end it makes with the duration asked for (phone walk 2).
    ...(start ? { eventStartTime: start, eventEndTime: endAfter(start, r.eventDuration) } : {}),
    price: priceKobo === null ? "" : formatNairaAmount(priceKobo),
    additionalDetails: details,
  };
}

/**
 * Said above the form on Accept: where the price came from, and why e-mail and phone are blank (they
 * stay hidden until payment; Stagebook sends the organiser the booking itself).
 */
export function acceptNote(r: RequestLike): string {
  const agreed = agreedPriceKobo(r.replies);
  const price =
    agreed !== null
      ? `The price is the ${formatNaira(agreed)} from your replies${r.budgetEstimateKobo !== null && r.budgetEstimateKobo !== agreed ? ` (their budget was ${formatNaira(r.budgetEstimateKobo)})` : ""}. `
      : r.budgetEstimateKobo !== null
        ? `The price is their budget, ${formatNaira(r.budgetEstimateKobo)}: change it to the price you agreed. `
        : "";
  return `${price}Email and phone stay blank: ${r.clientName}'s details are shared once the booking is paid, and Stagebook sends them the booking itself.`;
}
