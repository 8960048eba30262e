// Issue 36 §1 (ADR 0028): text a person typed reaches a text message or a calendar file only through
// the contact boundary. Each `@ts-expect-error` below is checked by `npm run typecheck`: if a builder
// ever accepted a raw row string again, the directive would be unused and the typecheck would fail.
// The runtime expectations show the accepted (Shown) value is the masked one.
import { describe, expect, expectTypeOf, it } from "vitest";
import { bookingCalendarFile } from "~/features/calendar/feed.server";
import { type PhoneVars, smsText, whatsappMessage } from "~/features/phone-messages/phone-texts";
import { ourWords, type Shown, sentence, shownTo, type TextFields, textShownTo } from "./contact-boundary";

// A row as a query returns it: every field raw text typed by a person.
const row = {
  slug: "k3n9x2qa",
  musicianName: "Tunde 0803 123 4567",
  clientName: "Ada, tayoreal at gmail dot com",
  eventType: "Others",
  eventTypeOther: "Party wa.me/2348031234567",
  eventDate: "2026-12-14",
  eventStartTime: null as string | null,
  eventEndTime: null as string | null,
  location: "Ikeja, call 08031234567",
  status: "confirmed",
};
const FIELDS: TextFields<typeof row> = {
  slug: "ours",
  musicianName: "typed",
  clientName: "typed",
  eventType: "ours",
  eventTypeOther: "typed",
  eventDate: "ours",
  eventStartTime: "ours",
  eventEndTime: "ours",
  location: "typed",
  status: "ours",
};
const unpaid = { paymentStatus: "pending" };
const link = "https://stagebook.ng/booking/k3n9x2qa";
const NUMBER = /0803|2348031234567|gmail/;

describe("the contact boundary as a type", () => {
  it("brands every text field of a row that went through shownTo, keeping option values", () => {
    const shown = shownTo(row, FIELDS, unpaid);
    expectTypeOf(shown.clientName).toEqualTypeOf<string & Shown>();
    expectTypeOf(shown.eventStartTime).toEqualTypeOf<(string & Shown) | null>();
    expectTypeOf(textShownTo(row.clientName, "public")).toEqualTypeOf<string & Shown>();
    expectTypeOf(ourWords(row.eventType)).toEqualTypeOf<string & Shown>();
    expect(shown.clientName).not.toMatch(NUMBER);
  });

  it("refuses a raw row string in a text message's typed slots and accepts a Shown one", () => {
    const raw: PhoneVars = {
      link,
      // @ts-expect-error a client's name straight from a row is not text through the boundary
      client: row.clientName,
      // @ts-expect-error nor is the musician's name
      musician: row.musicianName,
      // @ts-expect-error nor is the event's "Others"
      event: row.eventTypeOther,
      date: row.eventDate,
    };
    expect(raw.link).toBe(link);
    // @ts-expect-error smsText's variables are PhoneVars: the same refusal at the call
    smsText("request_received", "musician", { link, client: row.clientName });
    // @ts-expect-error whatsappMessage likewise
    whatsappMessage("request_received", "musician", { link, event: row.eventTypeOther });

    const b = shownTo(row, FIELDS, "public");
    const vars: PhoneVars = { link, client: b.clientName, event: b.eventTypeOther, date: b.eventDate };
    const sms = smsText("request_received", "musician", vars);
    expect(sms).toContain(link);
    expect(sms).not.toMatch(NUMBER);
    expect(whatsappMessage("request_received", "musician", vars).text).not.toMatch(NUMBER);
  });

  it("refuses a raw row in the booking's calendar file and accepts the row through shownTo", () => {
    // @ts-expect-error the calendar file takes the booking as the boundary showed it, not the row
    bookingCalendarFile(row);
    const ics = bookingCalendarFile(shownTo(row, FIELDS, unpaid)) ?? "";
    expect(ics).toContain("SUMMARY:");
    expect(ics.replace(/\r\n /g, "")).not.toMatch(NUMBER);
  });

  it("builds sentences of our words around Shown values only", () => {
    const name = textShownTo(row.clientName, "public");
    expect(sentence`Booking for ${name} (${3} hours).\n${ourWords(link)}`).toBe(
      `Booking for ${name} (3 hours).\n${link}`,
    );
    // @ts-expect-error a raw string cannot be put into a sentence
    sentence`Booking for ${row.clientName}`;
  });
});
