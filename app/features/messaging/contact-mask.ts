// Contact protection (issue 11 §6, issue 22 §4): until the two sides have a paid booking, phone numbers,
// e-mail addresses, links and "WhatsApp me"-style handles in a message are replaced, so the platform's payment
// protection and reviews can work. The rules read a normalised copy (full-width digits, invisible
// characters, O/I for 0/1, spaced-out letters). Pure, so the table of evasions is a fast unit test.

import { contactsShared } from "./contact-shared";

export const CONTACT_HIDDEN = "[contact details hidden until booking is paid]";
/** Free text one side typed, as the other side may read it: masked until the booking is paid. */
export function maskedUnlessPaid<T extends string | null | undefined>(
  text: T,
  paymentStatus: string | null | undefined,
): T {
  if (!text || contactsShared(paymentStatus)) return text;
  return maskContactDetails(text).text as T;
}

/**
 * `submitted` quoted `original` as it was shown masked (a request's note prefilled into the booking
 * made from it): put the original back, so the note reads whole once the booking is paid. What the
 * other side sees before then is masked again where it is shown.
 */
export function restoreMaskedQuote<T extends string | null | undefined>(
  submitted: T,
  original: string | null,
): T {
  if (!submitted || !original) return submitted;
  const shown = maskContactDetails(original);
  if (!shown.masked || !submitted.includes(shown.text)) return submitted;
  return submitted.replace(shown.text, () => original) as T;
}

export const CONTACT_HIDDEN_NOTICE =
  "Contact details are hidden until the booking is paid, so both of you stay protected by Stagebook.";

const WORD_DIGITS: Record<string, string> = {
  zero: "0",
  nought: "0",
  naught: "0",
  oh: "0",
  o: "0",
  nil: "0",
  one: "1",
  won: "1",
  two: "2",
  too: "2",
  to: "2",
  three: "3",
  tree: "3",
  four: "4",
  for: "4",
  five: "5",
  fife: "5",
  six: "6",
  seven: "7",
  eight: "8",
  ate: "8",
  nine: "9",
  niner: "9",
  double: "double",
  triple: "triple",
};

// Words that are also ordinary English ("to", "for", "o"): they count as digits only when written
// against a digit ("O8O3", "07O1") or next to a digit spelled out ("oh eight oh three"), so
// "90,000 to 80,000" stays a price.
const AMBIGUOUS = new Set(["oh", "o", "won", "too", "to", "for", "ate"]);

const DIGIT_WORD = Object.keys(WORD_DIGITS)
  .sort((a, b) => b.length - a.length)
  .join("|");
// A digit, or a digit word standing on its own or against digits ("one23"), never inside a word
// ("Hello", "someone").
const TOKEN = new RegExp(`\\d|(?<![a-z])(?:${DIGIT_WORD})(?![a-z])`, "gi");
// What may stand between the tokens of one number: separators, and the words people use to dictate a
// number in pieces ("starts with 0803 and then 123, ending 4567").
const DICTATION = "(?<![a-z])(?:and|then|ending|ends?|with|followed|by|next|after|that|last|is)(?![a-z])";
const SEP = new RegExp(`^(?:[\\s().\\-_/\\\\,*|+:]|${DICTATION})*$`, "i");
// Between the groups of one number written with look-alike letters ("O8O3 and then I23").
const LOOKALIKE_SEP = new RegExp(`^(?:[\\s.\\-/_(),]|${DICTATION}){1,24}$`, "i");

type Token = { start: number; end: number; text: string };

// Amounts (up to 9 digits: "₦150,000", "7,000,000"), dates ("17/7/2030", "2026-12-12") and times
// ("6:30"): never part of a phone number, so a price beside a date never spells one.
const NOT_A_PHONE =
  /(?<![\d,])[1-9]\d{0,2}(?:,\d{3}){1,2}(?![\d,])|(?<!\d)\d{1,2}\/\d{1,2}\/\d{2,4}(?!\d)|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)|(?<![\d:])\d{1,2}:\d{2}(?![\d:])/g;

/** Splits text into runs of digit tokens joined only by separators. */
function tokenRuns(text: string): Token[][] {
  const blocked = new Set<number>();
  for (const m of text.matchAll(NOT_A_PHONE)) {
    for (let i = m.index; i < m.index + m[0].length; i++) blocked.add(i);
  }
  const runs: Token[][] = [];
  let run: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = { start: m.index, end: m.index + m[0].length, text: m[0].toLowerCase() };
    if (blocked.has(t.start)) {
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    const prev = run.at(-1);
    if (prev && SEP.test(text.slice(prev.end, t.start))) run.push(t);
    else {
      if (run.length) runs.push(run);
      run = [t];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

const isDigit = (t: Token | undefined) => t !== undefined && /\d/.test(t.text);
const isPlainWord = (t: Token | undefined) => t !== undefined && !isDigit(t) && !AMBIGUOUS.has(t.text);

/** Breaks a run where an ambiguous word is plainly English, not a digit. */
function splitAmbiguous(run: Token[]): Token[][] {
  const parts: Token[][] = [];
  let part: Token[] = [];
  run.forEach((t, i) => {
    if (AMBIGUOUS.has(t.text)) {
      const before = run[i - 1];
      const after = run[i + 1];
      const attached =
        (isDigit(before) && before!.end === t.start) || (isDigit(after) && after!.start === t.end);
      const spelled = isPlainWord(before) || isPlainWord(after) || AMBIGUOUS.has(after?.text ?? "");
      if (!attached && !spelled) {
        if (part.length) parts.push(part);
        part = [];
        return;
      }
    }
    part.push(t);
  });
  if (part.length) parts.push(part);
  return parts;
}

/** The digits a run spells, expanding words and "double"/"triple". */
function runDigits(run: Token[]): string {
  let out = "";
  let repeat = 1;
  for (const t of run) {
    const d = /\d/.test(t.text) ? t.text : WORD_DIGITS[t.text];
    if (d === "double") repeat = 2;
    else if (d === "triple") repeat = 3;
    else {
      out += d.repeat(repeat);
      repeat = 1;
    }
  }
  return out;
}

/** Tokens written against each other ("0803", "zero8", "double five") read as one group. */
function groupsOf(run: Token[]): { start: number; end: number; digits: string }[] {
  const groups: { start: number; end: number; digits: string }[] = [];
  let repeat = 1;
  let joinNext = false;
  let prev: Token | undefined;
  for (const t of run) {
    const d = /\d/.test(t.text) ? t.text : WORD_DIGITS[t.text]!;
    const last = groups.at(-1);
    const attached = last && (joinNext || (prev !== undefined && prev.end === t.start));
    const group = attached ? last : { start: t.start, end: t.end, digits: "" };
    if (!attached) groups.push(group);
    group.end = t.end;
    if (d === "double" || d === "triple") {
      repeat = d === "double" ? 2 : 3;
      joinNext = true;
    } else {
      group.digits += d.repeat(repeat);
      repeat = 1;
      joinNext = false;
    }
    prev = t;
  }
  return groups;
}

/**
 * Whole groups from the start of a run's group spelling a Nigerian mobile number: +234 / 234 / 0 (or
 * nothing), then 70, 80, 81, 90 or 91, then 8 digits (the last group may run on: "0803…67I").
 */
const NIGERIAN_MOBILE = /^(?:234|0)?(?:70|80|81|90|91)\d{8}/;

/**
 * The spans (in `text`) that are phone numbers: whole groups of a run that together spell a Nigerian
 * mobile number from the start of a group, so digits inside other numbers never form one by accident.
 */
function phoneSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const whole of tokenRuns(text)) {
    for (const run of splitAmbiguous(whole)) {
      if (run.length < 7) continue;
      const plusAt = run[0].start - 1;
      // An international number ("+44 7700 900123") is contact details too.
      if (text[plusAt] === "+" && runDigits(run).length >= 10 && !runDigits(run).startsWith("234")) {
        spans.push([plusAt, run.at(-1)!.end]);
        continue;
      }
      const groups = groupsOf(run);
      for (let i = 0; i < groups.length; i++) {
        let digits = "";
        for (let j = i; j < groups.length && digits.length < 13; j++) {
          digits += groups[j]!.digits;
          if (!NIGERIAN_MOBILE.test(digits)) continue;
          const start = text[groups[i]!.start - 1] === "+" ? groups[i]!.start - 1 : groups[i]!.start;
          spans.push([start, groups[j]!.end]);
          i = j;
          break;
        }
      }
    }
  }
  return spans;
}

const AT = `(?:@|\\s*[\\[(]\\s*at\\s*[\\])]\\s*|\\s+at\\s+)`;
const DOT = `(?:\\.|\\s*[\\[(]\\s*dot\\s*[\\])]\\s*|\\s+dot\\s+)`;
// Each pattern starts only where its run of characters starts (the lookbehinds): a start inside the run
// would re-scan it, which is quadratic on long text (a 1 MB field took minutes).
const EMAIL = new RegExp(
  `(?<![a-z0-9._%+-])[a-z0-9._%+-]+${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:com|net|org|ng|co|io|me|info|biz|edu|gov|uk|live|yahoo|gmail)\\b`,
  "gi",
);
const BARE_MAIL_DOMAIN = new RegExp(
  `(?<![a-z0-9._%+-])[a-z0-9._%+-]+(?:\\s*@\\s*|${AT})(?:gmail|yahoo|hotmail|outlook|icloud|ymail|proton(?:mail)?)\\b`,
  "gi",
);

const LINK = new RegExp(
  [
    "\\b(?:https?:\\/\\/|www\\.)\\S+",
    "\\b(?:wa\\.me|t\\.me|bit\\.ly|tinyurl\\.com|linktr\\.ee|instagram\\.com|facebook\\.com|fb\\.com|tiktok\\.com|twitter\\.com|x\\.com|snapchat\\.com|calendly\\.com|chat\\.whatsapp\\.com)\\S*",
    "(?<![a-z0-9.-])\\.*[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:com|net|org|ng|io|me|co|link|app|site)(?:\\.ng)?(?:\\/\\S*)?\\b",
  ].join("|"),
  "gi",
);

// "WhatsApp me", "DM me on IG @tundesax", "my handle is @x", "find me on Telegram", "Instagram: tunde".
const CHANNEL =
  "(?:whats\\s*app|whatsapp|watsapp|wassap|whatsap|w\\.a\\.?|wa|telegram|tg|instagram|insta|ig|snap(?:chat)?|facebook|fb|tiktok|twitter|viber|skype)";
// "@tundesax" as a handle; "@6pm" and "@the venue" are not.
const HANDLE_AT =
  /(^|[\s(:,])@(?!(?:the|venue|home|noon|night|church|hall|event)\b)[a-z_][a-z0-9_.]{1,29}\b/gi;
const NAME = "@?[a-z0-9_.]{2,30}";
// Words after "IG", "snap" or "handle" that say what, not who.
const HANDLE_STOP =
  "the|a|an|and|or|me|my|is|to|for|with|on|at|in|of|it|this|that|photos?|pictures?|pics?|story|stories|live|group|channel|page|videos?|posts?|reels?|account|handle|name|id|number|followers|bookings?|events?|weddings?|parties|party|sound|shows?|gigs?|music|everything|all|any";
const CHANNEL_PHRASE = new RegExp(
  [
    // "hit me up on WhatsApp", "DM me on IG @tundesax"
    `\\b(?:hit|reach|message|msg|text|call|chat|ping|dm|find|add|contact|holla|buzz)\\s+me\\s+(?:up\\s+)?(?:on|via|at|@)\\s+${CHANNEL}\\b(?:\\s*(?:[:\\-]|is|at|@)?\\s*${NAME})?`,
    // "WhatsApp me", "whatsapp me on ..."
    `\\b${CHANNEL}\\s+me\\b`,
    // "my IG is tundesax", "Instagram handle: tunde_sax", "telegram: @tunde"
    `\\bmy\\s+${CHANNEL}\\s*(?:handle|number|no\\.?|id|name|account)?\\s*(?:is|:|-)\\s*${NAME}`,
    `\\b${CHANNEL}\\s*(?:handle|number|no\\.?|id|name|account)\\s*(?:is|:|-)?\\s*${NAME}`,
    `\\b${CHANNEL}\\s*:\\s*${NAME}`,
    // "handle tayoreal", "IG tayoreal", "snap tayo_real", "telegram tayoreal": a handle announced by
    // its channel, not the verb ("we handle weddings", "I snap photos") nor a word after it.
    `(?<!\\b(?:i|we|you|they|he|she|can|will|to|also|and|could|would|should|who|that|always|easily|i'll|we'll|please)\\s+)\\b(?:handle|ig|insta|snap(?:chat)?|telegram|tg)\\s*(?:is|:|-|=)?\\s*(?!(?:${HANDLE_STOP})\\b)@?[a-z0-9_.]{2,30}`,
  ].join("|"),
  "gi",
);

// Normalisation (issue 22 §4): the rules below read a normalised copy of the text, in which every
// UTF-16 unit remembers the span of the original it came from. What they find is replaced in the
// original, so text with nothing hidden comes back exactly as typed (emoji joiners and all).

/** One placeholder character in the normalised copy for each hidden span. */
const MARK = "\uE000";
type Mapped = { s: string; from: number[]; to: number[] };

// Invisible characters people slip between digits: zero-width spaces and joiners, soft hyphens,
// direction marks, variation selectors, and enclosing marks (the keycap in "0️⃣8️⃣0️⃣3️⃣").
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Me}]$/u;
// Combining marks laid over a character ("0̲8̲0̲3̲", "ǹ"): the reader sees the character under them.
const COMBINING = /^\p{Mn}$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * Any script's decimal digit (Arabic-Indic "٠٨٠٣", Devanagari "०८०३", Bengali, Thai…) as 0-9. Unicode
 * encodes every script's digits as runs of ten in order from zero, so the value is the distance from
 * the start of the run (mathematical digits are several runs back to back, hence the remainder).
 */
function asciiDigit(ch: string): string {
  if (ch >= "0" && ch <= "9") return ch;
  let start = ch.codePointAt(0)!;
  const code = start;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return String((code - start) % 10);
}

/**
 * Digits drawn in a ring or on a disc that Unicode gives no plain-digit decomposition: negative
 * circled "⓿❶…", double circled "⓵…", dingbat circled and negative circled sans-serif "➀…", "➊…",
 * and their zeros. Each block runs in order from one (or zero), so the value is the distance.
 */
const ENCLOSED_RUNS: [first: number, last: number, firstValue: number][] = [
  [0x24ff, 0x24ff, 0], // ⓿
  [0x24f5, 0x24fe, 1], // ⓵…⓾
  [0x2776, 0x277f, 1], // ❶…❿
  [0x2780, 0x2789, 1], // ➀…➉
  [0x278a, 0x2793, 1], // ➊…➓
  [0x1f10b, 0x1f10c, 0], // 🄋 🄌
];

function enclosedDigit(ch: string): string | null {
  const code = ch.codePointAt(0)!;
  for (const [first, last, value] of ENCLOSED_RUNS) {
    if (code >= first && code <= last) {
      if (first === 0x1f10b) return "0";
      return String((code - first + value) % 10);
    }
  }
  return null;
}

/** One character as the rules read it: a digit in any dress as 0-9, letters without their marks. */
function plainOf(ch: string): string {
  if (ch === MARK) return " ";
  if (DECIMAL_DIGIT.test(ch)) return asciiDigit(ch);
  const enclosed = enclosedDigit(ch);
  if (enclosed) return enclosed;
  // NFKD: full-width "０８０３", circled "①", superscript "⁸", subscript "₃" and other compatibility
  // forms read as plain digits and letters; the marks it splits off ("é" → "e" + ́) are dropped.
  return [...ch.normalize("NFKD")]
    .filter((c) => !COMBINING.test(c) && !INVISIBLE.test(c))
    .map((c) => (DECIMAL_DIGIT.test(c) ? asciiDigit(c) : c))
    .join("")
    .normalize("NFKC");
}

// What each character reads as, worked out once per distinct character (a long text repeats few).
const PLAIN = new Map<string, string>();
function plainCached(ch: string): string {
  let n = PLAIN.get(ch);
  if (n === undefined) {
    n = INVISIBLE.test(ch) || COMBINING.test(ch) ? "" : plainOf(ch);
    if (PLAIN.size < 4096) PLAIN.set(ch, n);
  }
  return n;
}

function normalise(text: string): Mapped {
  const out: Mapped = { s: "", from: [], to: [] };
  let i = 0;
  for (const ch of text) {
    const start = i;
    i += ch.length;
    // Plain ASCII reads as itself: the common case, kept fast for long texts.
    const n = ch.charCodeAt(0) < 0x80 ? ch : plainCached(ch);
    for (let k = 0; k < n.length; k++) {
      out.s += n[k];
      out.from.push(start);
      out.to.push(i);
    }
  }
  return spokenMail(digitLookalikes(joinSpacedSingles(out)));
}

/** The normalised copy the rules read: what a crawler compares against, so it sees what they see. */
export function normaliseForMatching(text: string): string {
  return normalise(text).s;
}

/** "gee mail", "g-mail", "yahoo mail" read as the mail service's name. */
function spokenMail(m: Mapped): Mapped {
  const drop = new Set<number>();
  for (const r of m.s.matchAll(/(?<![a-z])g(ee)?[\s-]*(?=mail(?![a-z]))/gi)) {
    for (let k = r.index + 1; k < r.index + r[0].length; k++) drop.add(k);
  }
  return drop.size ? rebuild(m, (i) => !drop.has(i)) : m;
}

/** Keeps the units of `m` for which `keep` is true, with their positions, and replaces some units. */
function rebuild(m: Mapped, keep: (i: number) => boolean, swap: (i: number) => string = (i) => m.s[i]!) {
  const out: Mapped = { s: "", from: [], to: [] };
  for (let i = 0; i < m.s.length; i++) {
    if (!keep(i)) continue;
    out.s += swap(i);
    out.from.push(m.from[i]!);
    out.to.push(m.to[i]!);
  }
  return out;
}

/** "n a m e @ g m a i l . c o m", "0 8 0 3 …": four or more single characters spaced out read joined. */
function joinSpacedSingles(m: Mapped): Mapped {
  const drop = new Set<number>();
  const singles = [...m.s.matchAll(/\S+/g)];
  let run: RegExpExecArray[] = [];
  const flush = () => {
    if (run.length >= 4) {
      for (let k = 1; k < run.length; k++) {
        for (let j = run[k - 1]!.index + 1; j < run[k]!.index; j++) drop.add(j);
      }
    }
    run = [];
  };
  for (const t of singles) {
    const prev = run.at(-1);
    const gap = prev ? t.index - prev.index - 1 : 0;
    if (t[0].length === 1 && (!prev || gap <= 3)) run.push(t);
    else if (prev && gap <= 3 && /^\S[.,;:!?)]$/.test(t[0])) {
      // "… c o m." ends the run with its full stop.
      run.push(t);
      flush();
    } else {
      flush();
      if (t[0].length === 1) run.push(t);
    }
  }
  flush();
  return drop.size ? rebuild(m, (i) => !drop.has(i)) : m;
}

/**
 * O/o and I/l written among digits read as 0 and 1: "08O3", "I23", and whole groups of them in a
 * number ("07OO.OOO.OOOO"). A lone I or O at either end of the number stays a word ("Can I 0803…").
 */
function digitLookalikes(m: Mapped): Mapped {
  const swap = new Map<number, string>();
  const groups = [...m.s.matchAll(/(?<![A-Za-z])[0-9OoIlSB]+(?![A-Za-z])/g)];
  let chain: RegExpExecArray[] = [];
  const flush = () => {
    // Long enough to be a number (7 or more characters) with at least one real digit in it.
    const digits = chain.reduce((n, g) => n + g[0].replace(/\D/g, "").length, 0);
    const length = chain.reduce((n, g) => n + g[0].length, 0);
    if (digits >= 1 && length >= 7) {
      chain.forEach((g, k) => {
        const inside = k > 0 && k < chain.length - 1;
        const hasDigit = /\d/.test(g[0]);
        if (!hasDigit && g[0].length < 2 && !inside) return;
        // S and B pass for 5 and 8 only written against a real digit ("4S67"): "SOS", "BOSS" stay words.
        if (!hasDigit && /[SB]/.test(g[0])) return;
        for (let i = 0; i < g[0].length; i++) {
          const c = g[0][i]!;
          if (c === "O" || c === "o") swap.set(g.index + i, "0");
          else if (c === "I" || c === "l") swap.set(g.index + i, "1");
          else if (c === "S") swap.set(g.index + i, "5");
          else if (c === "B") swap.set(g.index + i, "8");
        }
      });
    }
    chain = [];
  };
  for (const g of groups) {
    const prev = chain.at(-1);
    const between = prev ? m.s.slice(prev.index + prev[0].length, g.index) : "";
    if (prev && (between.length > 24 || !LOOKALIKE_SEP.test(between))) flush();
    chain.push(g);
  }
  flush();
  return swap.size
    ? rebuild(
        m,
        () => true,
        (i) => swap.get(i) ?? m.s[i]!,
      )
    : m;
}

/** Replaces each span of the normalised copy by one MARK that covers the original span. */
function hide(m: Mapped, spans: Iterable<[number, number]>): Mapped {
  const sorted = [...spans].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  if (sorted.length === 0) return m;
  const out: Mapped = { s: "", from: [], to: [] };
  let i = 0;
  for (const [a, b] of sorted) {
    if (a < i) continue; // overlaps one already hidden
    for (; i < a; i++) {
      out.s += m.s[i];
      out.from.push(m.from[i]!);
      out.to.push(m.to[i]!);
    }
    out.s += MARK;
    out.from.push(m.from[a]!);
    out.to.push(m.to[b - 1]!);
    i = b;
  }
  for (; i < m.s.length; i++) {
    out.s += m.s[i];
    out.from.push(m.from[i]!);
    out.to.push(m.to[i]!);
  }
  return out;
}

function matchSpans(text: string, re: RegExp, lead = false): [number, number][] {
  return [...text.matchAll(re)].map((r) => {
    const skip = lead ? (r[1]?.length ?? 0) : 0;
    return [r.index + skip, r.index + r[0].length];
  });
}

const NEIGHBOURS = /^[\s,;:.\-/]*(?:\s(?:on|at|or|via|and)\s[\s,;:.\-/]*)?$/i;

/** The spans of `text` (in its own units) that are contact details, neighbours merged. */
function contactRanges(text: string): [number, number][] {
  let m = normalise(text);
  m = hide(m, [...matchSpans(m.s, EMAIL), ...matchSpans(m.s, BARE_MAIL_DOMAIN)]);
  m = hide(m, matchSpans(m.s, LINK));
  // Numbers before handles, so "whatsapp 0803 123 4567" loses the whole number, not its first group.
  m = hide(m, phoneSpans(m.s));
  m = hide(m, matchSpans(m.s, CHANNEL_PHRASE));
  m = hide(m, matchSpans(m.s, HANDLE_AT, true));
  const ranges: [number, number][] = [];
  for (let i = 0; i < m.s.length; i++) {
    if (m.s[i] !== MARK) continue;
    const [a, b] = [m.from[i]!, m.to[i]!];
    const last = ranges.at(-1);
    // Neighbouring replacements read as one ("WhatsApp me on 0803…", "0803… or me@x.com").
    if (last && (a <= last[1] || NEIGHBOURS.test(text.slice(last[1], a)))) {
      last[1] = Math.max(last[1], b);
    } else ranges.push([a, b]);
  }
  // The hidden span takes the invisible and combining marks written after its last digit (the keycap
  // of "7️⃣", the underline of "7̲").
  for (const r of ranges) {
    for (let ch = text.codePointAt(r[1]); ch !== undefined; ch = text.codePointAt(r[1])) {
      const c = String.fromCodePoint(ch);
      if (!INVISIBLE.test(c) && !COMBINING.test(c)) break;
      r[1] += c.length;
    }
  }
  return ranges;
}

function replaceRanges(text: string, ranges: [number, number][]): string {
  let out = "";
  let at = 0;
  for (const [a, b] of ranges) {
    out += text.slice(at, a) + CONTACT_HIDDEN;
    at = b;
  }
  return out + text.slice(at);
}

/** The message with contact details replaced; `masked` says whether anything was hidden. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  const ranges = contactRanges(text);
  if (ranges.length === 0) return { text, masked: false };
  return { text: replaceRanges(text, ranges), masked: true };
}

/**
 * A number split over consecutive messages from one side ("my number: 0803 123", then "4567"): the
 * messages are read as one text, and each loses its part of what is hidden. `earlier` are that side's
 * recent messages as typed, oldest first; the answer has the new message and each earlier one masked.
 */
export function maskAcrossMessages(
  earlier: readonly string[],
  body: string,
): { text: string; masked: boolean; earlier: { text: string; masked: boolean }[] } {
  const parts = [...earlier, body];
  const joined = parts.join("\n");
  const ranges = contactRanges(joined);
  let offset = 0;
  const masked = parts.map((part) => {
    const start = offset;
    const end = start + part.length;
    offset = end + 1;
    const own = ranges
      .filter(([a, b]) => a < end && b > start)
      .map(([a, b]): [number, number] => [Math.max(a, start) - start, Math.min(b, end) - start]);
    // A part whose own text hides something is masked on its own rules too (the join never unmasks).
    const alone = contactRanges(part);
    const all = [...own, ...alone].sort((x, y) => x[0] - y[0]);
    const merged: [number, number][] = [];
    for (const r of all) {
      const last = merged.at(-1);
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    }
    return merged.length
      ? { text: replaceRanges(part, merged), masked: true }
      : { text: part, masked: false };
  });
  const last = masked.pop()!;
  return { ...last, earlier: masked };
}
