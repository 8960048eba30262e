import { describe, expect, it } from "vitest";
import { CONTACT_HIDDEN, maskAcrossMessages, maskContactDetails, normaliseForMatching } from "./contact-mask";

// Real-world ways of passing contact details in Nigerian chats: every one must be hidden entirely.
const evasions = [
  "Call me on 08031234567",
  "My number is 0803 123 4567",
  "0803-123-4567 is my line",
  "0803.123.4567",
  "+2348031234567",
  "+234 803 123 4567",
  "234 803 123 4567",
  "+234-803-123-4567",
  "(0803) 123 4567",
  "0 8 0 3 1 2 3 4 5 6 7",
  "zero eight zero three one two three four five six seven",
  "oh eight oh three one two three four five six seven",
  "zero-eight-zero-three-1-2-3-4-5-6-7",
  "0803 one two three 4567",
  "07012345678",
  "09012345678",
  "09112345678",
  "08112345678",
  "+234 701 234 5678",
  "0805 double five three 1234",
  "my number: 0 8 1 2 - 3 4 5 - 6 7 8 9",
  "0803/123/4567",
  "0803_123_4567",
  "234.803.123.4567",
  "ngozi@gmail.com",
  "Email me: ngozi.okafor@yahoo.com",
  "ngozi at gmail dot com",
  "ngozi [at] gmail [dot] com",
  "ngozi(at)yahoo(dot)com",
  "ngozi @ gmail",
  "https://wa.me/2348031234567",
  "wa.me/2348031234567",
  "www.tundesax.com",
  "check tundesax.com.ng",
  "https://instagram.com/tundesax",
  "instagram.com/tundesax",
  "bit.ly/3xyz",
  "linktr.ee/tundesax",
  "WhatsApp me",
  "whatsapp me on the number on my flyer",
  "Hit me up on WhatsApp",
  "DM me on IG @tundesax",
  "my IG is tundesax",
  "Instagram handle: tunde_sax",
  "telegram: @tundesax",
  "Find me on Telegram @tundesax",
  "follow @tundesax",
  "Chat me on whatsapp 0803 123 4567",
  "my whatsapp number is 08031234567",
  "Text me on Telegram",
  // Letter O for zero, and digits mixed with words.
  "O8O3 123 4567",
  "07O12345678",
  "my line: o8o3-one23-four567",
  "0803one234567",
  "zero8zero3 one23 4567",
  // Issue 22 §4: the same, disguised so a plain pattern misses it.
  "０８０３１２３４５６７",
  "0803\u200b123\u200b4567",
  "08O3 I23 4567",
  "n a m e @ g m a i l . c o m",
  "call ０８０３ １２３ ４５６７ now",
  "0803\u200d123\u2060456\u00ad7",
  "0 8 O 3 1 2 3 4 5 6 7",
  "ngozi＠gmail．com",
  "w w w . t u n d e s a x . c o m",
];

// Ordinary event talk: prices, dates, times, counts. None may be touched.
const innocent = [
  "The fee is ₦150,000 for 3 hours",
  "₦1,500,000 for the full band",
  "Budget: 250000 naira",
  "The event is on 12/12/2026",
  "Saturday 2026-12-12 at 18:00",
  "call time is 6pm",
  "Call time is 6:30pm, sound check 5pm",
  "We need you from 4 to 8",
  "See you @6pm",
  "Meet @the venue gate",
  "Can you play for two to three hours?",
  "I will pay 50% upfront and 50% after",
  "The hall holds 500 guests",
  "Let's do 1 set of 45 minutes",
  "Our wedding is on the 21st of March",
  "Please arrive by 3:45 pm",
  "The address is 12 Admiralty Way, Lekki",
  "My signal is weak here, I'll reply later",
  "We are in Imo state, Owerri",
  "Is 2 hours enough for 200 guests?",
  "The price is 120k",
  "Room 101, Eko Hotel",
  "I'll text you the set list tomorrow",
  "Table 7 and 8 for the band",
  "Can you do one two songs in Yoruba?",
  "send 90,000 to 80,000 range",
  "Budget is 150,000 to 200,000 for 4 hours",
  "Hello, can you do 2 to 3 hours for 250,000?",
  "Someone told me you play too well",
  "Go to 5 Awolowo Road, 2nd floor, room 10",
  // Issue 22 §4: normalising must not turn ordinary text into contact details.
  "I love you",
  "I love you all, see you at 7",
  "The fee is ₦150,000",
  "₦１５０,０００ is fine",
  "25/12/2026 at 14:30",
  "Sunday 21 December 2026, 4:00 PM – 9:00 PM",
  "I 1 love 2 you",
  "A B C D songs in that order",
  "Room 1O1, Eko Hotel",
  "We love it 👨‍👩‍👧 and 😊",
  "Lol 100 guests",
  "₦5,747,000 1/1/2025 1:00 PM",
  "₦7,000,000 17/7/2030 1/1/2025",
  "₦80,000 on 12/12/2026 at 7:30 for 200 guests",
  "8:00 2026-12-12 ₦90,000,000",
];

// Hidden exactly: the number goes, the words around it stay.
const exact: [string, string][] = [
  ["Hello 08031234567 to confirm", `Hello ${CONTACT_HIDDEN} to confirm`],
  ["Call 0803 123 4567 for bookings", `Call ${CONTACT_HIDDEN} for bookings`],
  ["Pay 90,000 to 0803 123 4567 today", `Pay 90,000 to ${CONTACT_HIDDEN} today`],
  ["Hello O8O3 123 4567 ok", `Hello ${CONTACT_HIDDEN} ok`],
  ["０８０３１２３４５６７", CONTACT_HIDDEN],
  ["0803\u200b123\u200b4567", CONTACT_HIDDEN],
  ["08O3 I23 4567", CONTACT_HIDDEN],
  ["n a m e @ g m a i l . c o m", CONTACT_HIDDEN],
  ["Hi 👋🏽 my line is ０８０３ １２３ ４５６７, thanks", `Hi 👋🏽 my line is ${CONTACT_HIDDEN}, thanks`],
  ["Write to n a m e @ g m a i l . c o m today", `Write to ${CONTACT_HIDDEN} today`],
  ["Write to n a m e @ g m a i l . c o m. Thanks", `Write to ${CONTACT_HIDDEN}. Thanks`],
  ["About 80 guests. WhatsApp me on 0803 000 1111", `About 80 guests. ${CONTACT_HIDDEN}`],
  ["Call 0803 000 1111 or ada@gmail.com, thanks", `Call ${CONTACT_HIDDEN}, thanks`],
  ["₦150,000 08031234567", `₦150,000 ${CONTACT_HIDDEN}`],
  ["Can I 0803 123 4567?", `Can I ${CONTACT_HIDDEN}?`],
  ["07OO.OOO.OOOO", CONTACT_HIDDEN],
  ["8,031,234,567", CONTACT_HIDDEN],
  // Issue 27: any script's decimal digits, and keycap emoji digits.
  ["Call ٠٨٠٣ ١٢٣ ٤٥٦٧ today", `Call ${CONTACT_HIDDEN} today`],
  ["Call ۰۸۰۳۱۲۳۴۵۶۷", `Call ${CONTACT_HIDDEN}`],
  ["Call ०८०३ १२३ ४५६७", `Call ${CONTACT_HIDDEN}`],
  ["0️⃣8️⃣0️⃣3️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣ thanks", `${CONTACT_HIDDEN} thanks`],
  ["0 8 0 3 1 2 3 4 5 6 7 I will wait", `${CONTACT_HIDDEN} will wait`],
];

describe("contact protection", () => {
  it("has a table of at least 40 evasions and 20 innocent messages", () => {
    expect(evasions.length).toBeGreaterThanOrEqual(40);
    expect(innocent.length).toBeGreaterThanOrEqual(20);
  });

  it.each(evasions)("hides %j", (text) => {
    const out = maskContactDetails(text);
    expect(out.masked).toBe(true);
    expect(out.text).toContain(CONTACT_HIDDEN);
    // No run of 7 or more digits survives.
    expect(out.text.replace(/\D/g, " ")).not.toMatch(/\d{7,}/);
    expect(out.text).not.toMatch(/@[a-z]|gmail|yahoo|wa\.me|tundesax|4567/i);
  });

  it.each(exact)("turns %j into %j", (text, expected) => {
    expect(maskContactDetails(text)).toEqual({ text: expected, masked: true });
  });

  it.each(innocent)("leaves %j untouched", (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});

// Issue 36: disguises an outside probe still got through, each hidden whole.
const probes: [string, string][] = [
  ["combining underlines", "0̲8̲0̲3̲1̲2̲3̲4̲5̲6̲7̲"],
  ["negative-circled digits in a last name", "Ola ⓿❽⓿❸❶❷❸❹❺❻❼"],
  ["dingbat circled digits", "⓿➇⓿➂➀➁➂➃➄➅➆"],
  ["dingbat negative circled sans-serif digits", "➉➑➉➌➊➋➌➍➎➏➐"],
  ["double circled digits", "0⓼0⓷⓵⓶⓷⓸⓹⓺⓻"],
  ["circled digits", "⓪⑧⓪③①②③④⑤⑥⑦"],
  ["superscript digits", "⁰⁸⁰³¹²³⁴⁵⁶⁷"],
  ["subscript digits", "₀₈₀₃₁₂₃₄₅₆₇"],
  ["mathematical digits", "𝟎𝟖𝟎𝟑 𝟭𝟮𝟯 𝟺𝟻𝟼𝟽"],
  ["nought and tree", "nought eight nought tree one two tree four five six seven"],
  ["fife", "zero eight zero three one two three four fife six seven"],
  ["oh", "oh eight oh three one two three four five six seven"],
  ["dictated in pieces", "starts with 0803 and then 123, ending 4567"],
  ["O, I and S for digits", "O8O3 I23 4S67"],
  ["B for eight", "0B03 123 4567"],
  ["at gee mail", "tayoreal at gee mail"],
  ["at gmail dot com", "Highlife, tayoreal at gmail dot com"],
  ["handle", "handle tayoreal"],
  ["IG", "IG tayoreal"],
  ["snap", "snap tayo_real"],
  ["telegram", "telegram tayoreal"],
  ["wa.me in a venue", "Party wa.me/2348031234567"],
  ["a role", "Singer, 08031234567"],
  ["a location", "Lagos 0803 123 4567"],
];

// Issue 36: public copy that must stay exactly as written.
const publicCopy = [
  "₦250,000",
  "From ₦250,000 per event",
  "Saturday 12 December 2026, 6:00 PM – 11:00 PM",
  "Since 2015, 120 events played",
  "Available 24/7",
  "Open 24/7 for weddings and parties",
  "Tayo Live TV",
  "TayoMusic 2024",
  "Tayo Sings Official",
  "Afrobeats Hits 2026",
  "We handle weddings, birthdays and corporate events",
  "I snap photos at every show",
  "Lead vocals at 3 churches, 2019 – 2024",
  "BOSS 2024 tour with the SOS band",
];

describe("contact protection, issue 36 probes", () => {
  it.each(probes)("hides %s", (_name, text) => {
    const out = maskContactDetails(text);
    expect(out.masked).toBe(true);
    expect(normaliseForMatching(out.text.replaceAll(CONTACT_HIDDEN, " "))).not.toMatch(
      /\d{4}|tayo_?real|gmail/,
    );
  });

  it.each(publicCopy)("leaves public copy %j untouched", (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it("hides a number split over two messages from one side, both pieces", () => {
    const out = maskAcrossMessages(["Hello, thanks for asking", "my number: 0803 123"], "4567");
    expect(out).toEqual({
      text: CONTACT_HIDDEN,
      masked: true,
      earlier: [
        { text: "Hello, thanks for asking", masked: false },
        { text: `my number: ${CONTACT_HIDDEN}`, masked: true },
      ],
    });
  });

  it("leaves a price and a date sent in two messages as they are", () => {
    const out = maskAcrossMessages(["The fee is ₦250,000"], "for 4 hours on 12/12/2026 from 6:30");
    expect(out.masked).toBe(false);
    expect(out.earlier).toEqual([{ text: "The fee is ₦250,000", masked: false }]);
  });
});
