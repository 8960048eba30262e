// Issue 30 §3: every SMS is GSM-7 (basic table) and one 160-character segment, whatever the names,
// the event's own name and the amounts; it keeps its link whole and says NGN, never ₦.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Shown } from "~/features/messaging/contact-boundary";
import { isGsm7Basic, SMS_MAX, toGsm7 } from "./gsm7";
import {
  PHONE_EVENTS,
  PHONE_TEMPLATES,
  type PhoneSide,
  smsNaira,
  smsText,
  whatsappMessage,
} from "./phone-texts";
import { earliestSend } from "./quiet-hours";

// The tests' names stand for text already through the contact boundary (ADR 0028), as the app passes it.
const shown = (text: string) => text as Shown;

const every = PHONE_EVENTS.flatMap((event) =>
  (Object.keys(PHONE_TEMPLATES[event]) as PhoneSide[]).map((side) => ({ event, side })),
);

const name = fc.oneof(
  fc.string({ minLength: 1, maxLength: 120 }),
  fc.constantFrom(
    "Adébáyọ̀ Olúwaṣeun Ọláòṣebìkan-Ìbírónkẹ́ Fáwẹ́hìnmí the Third of Ilé-Ifẹ̀",
    "“Chiamaka” — Okafor…  ₦ {VIP} [band] ~ 😀",
    "DJ ÀṢẸ",
    "x".repeat(100),
  ),
);
const kobo = fc.integer({ min: 0, max: 100_000_000_000 });
const date = fc.option(
  fc
    .date({ min: new Date("2026-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const vars = fc.record({
  link: fc.constantFrom(
    "https://stagebook.ng/booking/k3n9x2qa",
    "https://stagebook.ng/musician_dashboard",
    "https://stagebook.ng/musician_wallet/tunde-adeyemi-saxophonist-lagos",
    `http://localhost:3114/request/${"a".repeat(64)}`,
  ),
  client: name.map(shown),
  musician: name.map(shown),
  who: name,
  event: name.map(shown),
  date,
  due: fc.constantFrom("16 Dec 2026", "date to be set"),
  account: fc.oneof(name, fc.constant("GTBank ••6789")),
  // A line-up invite's role and city, as typed (issue 39): as long and as un-GSM as any name.
  role: name.map(shown),
  city: name.map(shown),
  amountKobo: kobo,
  refundKobo: kobo,
  keepKobo: kobo,
  keptKobo: kobo,
});

describe("SMS texts", () => {
  it("never cut a musician's name as long as 'Tunde & The Eko Groove' (phone walk 3, CONFUSING 7)", () => {
    const band = "Tunde & The Eko Groove";
    const v = {
      // What an SMS carries: the short link (/s/{code}), never the page's own ~100-character one.
      link: "https://stagebook.ng/s/AbCdEfGh",
      client: shown("Ngozi Okafor"),
      musician: shown(band),
      who: "the organiser",
      event: shown("Wedding"),
      date: "2026-12-19",
      due: "21 Dec 2026",
      account: "Guaranty Trust Bank **6789",
      amountKobo: 57_750_000,
      refundKobo: 28_875_000,
      keepKobo: 24_750_000,
      keptKobo: 4_125_000,
    };
    for (const { event, side } of every) {
      if (!PHONE_TEMPLATES[event][side]?.sms.includes("{musician}")) continue;
      const text = smsText(event, side, v);
      expect(text, `${event} to the ${side}`).toContain(band);
      expect(text.length).toBeLessThanOrEqual(SMS_MAX);
    }
  });

  it("are GSM-7, one segment, with the link whole, for every event and side", () => {
    fc.assert(
      fc.property(fc.constantFrom(...every), vars, ({ event, side }, v) => {
        const text = smsText(event, side, v);
        expect(text.length).toBeLessThanOrEqual(SMS_MAX);
        expect(isGsm7Basic(text)).toBe(true);
        expect(text).not.toContain("₦");
        expect(text).toContain(v.link);
      }),
      { numRuns: 1000 },
    );
  });

  it("never speak of a refund or an amount for a cancelled booking that was not paid", () => {
    const v = {
      link: "https://stagebook.ng/booking/k3n9x2qa",
      client: shown("Chiamaka Okafor"),
      musician: shown("Tunde Sax"),
      event: shown("Wedding"),
      date: "2026-12-14",
      refundKobo: 0,
      keepKobo: 0,
    };
    expect(smsText("cancelled_unpaid", "client", { ...v, who: "the musician" })).toBe(
      "Cancelled by the musician: Wedding, 14 Dec 2026 with Tunde Sax. It was not paid, so you owe nothing. https://stagebook.ng/booking/k3n9x2qa",
    );
    expect(smsText("cancelled_unpaid", "musician", { ...v, who: "the organiser" })).toBe(
      "Cancelled by the organiser: Wedding, 14 Dec 2026 with Chiamaka Okafor. It was not paid, so no money moves. https://stagebook.ng/booking/k3n9x2qa",
    );
    for (const side of ["client", "musician"] as const) {
      const sms = smsText("cancelled_unpaid", side, { ...v, who: "you" });
      const wa = whatsappMessage("cancelled_unpaid", side, { ...v, who: "you" }).text;
      for (const text of [sms, wa]) expect(text).not.toMatch(/refund|NGN|₦|keep|gets back/i);
    }
  });

  it("say the whole amount in NGN and keep ordinary names as written", () => {
    const text = smsText("paid", "client", {
      link: "https://stagebook.ng/booking/k3n9x2qa",
      musician: shown("Tunde Sax"),
      event: shown("Wedding"),
      date: "2026-12-14",
      amountKobo: 9_450_000,
    });
    expect(text).toBe(
      "Receipt: you paid NGN 94,500 for Tunde Sax, Wedding, 14 Dec 2026. We hold it until after the event. https://stagebook.ng/booking/k3n9x2qa",
    );
    expect(smsNaira(9_000_050)).toBe("NGN 90,000.50");
  });

  it("shorten names, never the amounts or the link, when a message would not fit", () => {
    const text = smsText("dispute_resolved", "client", {
      link: "https://stagebook.ng/booking/k3n9x2qa",
      musician: shown("The Extraordinary Lagos Highlife and Afrobeat Orchestra of Victoria Island"),
      event: shown("Fiftieth Golden Jubilee Wedding Anniversary Thanksgiving Reception"),
      date: "2026-12-14",
      refundKobo: 123_456_789_00,
      keepKobo: 98_765_432_10,
    });
    expect(text.length).toBeLessThanOrEqual(SMS_MAX);
    expect(text).toContain("NGN 123,456,789 back to you");
    expect(text).toContain("NGN 98,765,432.10 to");
    expect(text).toContain("https://stagebook.ng/booking/k3n9x2qa");
  });

  it("shorten a bank's name but keep the account's last four digits", () => {
    const text = smsText("payout_failed", "musician", {
      link: "https://stagebook.ng/musician_wallet/tunde-adeyemi-saxophonist-lagos",
      amountKobo: 10_000_000,
      account: "Guaranty Trust Bank **6789",
    });
    expect(text.length).toBeLessThanOrEqual(SMS_MAX);
    expect(text).toMatch(/^Payout of NGN 100,000 to Gu[a-z ]*\. \*\*6789 failed;/);
  });

  it("turn typed names into plain letters", () => {
    expect(toGsm7("Adébáyọ̀ “Ṣẹ̀gun” — ₦5")).toBe('Adebayo "Segun" - NGN 5');
  });
});

describe("WhatsApp templates", () => {
  it("fill every variable of every template, in ₦, with no newline", () => {
    fc.assert(
      fc.property(fc.constantFrom(...every), vars, ({ event, side }, v) => {
        const m = whatsappMessage(event, side, v);
        const placeholders = PHONE_TEMPLATES[event][side]?.whatsapp.body.match(/\{\{\d+\}\}/g) ?? [];
        expect(m.variables).toHaveLength(placeholders.length);
        for (const value of m.variables) {
          expect(value.length).toBeGreaterThan(0);
          expect(value).not.toMatch(/[\n\t]| {5}/);
        }
        expect(m.text).not.toMatch(/\{\{\d+\}\}/);
      }),
      { numRuns: 300 },
    );
    expect(
      whatsappMessage("paid", "client", {
        link: "https://stagebook.ng/booking/k3n9x2qa",
        musician: shown("Tunde Sax"),
        event: shown("Wedding"),
        date: "2026-12-14",
        amountKobo: 9_450_000,
      }).variables,
    ).toEqual(["₦94,500", "Tunde Sax", "Wedding", "14 Dec 2026", "https://stagebook.ng/booking/k3n9x2qa"]);
  });
});

describe("quiet hours (21:00–07:00 Lagos)", () => {
  const lagos = (iso: string) => new Date(`${iso}+01:00`);
  it("hold a booking event sent at night until 07:00", () => {
    expect(earliestSend("booking_confirmed", lagos("2026-12-14T22:30:00"))).toEqual(
      lagos("2026-12-15T07:00:00"),
    );
    expect(earliestSend("request_received", lagos("2026-12-15T03:10:00"))).toEqual(
      lagos("2026-12-15T07:00:00"),
    );
    expect(earliestSend("review_waiting", lagos("2026-12-14T21:00:00"))).toEqual(
      lagos("2026-12-15T07:00:00"),
    );
  });
  it("send by day at once", () => {
    for (const at of ["2026-12-14T07:00:00", "2026-12-14T13:00:00", "2026-12-14T20:59:59"]) {
      expect(earliestSend("booking_confirmed", lagos(at))).toEqual(lagos(at));
    }
  });
  it("never hold payment and payout events", () => {
    for (const event of ["paid", "released", "refunded", "payout_sent", "payout_failed"] as const) {
      expect(earliestSend(event, lagos("2026-12-14T23:45:00"))).toEqual(lagos("2026-12-14T23:45:00"));
    }
  });
});
