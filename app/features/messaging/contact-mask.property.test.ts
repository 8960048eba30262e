// Issue 22 §4, as properties: any Nigerian mobile number, disguised in any mix of the ways people
// use (full-width digits, invisible characters, O/I for 0/1, spaced out, separators), is hidden whole
// inside ordinary words; and ordinary event talk (prices, dates, times, counts) is never touched.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTACT_HIDDEN, maskContactDetails, normaliseForMatching } from "./contact-mask";

const prefixes = ["0", "+234", "234"];
const networks = ["70", "80", "81", "90", "91"];
const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"];

const fullWidth = (d: string) => String.fromCharCode(0xff10 + Number(d));
// Issue 27: every script's decimal digits (Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali,
// Thai, mathematical bold) and keycap digits ("0️⃣") stand for 0-9 too.
const SCRIPT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x1d7ce];
const scriptDigit = (zero: number) => (d: string) => String.fromCodePoint(zero + Number(d));
const keycap = (d: string) => `${d}\ufe0f\u20e3`;

const phone = fc
  .record({
    prefix: fc.constantFrom(...prefixes),
    network: fc.constantFrom(...networks),
    // 0 and 1 often, so the O/I look-alikes get exercised.
    rest: fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0, 1)), {
      minLength: 8,
      maxLength: 8,
    }),
  })
  .map(({ prefix, network, rest }) => ({ prefix, digits: `${network}${rest.join("")}` }));

/** One way of writing each digit, and what stands between digits. */
const disguise = fc.record({
  wide: fc.boolean(),
  script: fc.constantFrom<null | number | "keycap">(null, "keycap", ...SCRIPT_ZEROS),
  lookalike: fc.boolean(),
  between: fc.constantFrom("", " ", "-", ".", "  ", "/"),
  invisible: fc.subarray(INVISIBLE, { minLength: 0, maxLength: 2 }),
  spaced: fc.boolean(),
});

type Disguise = {
  wide: boolean;
  script: null | number | "keycap";
  lookalike: boolean;
  between: string;
  invisible: string[];
  spaced: boolean;
};

/** The number as someone hiding it might type it. */
function write(p: { prefix: string; digits: string }, o: Disguise) {
  const digit = (c: string) =>
    o.script === "keycap"
      ? keycap(c)
      : o.script !== null
        ? scriptDigit(o.script)(c)
        : o.wide
          ? fullWidth(c)
          : c;
  const chars = [...p.digits].map((c, i) => {
    // O and I stand for 0 and 1 only beside another digit, as people write them.
    if (o.lookalike && i > 0 && c === "0") return "O";
    if (o.lookalike && i > 0 && c === "1") return "I";
    return digit(c);
  });
  const groups = [chars.slice(0, 3), chars.slice(3, 6), chars.slice(6)].map((g) =>
    g.join(o.spaced ? " " : (o.invisible[0] ?? "")),
  );
  const sep = o.spaced ? "   " : o.between + (o.invisible[1] ?? "");
  const lead = p.prefix === "0" ? digit("0") : `${p.prefix} `;
  return lead + groups.join(sep);
}

const words = fc.constantFrom(
  "Hello",
  "please",
  "call",
  "me",
  "on",
  "my",
  "line",
  "is",
  "thanks",
  "I love you",
  "see you",
  "for the wedding",
  "Ikeja",
  "tomorrow",
);
const sentence = fc.array(words, { minLength: 0, maxLength: 4 }).map((w) => w.join(" "));

describe("contact protection, as properties", () => {
  it("hides any disguised Nigerian mobile number whole, and keeps the words around it", () => {
    fc.assert(
      fc.property(phone, disguise, sentence, sentence, (p, d, before, after) => {
        const number = write(p, d);
        const text = `${before} ${number} ${after}`.trim();
        const out = maskContactDetails(text);
        expect(out.masked).toBe(true);
        expect(out.text).toContain(CONTACT_HIDDEN);
        // None of the number's digits survives, in any form.
        const left = out.text.replace(CONTACT_HIDDEN, "").normalize("NFKC");
        expect(left).not.toMatch(/\p{Nd}{3}/u);
        expect(left).not.toMatch(/\u20e3/);
        if (before) expect(out.text.startsWith(before)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  const price = fc.integer({ min: 1, max: 9_999 }).map((n) => `₦${(n * 1000).toLocaleString("en-NG")}`);
  const date = fc
    .record({
      d: fc.integer({ min: 1, max: 28 }),
      m: fc.integer({ min: 1, max: 12 }),
      y: fc.integer({ min: 2025, max: 2030 }),
    })
    .chain(({ d, m, y }) =>
      fc.constantFrom(
        `${d}/${m}/${y}`,
        `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
        `${d} December ${y}`,
      ),
    );
  const time = fc
    .record({ h: fc.integer({ min: 1, max: 12 }), m: fc.constantFrom("00", "15", "30", "45") })
    .chain(({ h, m }) => fc.constantFrom(`${h}:${m} PM`, `${h}pm`, `${h}:${m}`));
  const count = fc.integer({ min: 1, max: 2000 }).map((n) => `${n} guests`);
  const talk = fc
    .array(fc.oneof(words, price, date, time, count), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join(" "));

  it("never touches ordinary event talk", () => {
    fc.assert(
      fc.property(talk, (text) => {
        expect(maskContactDetails(text)).toEqual({ text, masked: false });
      }),
      { numRuns: 400 },
    );
  });
});

// Issue 36: more dresses for each digit, letter swaps, number words and dictation words between the
// pieces; whatever mix is drawn, the number is hidden whole and the normalised copy keeps none of it.
const DRESSES: Record<string, (d: number) => string> = {
  plain: (d) => String(d),
  underlined: (d) => `${d}\u0332`,
  negativeCircled: (d) => (d === 0 ? "\u24ff" : String.fromCodePoint(0x2775 + d)),
  dingbatCircled: (d) => (d === 0 ? "\u{1f10b}" : String.fromCodePoint(0x277f + d)),
  dingbatNegative: (d) => (d === 0 ? "\u{1f10c}" : String.fromCodePoint(0x2789 + d)),
  doubleCircled: (d) => (d === 0 ? "0" : String.fromCodePoint(0x24f4 + d)),
  circled: (d) => (d === 0 ? "\u24ea" : String.fromCodePoint(0x245f + d)),
  superscript: (d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]!,
  subscript: (d) => "₀₁₂₃₄₅₆₇₈₉"[d]!,
  mathSans: (d) => String.fromCodePoint(0x1d7e2 + d),
  mathMono: (d) => String.fromCodePoint(0x1d7f6 + d),
};
const WORDS: string[][] = [
  ["zero", "nought", "oh"],
  ["one"],
  ["two"],
  ["three", "tree"],
  ["four"],
  ["five", "fife"],
  ["six"],
  ["seven"],
  ["eight"],
  ["nine"],
];
const SWAPS: Record<string, string> = { "0": "O", "1": "I", "5": "S", "8": "B" };
const FILLERS = [" ", "-", " and then ", ", ending ", " then ", ", "];

const dressed = fc.record({
  dress: fc.constantFrom(...Object.keys(DRESSES)),
  words: fc.boolean(),
  wordPick: fc.nat(),
  swaps: fc.boolean(),
  fillers: fc.tuple(fc.constantFrom(...FILLERS), fc.constantFrom(...FILLERS)),
});

function dressUp(
  digits: string,
  o: { dress: string; words: boolean; wordPick: number; swaps: boolean; fillers: [string, string] },
) {
  const draw = (c: string, i: number) => {
    const d = Number(c);
    if (o.words) {
      const options = WORDS[d]!;
      return options[(o.wordPick + i) % options.length]!;
    }
    // A swapped letter stands inside a group of real digits, as people write "4S67".
    if (o.swaps && i % 4 === 2 && SWAPS[c]) return SWAPS[c]!;
    return DRESSES[o.dress]!(d);
  };
  const drawn = [...digits].map(draw);
  const glue = o.words ? " " : "";
  return [drawn.slice(0, 4), drawn.slice(4, 7), drawn.slice(7)]
    .map((g) => g.join(glue))
    .reduce((a, g, k) => a + (k === 1 ? o.fillers[0] : o.fillers[1]) + g);
}

describe("contact protection, issue 36 disguises as properties", () => {
  it("hides a number in any dress, spelled in words or swapped letters, dictated in pieces", () => {
    fc.assert(
      fc.property(phone, dressed, sentence, sentence, (p, o, before, after) => {
        const number = dressUp(`0${p.digits}`, o);
        const text = `${before} ${number} ${after}`.trim();
        const out = maskContactDetails(text);
        expect(out.masked).toBe(true);
        const left = normaliseForMatching(out.text.replaceAll(CONTACT_HIDDEN, " | "));
        expect(left).not.toMatch(/\d{3}/);
        expect(left).not.toMatch(/\b(?:nought|tree|fife|seven|eight|nine|six)\b/);
        if (before) expect(out.text.startsWith(before)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
