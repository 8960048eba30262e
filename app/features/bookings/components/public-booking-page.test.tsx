// Phone walk 3 (issue 40, POLISH 8 and 9): the booking page's heading, "reach the musician" line and
// calendar hint fit the booking's phase, and the Confirm question may take the whole bottom bar.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { deferredPartsReady } from "~/components/deferred";
import type { PublicBooking } from "../bookings.server";
import { bookingHeading, PublicBookingPage } from "./public-booking-page";

let current: React.ReactNode = null;
function Current() {
  return <>{current}</>;
}
const Stub = createRoutesStub([{ path: "/", Component: Current }]);
// The page's below-the-fold parts render in place on the server once their code is in, as in production.
beforeAll(() => deferredPartsReady());

function html(booking: PublicBooking): string {
  current = <PublicBookingPage booking={booking} status={200} message={null} />;
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}
/** The page's text, tags and React's markers dropped. */
const text = (booking: PublicBooking) =>
  html(booking)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

const pending: PublicBooking = {
  slug: "abcd2345",
  musicianName: "Tunde Sax",
  clientName: "Ada Eze",
  serviceType: "Background Music",
  serviceTypeOther: null,
  eventType: "Gala",
  eventTypeOther: null,
  eventDate: "2026-12-12",
  eventStartTime: "16:00",
  eventEndTime: "20:00",
  location: "Ikoyi",
  priceKobo: 8_000_000,
  additionalDetails: null,
  status: "pending",
  paymentStatus: "unpaid",
  moneyHeld: false,
  disputed: false,
  musicianWebsite: null,
  musicianPhone: null,
  eventOver: false,
  money: null,
  quote: { priceKobo: 8_000_000, serviceFeeKobo: 400_000, serviceFeeBp: 500, totalKobo: 8_400_000 },
  speaksToClient: true,
};
const confirmed: PublicBooking = { ...pending, status: "confirmed", quote: null };
const paid: PublicBooking = {
  ...confirmed,
  paymentStatus: "paid",
  moneyHeld: true,
  musicianPhone: "08030000000",
};
const completed: PublicBooking = { ...paid, status: "completed", moneyHeld: false, eventOver: true };

describe("booking page heading for the phase", () => {
  it("keeps the spec's words while the booking waits for the client", () => {
    expect(bookingHeading(pending)).toBe("Tunde Sax has sent you a booking");
    expect(html(pending)).toContain("<h1");
    expect(text(pending)).toContain("Tunde Sax has sent you a booking");
  });

  it("says paid once paid, and complete once completed with the money released", () => {
    expect(bookingHeading(paid)).toBe("Your booking with Tunde Sax is paid");
    expect(text(paid)).toContain("Your booking with Tunde Sax is paid");
    expect(text(paid)).not.toContain("has sent you a booking");
    expect(bookingHeading(completed)).toBe("Your booking with Tunde Sax is complete");
    expect(text(completed)).not.toContain("has sent you a booking");
  });

  it("never says complete while the money is still held in escrow", () => {
    expect(bookingHeading({ ...paid, status: "completed" })).toBe("Your booking with Tunde Sax is paid");
  });

  it("says confirmed before paying, cancelled once cancelled, and speaks to no one else as the client", () => {
    expect(bookingHeading(confirmed)).toBe("Your booking with Tunde Sax is confirmed");
    expect(bookingHeading({ ...paid, status: "cancelled", musicianPhone: null })).toBe(
      "Your booking with Tunde Sax was cancelled",
    );
    expect(bookingHeading({ ...paid, speaksToClient: false, musicianPhone: null })).toBe(
      "This booking with Tunde Sax is paid",
    );
  });
});

describe("what happens next, for the phase", () => {
  it("points to where the link came from until the number is shown", () => {
    expect(text(confirmed)).toContain("To reach Tunde Sax, reply where they sent you this link.");
  });

  it("points to the number shown once contacts are shared, not back to where the link came from", () => {
    const page = text(paid);
    expect(page).toContain("To reach Tunde Sax, call or text them on the number shown.");
    expect(page).not.toContain("reply where they sent you this link");
  });

  it("offers the calendar hint for an event to come, and not for one that is over", () => {
    const hint = "Add the event to your calendar so you don't miss it.";
    expect(text(paid)).toContain(hint);
    expect(text(completed)).not.toContain(hint);
    expect(text({ ...paid, eventOver: true })).not.toContain(hint);
  });
});

describe("the Confirm question in the bottom bar", () => {
  it("is a keyboard-reachable disclosure whose opening hides the buttons beside it on a phone", () => {
    const page = html(pending);
    // A <details>/<summary>: Enter or Space opens it, with or without the page's JavaScript.
    expect(page).toMatch(/<details class="[^"]*\bpeer\b[^"]*"><summary[^>]*>Confirm Booking<\/summary>/);
    // Its sibling, Dispute Booking's wrapper, steps aside while it is open, below md only.
    expect(page).toContain("max-md:peer-open:hidden");
  });
});
