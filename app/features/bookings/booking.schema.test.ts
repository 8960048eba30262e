import { describe, expect, it } from "vitest";
import { bookingFormSchema, endsNextDay, endTimeOptions, timeOptions } from "./booking.schema";
import { formatEventDate, formatTime } from "./booking-dates";
import { bookingStatusLabel } from "./booking-status";
import { clientMessage, whatsAppUrl } from "./components/create-booking-button";

describe("booking form helpers", () => {
  it("labels the four statuses and shows anything else as Unknown", () => {
    expect(["pending", "confirmed", "completed", "cancelled", "draft", ""].map(bookingStatusLabel)).toEqual([
      "Pending",
      "Confirmed",
      "Completed",
      "Cancelled",
      "Unknown",
      "Unknown",
    ]);
  });

  it("offers end times after the start, then the next day's up to the start (overnight events, N11)", () => {
    const options = endTimeOptions("22:30");
    expect(options.slice(0, 3)).toEqual(["23:00", "23:30", "00:00"]);
    expect(options.at(-1)).toBe("22:00");
    expect(options).toHaveLength(47);
    expect(options).not.toContain("22:30");
    expect(endTimeOptions("")).toEqual(timeOptions);
    expect(timeOptions).toHaveLength(48);
    expect(endsNextDay("22:00", "02:00")).toBe(true);
    expect(endsNextDay("14:00", "18:00")).toBe(false);
    expect(endsNextDay(null, "02:00")).toBe(false);
  });

  it("accepts an overnight event (22:00 to 02:00: ends the next day); refuses an end equal to the start", () => {
    const base = {
      clientName: "Ada",
      serviceType: "Background Music",
      eventType: "Gala",
      eventDate: "2026-12-12",
    };
    expect(
      bookingFormSchema.parse({ ...base, eventStartTime: "22:00", eventEndTime: "02:00" }),
    ).toMatchObject({
      eventStartTime: "22:00",
      eventEndTime: "02:00",
    });
    const same = bookingFormSchema.safeParse({ ...base, eventStartTime: "22:00", eventEndTime: "22:00" });
    expect(same.success).toBe(false);
    expect(same.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["eventEndTime", "End time must be different from the start time"],
    ]);
  });

  it("saves empty optional values as null and the price in kobo", () => {
    const v = bookingFormSchema.parse({
      clientName: " Ada ",
      serviceType: "Background Music",
      eventType: "Gala",
      price: "₦1,500.50",
    });
    expect(v).toMatchObject({
      clientName: "Ada",
      email: null,
      phoneNumber: null,
      priceKobo: 150_050,
      location: null,
      eventDate: null,
    });
  });

  it("builds the client message and the WhatsApp link", () => {
    const msg = clientMessage("Ada", "https://stagebook.ng/booking/abcd2345", "Ayo Sax");
    expect(msg.startsWith("Hello Ada,")).toBe(true);
    expect(msg).toContain("https://stagebook.ng/booking/abcd2345");
    expect(msg.endsWith("Best regards,\nAyo Sax")).toBe(true);
    expect(whatsAppUrl(msg, "0803 123 4567")).toBe(
      `https://wa.me/2348031234567?text=${encodeURIComponent(msg)}`,
    );
    expect(whatsAppUrl("hi", "")).toBe("https://wa.me/?text=hi");
  });

  it("formats dates and times for people", () => {
    expect(formatEventDate("2026-03-14")).toBe("Sat, 14 Mar 2026");
    expect(formatEventDate("2026-02-30")).toBeNull();
    expect(formatTime("14:30:00")).toBe("2:30 PM");
    expect(formatTime("00:00")).toBe("12:00 AM");
  });
});

describe("a price Paystack cannot charge (issue 35 §3)", () => {
  const form = { clientName: "Ada Eze", serviceType: "Background Music", eventType: "Gala" };
  it("refuses ₦0.01 (Pay answered 502 for ever) with a sentence, and accepts ₦50", () => {
    const low = bookingFormSchema.safeParse({ ...form, price: "0.01" });
    expect(low.success).toBe(false);
    expect(low.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "price",
        "A booking price must be at least ₦50: Paystack, which takes the client's payment, cannot charge less.",
      ],
    ]);
    const ok = bookingFormSchema.safeParse({ ...form, price: "₦50" });
    expect(ok.success && ok.data.priceKobo).toBe(5_000);
  });
});
