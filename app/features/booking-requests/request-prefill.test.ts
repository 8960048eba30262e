// Phone walk 3: Accept offered the organiser's ₦500,000 budget although ₦550,000 was agreed in the
// replies, and left e-mail and phone blank without a word.
import { describe, expect, it } from "vitest";
import { formatNaira } from "~/lib/money";
import { acceptNote, agreedPriceKobo, requestToBookingPrefill } from "./request-prefill";

const request = {
  clientName: "Ngozi Okafor",
  eventType: "wedding",
  eventTypeOther: null,
  location: "Oriental Hotel, Lekki",
  eventDate: "2026-12-19",
  eventDuration: "4",
  budgetEstimateKobo: 50_000_000,
  additionalDetails: null,
};

describe("the price agreed in the replies", () => {
  it("is the last amount in the newest reply that names one, in the ways people write naira", () => {
    expect(
      agreedPriceKobo([{ body: "Our price is ₦600,000" }, { body: "Can you do 550,000? From 6pm" }]),
    ).toBe(55_000_000);
    expect(agreedPriceKobo([{ body: "NGN 550,000 works for us" }])).toBe(55_000_000);
    expect(agreedPriceKobo([{ body: "N550000 then" }])).toBe(55_000_000);
    expect(agreedPriceKobo([{ body: "550k is fine, see you at 4" }])).toBe(55_000_000);
    expect(agreedPriceKobo([{ body: "Fine, ₦600,000" }, { body: "See you at 7, we are 7 players" }])).toBe(
      60_000_000,
    );
  });

  it("is none when the replies name no amount (times and counts are not prices)", () => {
    expect(agreedPriceKobo([{ body: "We start at 6pm, 7 of us, 4 hours" }])).toBeNull();
    expect(agreedPriceKobo([])).toBeNull();
  });

  it("comes before the budget in the form, and the note says where it came from and why contacts are blank", () => {
    const replies = [{ body: "₦550,000 agreed. See you on the 19th" }];
    expect(requestToBookingPrefill({ ...request, replies }).price).toBe("₦550,000");
    expect(requestToBookingPrefill(request).price).toBe("₦500,000");
    expect(acceptNote({ ...request, replies })).toBe(
      `The price is the ${formatNaira(55_000_000)} from your replies (their budget was ${formatNaira(50_000_000)}). Email and phone stay blank: Ngozi Okafor's details are shared once the booking is paid, and Stagebook sends them the booking itself.`,
    );
    expect(acceptNote(request)).toContain("The price is their budget");
  });
});
