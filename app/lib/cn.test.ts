import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** Every class-like word in a string literal of app/ (tests aside). */
function classesInApp(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.includes(".test.")) {
        for (const m of fs.readFileSync(p, "utf8").matchAll(/["'`]([^"'`\n]*)["'`]/g))
          for (const w of m[1].split(/\s+/)) if (/^[!\-a-z0-9:[\]/.%_()&*>=~@]+$/.test(w)) words.add(w);
      }
    }
  };
  walk(path.resolve(import.meta.dirname, ".."));
  // The ones tailwind-merge knows as Tailwind utilities: it keeps one of two copies of those only.
  return [...words].filter((w) => twMerge(`${w} ${w}`) === w).sort();
}

const variantsOf = (c: string) => {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < c.length; i++) {
    if (c[i] === "[") depth++;
    else if (c[i] === "]") depth--;
    else if (c[i] === ":" && depth === 0) at = i;
  }
  return c.slice(0, at + 1);
};

describe("cn", () => {
  const classes = classesInApp();

  it("finds the app's classes", () => {
    expect(classes.length).toBeGreaterThan(400);
    expect(classes).toEqual(expect.arrayContaining(["px-4", "text-sm", "sm:flex-row", "bg-black/60"]));
  });

  it("merges every pair of the app's classes as tailwind-merge does", () => {
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (variantsOf(a) !== variantsOf(b)) continue;
        const want = twMerge(`${a} ${b}`);
        if (cn(a, b) !== want) differ.push(`${a} ${b} -> ${cn(a, b)}, tailwind-merge ${want}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it("keeps what it does not know, and takes clsx's inputs", () => {
    expect(cn("booking-page", "px-4", false, { "px-2": true }, ["h-9", undefined])).toBe(
      "booking-page px-2 h-9",
    );
    expect(cn("hidden md:inline-flex", "md:hidden")).toBe("hidden md:hidden");
    expect(cn("p-6 pt-0", "p-4")).toBe("p-4");
    expect(cn("p-4", "pt-0")).toBe("p-4 pt-0");
  });
});
