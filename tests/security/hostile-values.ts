// Generated and known-bad values for the hostile-input suites (issue 6 §4).
import fc from "fast-check";

export const ONE_MB = 1024 * 1024;

/** Strings a person (or a script) can type into any form field. */
export const knownBadStrings: string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "x".repeat(ONE_MB),
  // Dotted words: the shape that made the link rule re-scan the text from every label (quadratic).
  "a.".repeat(ONE_MB / 2),
  "é".repeat(ONE_MB / 2),
  '\'; DROP TABLE "user"; --',
  "' OR '1'='1",
  "1; SELECT pg_sleep(10)--",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  "{{7*7}}${7*7}",
  "\uD800",
  "\uDFFF\uD800",
  "\uFFFF\uFFFE",
  "\u202Eevil\u202C",
  "e\u0301\u0301\u0301",
  "🎺🥁".repeat(5000),
  "ｓｔａｇｅ",
  "İstanbul ß ﬁ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "0x1F",
  "1e308",
  "-1e308",
  "99999999999999999999999999999",
  "-99999999999999999999999999999",
  "1,000,000,000,000,000",
  "₦5,000.005",
  "2024-02-30",
  "2023-13-01",
  "0000-00-00",
  "9999-12-31",
  "275760-09-13",
  "1900-01-01",
  "24:00",
  "99:99",
  "12:60",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "__proto__",
  "constructor",
  "../../../etc/passwd",
  "%00%2e%2e%2f",
  "a".repeat(101),
  "-leading-hyphen-",
  "UPPER-Case",
];

/** Values of the wrong type for a form field (JSON bodies and direct schema calls). */
export const wrongTypes: unknown[] = [
  null,
  undefined,
  0,
  -1,
  -0,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  true,
  false,
  [],
  ["a", "b"],
  {},
  { $gt: "" },
  new Date("invalid"),
  new Date(8.64e15),
  10n ** 30n,
  Symbol("x"),
  () => "x",
];

export const extraFieldNames = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "userId",
  "musicianId",
  "profileId",
  "role",
  "status",
  "websiteActive",
  "slug",
  "createdAt",
];

/** Any hostile string: a known-bad one or generated unicode of any length up to a few thousand. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...knownBadStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  {
    weight: 1,
    arbitrary: fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(+d) ? "bad" : d.toISOString())),
  },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...wrongTypes) },
  { weight: 1, arbitrary: fc.anything() },
);

/** A form-shaped object over `fields` (each present, absent or hostile) plus a few extra fields. */
export function hostileObject(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(fields.map((f) => [f, hostileValue]));
  return fc
    .tuple(
      fc.record(known, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...extraFieldNames, ...fields.map((f) => `${f}[]`)), hostileValue, {
        maxKeys: 3,
      }),
    )
    .map(([a, b]) => ({ ...b, ...a }));
}

/** The same, as form strings only (what an HTTP form post can carry). */
export function hostileForm(fields: string[]): fc.Arbitrary<Record<string, string>> {
  const known = Object.fromEntries(fields.map((f) => [f, hostileString]));
  return fc
    .tuple(
      fc.record(known, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...extraFieldNames), hostileString, { maxKeys: 2 }),
    )
    .map(([a, b]) => {
      const out: Record<string, string> = { ...b };
      for (const [k, v] of Object.entries(a)) if (v !== undefined) out[k] = v;
      return out;
    });
}

/** A stack trace or an internal error leaking into a response body. */
export const STACK_TRACE =
  /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\b(TypeError|ReferenceError|ZodError|DrizzleQueryError|error: invalid byte sequence)\b/;
