// The organiser's My Bookings (spec §2/§4): one list of their bookings and the requests they sent.
// Pure, so the page and its tests share it.
import { moneyWasReceived } from "~/features/money/money-rules";

export type ClientBookingKind = "booking" | "request";

export interface ClientBooking {
  /** Unique across both kinds (a booking and a request may share a uuid only in theory). */
  key: string;
  kind: ClientBookingKind;
  id: string;
  /** The booking link's slug (bookings only). */
  slug: string | null;
  musician: { name: string; slug: string | null };
  event: string;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  amountKobo: number | null;
  /**
   * Made with the account's e-mail address but not yet the account's (the address is not verified):
   * shown, never its link, actions or messages (issue 35 §1).
   */
  readOnly?: boolean;
  /** A booking's service fee and total (price + fee), from the payments fee rules; null without a price. */
  charges?: { feeLabel: string; serviceFeeKobo: number; totalKobo: number } | null;
  /** draft | pending | confirmed | completed | cancelled for bookings; draft | pending | accepted | declined for requests. */
  status: string;
  /** unpaid | paid | released | refunded | partially_refunded for bookings; null for requests. */
  paymentStatus: string | null;
  /** The page the card opens: /booking/{slug}, or the request's private /request/{token}. */
  href: string | null;
  /** A request's amount is the organiser's budget, not a price. */
  amountIsBudget: boolean;
  /** An open dispute holds the booking. */
  disputed: boolean;
  /** "You cancelled this booking on 25 Nov. Refund: …" (cancelled bookings). */
  cancellation: string | null;
  /** A dispute's outcome with the money, once our team resolved it. */
  resolution: string | null;
}

export const BOOKING_TABS = [
  { value: "all", label: "All", empty: "No bookings yet" },
  { value: "draft", label: "Draft", empty: "No draft bookings" },
  { value: "pending", label: "Pending", empty: "No pending bookings" },
  { value: "confirmed", label: "Confirmed", empty: "No confirmed bookings" },
  { value: "completed", label: "Completed", empty: "No completed bookings" },
] as const;

export type BookingTab = (typeof BOOKING_TABS)[number]["value"];

export function isBookingTab(value: string | null): value is BookingTab {
  return BOOKING_TABS.some((t) => t.value === value);
}

export function bookingsForTab(bookings: ClientBooking[], tab: string): ClientBooking[] {
  return tab === "all" ? bookings : bookings.filter((b) => b.status === tab);
}

/** Spec §4: known statuses display by name, anything else as Unknown. A sent request says so. */
export function statusLabel(b: Pick<ClientBooking, "kind" | "status">): string {
  if (b.kind === "request") {
    if (b.status === "pending") return "Request pending";
    if (b.status === "accepted") return "Request accepted";
    if (b.status === "declined") return "Request declined";
  }
  const known = ["draft", "pending", "confirmed", "completed", "cancelled", "declined"];
  return known.includes(b.status) ? b.status[0].toUpperCase() + b.status.slice(1) : "Unknown";
}

/** A booking the organiser has paid for (or that was paid and settled): no "Make Payment". */
export function isPaidBooking(b: Pick<ClientBooking, "kind" | "paymentStatus">): boolean {
  return b.kind === "booking" && moneyWasReceived(b.paymentStatus);
}
