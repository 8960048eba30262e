import { describe, expect, it } from "vitest";
import { bandHint, bandSentence, shortNaira } from "./price-band";
import { publicRecordText, replyLabel } from "./public-record";

describe("the public record's words", () => {
  it("rounds the median reply up to the hour, then the day", () => {
    expect(replyLabel(20 * 60)).toBe("Usually replies within an hour");
    expect(replyLabel(7200)).toBe("Usually replies within 2 hours");
    expect(replyLabel(7201)).toBe("Usually replies within 3 hours");
    expect(replyLabel(23 * 3600)).toBe("Usually replies within 23 hours");
    expect(replyLabel(24 * 3600)).toBe("Usually replies within a day");
    expect(replyLabel(50 * 3600)).toBe("Usually replies within 3 days");
  });
  it("reads as the issue writes it", () => {
    expect(publicRecordText({ medianReplySeconds: 5400, gigsPerformed: 14, cancelledByMusician12m: 0 })).toBe(
      "Usually replies within 2 hours · 14 gigs performed through Stagebook · 0 cancelled by the musician in the last 12 months",
    );
  });
});

describe("a price band's words", () => {
  const band = { eventType: "Wedding", state: "Lagos", lowKobo: 25_000_000, highKobo: 60_000_000 };
  it("on /market and on the price fields", () => {
    expect(bandSentence(band)).toBe("Wedding musicians in Lagos are usually booked for ₦250,000–₦600,000");
    expect(bandHint(band)).toBe("Most Lagos wedding bookings: ₦250k–₦600k");
    expect(bandHint({ ...band, state: null })).toBe("Most wedding bookings: ₦250k–₦600k");
  });
  it("shortens naira", () => {
    expect(shortNaira(150_000_000)).toBe("₦1.5m");
    expect(shortNaira(27_500_000)).toBe("₦275k");
    expect(shortNaira(50_000)).toBe("₦500");
  });
});
