// Issue 36 §1 (ADR 0028 and its addendum): text a person typed reaches a text message, a calendar file,
// an e-mail or a PDF only through the contact boundary. Each `@ts-expect-error` below is checked by `npm run typecheck`: if a builder
// ever accepted a raw row string again, the directive would be unused and the typecheck would fail.
// The runtime expectations show the accepted (Shown) value is the masked one.
import { describe, expect, expectTypeOf, it } from "vitest";
import { bookingCalendarFile } from "~/features/calendar/feed.server";
import { type Block, renderPdf } from "~/features/documents/pdf.server";
import { type NoticeParties, noticeMails } from "~/features/notifications/money-notices";
import { type PhoneVars, smsText, whatsappMessage } from "~/features/phone-messages/phone-texts";
import type { Mail } from "~/server/mail/mailer.server";
import {
  lines,
  ourWords,
  type Shown,
  sentence,
  shownTo,
  type TextFields,
  textShownTo,
} from "./contact-boundary";

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

  it("builds sentences and lines from literals, numbers and Shown values, never from a string", () => {
    const name = textShownTo(row.clientName, "public");
    const flag = row.status === "confirmed";
    expect(sentence`${flag ? "Paid" : "Unpaid"} for ${name}`).toBe(`Paid for ${name}`);
    expect(lines("Hello,", "", sentence`${name} wrote.`)).toBe(`Hello,\n\n${name} wrote.`);
    // @ts-expect-error a template with a string hole is not a literal: it is typed text in disguise
    sentence`Booking for ${`Ms ${row.clientName}`}`;
    // @ts-expect-error nor is a choice between a literal and a raw field
    sentence`Booking for ${flag ? row.clientName : "you"}`;
    // @ts-expect-error lines take the same pieces
    lines("Hello,", row.clientName);
  });

  it("refuses a raw row string in an e-mail's subject and body, and accepts the Shown one", () => {
    const shown = shownTo(row, FIELDS, unpaid);
    const mail: Mail = {
      to: "ngozi@example.com",
      subject: sentence`Booking for ${shown.clientName}`,
      text: lines(
        sentence`Where: ${shown.location}`,
        sentence`What: ${shown.eventTypeOther ?? ourWords("")}`,
      ),
    };
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(NUMBER);
    const raw: Mail = {
      to: "ngozi@example.com",
      // @ts-expect-error a client's name straight from a row is not an e-mail subject
      subject: row.clientName,
      // @ts-expect-error nor is a body built around the venue as typed
      text: `Where: ${row.location}`,
    };
    // @ts-expect-error nor HTML with the "Others" in it
    const html: Mail["html"] = `<p>${row.eventTypeOther}</p>`;
    expect([raw.to, html]).toHaveLength(2);
  });

  it("refuses raw names, event and dispute reason in the money notices' e-mails", () => {
    const rawParties: NoticeParties = {
      clientName: row.clientName,
      musicianName: row.musicianName,
      event: row.eventTypeOther,
      eventDate: row.eventDate,
      disputeReason: "Call me on 0803 123 4567",
    };
    const links = { client: link, musician: link };
    // @ts-expect-error the notices' e-mails take the parties through the boundary, not as typed
    noticeMails("disputed", { holdsMoney: true, paidKobo: 100 }, rawParties, new Date(), links);
    const parties: NoticeParties<Shown> = {
      clientName: textShownTo(row.clientName, unpaid),
      musicianName: textShownTo(row.musicianName, unpaid),
      event: textShownTo(row.eventTypeOther, unpaid),
      eventDate: row.eventDate,
      disputeReason: textShownTo("Call me on 0803 123 4567", unpaid),
    };
    const mails = noticeMails("disputed", { holdsMoney: true, paidKobo: 100 }, parties, new Date(), links);
    expect(`${mails.musician.subject}\n${mails.musician.text}`).not.toMatch(NUMBER);
    expect(mails.musician.text).not.toContain("123 4567");
  });

  it("refuses a raw row string in a PDF block and prints the Shown one", async () => {
    const raw: Block[] = [
      // @ts-expect-error a document's heading cannot be typed text
      { kind: "heading", text: row.clientName },
      // @ts-expect-error nor a field's value (the venue as typed)
      { kind: "fields", rows: [[ourWords("Location"), row.location]] },
      // @ts-expect-error nor a line of a list
      { kind: "list", items: [row.eventTypeOther] },
    ];
    expect(raw).toHaveLength(3);
    const shown = shownTo(row, FIELDS, unpaid);
    const blocks: Block[] = [
      { kind: "title", text: ourWords("Performance Contract") },
      { kind: "fields", rows: [[ourWords("Client"), shown.clientName]] },
      { kind: "text", text: sentence`At ${shown.location}` },
    ];
    expect(JSON.stringify(blocks)).not.toMatch(NUMBER);
    // @ts-expect-error the document's metadata (its author) likewise
    await renderPdf({ title: ourWords("Contract"), author: row.musicianName }, blocks);
    const pdf = await renderPdf({ title: ourWords("Contract"), author: shown.musicianName }, blocks);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
