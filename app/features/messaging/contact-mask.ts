// Contact protection (issue 11 §6): until the two sides have a paid booking, phone numbers, e-mail
// addresses, links and "WhatsApp me"-style handles in a message are replaced, so the platform's payment
// protection and reviews can work. Pure, so the table of evasions is a fast unit test.

export const CONTACT_HIDDEN = "[contact details hidden until booking is paid]";
export const CONTACT_HIDDEN_NOTICE =
  "Contact details are hidden until the booking is paid, so both of you stay protected by Stagebook.";

const WORD_DIGITS: Record<string, string> = {
  zero: "0",
  oh: "0",
  o: "0",
  nil: "0",
  one: "1",
  won: "1",
  two: "2",
  too: "2",
  to: "2",
  three: "3",
  four: "4",
  for: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  ate: "8",
  nine: "9",
  niner: "9",
  double: "double",
  triple: "triple",
};

// A digit, or a digit written as a word (words only count inside a run that holds several).
const DIGIT_WORD = Object.keys(WORD_DIGITS)
  .sort((a, b) => b.length - a.length)
  .join("|");
const TOKEN = `(?:\\d|(?:${DIGIT_WORD})\\b)`;
const SEP = `[\\s().\\-_/\\\\,*|+]*`;
// A run of at least 7 digit tokens with any separators between them.
const DIGIT_RUN = new RegExp(`\\+?${TOKEN}(?:${SEP}${TOKEN}){6,}`, "gi");

/** The digits a run spells, expanding words and "double"/"triple". */
function runDigits(run: string): string {
  const tokens = run.toLowerCase().match(new RegExp(`\\d|${DIGIT_WORD}`, "g")) ?? [];
  let out = "";
  let repeat = 1;
  for (const t of tokens) {
    const d = /\d/.test(t) ? t : WORD_DIGITS[t];
    if (d === "double") repeat = 2;
    else if (d === "triple") repeat = 3;
    else {
      out += d.repeat(repeat);
      repeat = 1;
    }
  }
  return out;
}

/** Nigerian mobile numbers: +234 / 234 / 0, then 70, 80, 81, 90 or 91, then 8 digits. */
function looksLikeNigerianPhone(digits: string): boolean {
  return /(?:70|80|81|90|91)\d{8}/.test(digits);
}

function maskPhones(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = runDigits(run);
    // An international number ("+44 7700 900123") is contact details too.
    if (looksLikeNigerianPhone(digits) || (run.startsWith("+") && digits.length >= 10)) return CONTACT_HIDDEN;
    return run;
  });
}

const AT = `(?:@|\\s*[\\[(]\\s*at\\s*[\\])]\\s*|\\s+at\\s+)`;
const DOT = `(?:\\.|\\s*[\\[(]\\s*dot\\s*[\\])]\\s*|\\s+dot\\s+)`;
const EMAIL = new RegExp(
  `[a-z0-9][a-z0-9._%+-]*${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:com|net|org|ng|co|io|me|info|biz|edu|gov|uk|live|yahoo|gmail)\\b`,
  "gi",
);
const BARE_MAIL_DOMAIN =
  /\b[a-z0-9._%+-]+\s*@\s*(?:gmail|yahoo|hotmail|outlook|icloud|ymail|proton(?:mail)?)\b/gi;

const LINK = new RegExp(
  [
    "\\b(?:https?:\\/\\/|www\\.)\\S+",
    "\\b(?:wa\\.me|t\\.me|bit\\.ly|tinyurl\\.com|linktr\\.ee|instagram\\.com|facebook\\.com|fb\\.com|tiktok\\.com|twitter\\.com|x\\.com|snapchat\\.com|calendly\\.com|chat\\.whatsapp\\.com)\\S*",
    "\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:com|net|org|ng|io|me|co|link|app|site)(?:\\.ng)?(?:\\/\\S*)?\\b",
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
  ].join("|"),
  "gi",
);

function collapse(text: string): string {
  // Neighbouring replacements read as one.
  const twice = new RegExp(
    `${escapeRegExp(CONTACT_HIDDEN)}(?:[\\s,;:.\\-/]*${escapeRegExp(CONTACT_HIDDEN)})+`,
    "g",
  );
  return text.replace(twice, CONTACT_HIDDEN);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The message with contact details replaced; `masked` says whether anything was hidden. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  let out = text.replace(EMAIL, CONTACT_HIDDEN).replace(BARE_MAIL_DOMAIN, CONTACT_HIDDEN);
  out = out.replace(LINK, CONTACT_HIDDEN);
  // Numbers before handles, so "whatsapp 0803 123 4567" loses the whole number, not its first group.
  out = maskPhones(out);
  out = out.replace(CHANNEL_PHRASE, CONTACT_HIDDEN);
  out = out.replace(HANDLE_AT, (_m, lead: string) => `${lead}${CONTACT_HIDDEN}`);
  out = collapse(out);
  return { text: out, masked: out !== text };
}
