// Phone walk 3: while a dispute is open the Status row said a green "Confirmed" under "Disputed".
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { BookingSummary } from "./booking-summary";

const booking = {
  clientName: "Kunle Ajayi",
  serviceType: "Full Event Performance",
  serviceTypeOther: null,
  eventType: "Wedding",
  eventTypeOther: null,
  eventDate: "2026-11-27",
  eventStartTime: "16:00",
  eventEndTime: "20:00",
  location: "Ikoyi",
  priceKobo: 35_000_000,
  additionalDetails: null,
  status: "confirmed",
};

it("says Disputed in the Status row while a dispute is open, and the status otherwise", () => {
  const text = (html: string) => html.replace(/<[^>]+>|<!-- -->/g, " ").replace(/\s+/g, " ");
  const open = text(renderToString(<BookingSummary booking={booking as never} disputed />));
  expect(open).toContain("Status Disputed");
  expect(open).not.toContain("Confirmed");
  expect(text(renderToString(<BookingSummary booking={booking as never} />))).toContain("Status Confirmed");
});
