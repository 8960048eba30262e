// Hostile input at every zod schema (issue 6 §4): every *.schema.ts under app/features is imported and
// every schema it exports (or builds, for schema factories) gets generated and known-bad objects. Each
// parse must return (never throw), quickly, and a failure must carry a readable message per issue.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { hostileObject, knownBadStrings, STACK_TRACE, wrongTypes } from "./hostile-values";

const modules = import.meta.glob<Record<string, unknown>>("../../app/features/**/*.schema.ts", {
  eager: true,
});

function isSchema(v: unknown): v is z.ZodType {
  return (
    typeof v === "object" && v !== null && "_zod" in v && typeof (v as z.ZodType).safeParse === "function"
  );
}

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  innerType?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
}

/** The field names an object-like schema reads, looking through pipes, defaults and unions. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!isSchema(schema) || depth > 8) return [];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "pipe":
      return fieldsOf(def.in, depth + 1);
    case "union":
      return [...new Set((def.options ?? []).flatMap((o) => fieldsOf(o, depth + 1)))];
    case "intersection":
      return [...fieldsOf(def.left, depth + 1), ...fieldsOf(def.right, depth + 1)];
    default:
      return def.innerType ? fieldsOf(def.innerType, depth + 1) : [];
  }
}

const schemas: { name: string; schema: z.ZodType }[] = [];
const unrecognised: string[] = [];
for (const [file, mod] of Object.entries(modules)) {
  const short = file.replace("../../app/features/", "");
  for (const [name, value] of Object.entries(mod)) {
    if (isSchema(value)) schemas.push({ name: `${short}#${name}`, schema: value });
    else if (typeof value === "function" && /Schema$/.test(name)) {
      const built = (value as () => unknown)();
      if (isSchema(built)) schemas.push({ name: `${short}#${name}()`, schema: built });
      else unrecognised.push(`${short}#${name}`);
    }
  }
}

function checkParse(schema: z.ZodType, input: unknown): void {
  const started = performance.now();
  const result = schema.safeParse(input);
  const ms = performance.now() - started;
  expect(ms, "a single parse took too long (catastrophic regex?)").toBeLessThan(1_000);
  if (!result.success) {
    expect(result.error.issues.length).toBeGreaterThan(0);
    for (const issue of result.error.issues) {
      expect(typeof issue.message).toBe("string");
      expect(issue.message.length).toBeGreaterThan(0);
      expect(issue.message.length).toBeLessThan(400);
      expect(issue.message).not.toMatch(STACK_TRACE);
    }
  } else {
    // What passes validation goes to PostgreSQL as text, which cannot hold NUL.
    expect(JSON.stringify(result.data ?? null) ?? "").not.toContain("\\u0000");
  }
}

describe("every zod schema under app/features", () => {
  it("finds the schemas (a *Schema export that is not one fails)", () => {
    expect(unrecognised).toEqual([]);
    expect(schemas.length).toBeGreaterThanOrEqual(15);
  });

  for (const { name, schema } of schemas) {
    const fields = fieldsOf(schema);
    describe(name, () => {
      it("answers generated hostile objects without throwing", () => {
        fc.assert(
          fc.property(hostileObject(fields.length ? fields : ["value", "email", "name"]), (input) => {
            checkParse(schema, input);
          }),
          { numRuns: 150 },
        );
      });

      it("answers each known-bad string in each field, and wrong-typed roots", () => {
        for (const root of wrongTypes) checkParse(schema, root);
        for (const field of fields) {
          for (const bad of knownBadStrings) checkParse(schema, { [field]: bad });
          for (const bad of wrongTypes) checkParse(schema, { [field]: bad });
        }
        for (const bad of knownBadStrings) checkParse(schema, bad);
      });
    });
  }
});
