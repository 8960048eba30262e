import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BUDGET_JS_BYTES, gzipBytes, type LoadedFile, pageWeight } from "./check-budgets";

const file = (url: string, type: LoadedFile["type"], gzip: number): LoadedFile => ({
  url,
  type,
  gzipBytes: gzip,
});

describe("check-budgets", () => {
  it("counts each loaded script and stylesheet once, at its gzip size", () => {
    const weight = pageWeight("/", 200, [
      file("http://x/assets/entry.js", "script", 1_000),
      file("http://x/assets/react.js", "script", 60_000),
      file("http://x/assets/entry.js", "script", 1_000),
      file("http://x/assets/root.css", "stylesheet", 9_000),
    ]);
    expect(weight).toMatchObject({
      jsFiles: 2,
      jsGzipBytes: 61_000,
      cssFiles: 1,
      cssGzipBytes: 9_000,
      jsOver: false,
      cssOver: false,
    });
  });

  it("flags a page whose scripts are over the budget", () => {
    const weight = pageWeight("/", 200, [
      file("http://x/assets/a.js", "script", BUDGET_JS_BYTES),
      file("http://x/assets/b.js", "script", 1),
    ]);
    expect(weight.jsOver).toBe(true);
  });

  it("holds every page to 125 KB of scripts, the booking page and the profile too (no interim ceiling)", () => {
    expect(BUDGET_JS_BYTES).toBe(125 * 1024);
    for (const page of ["/", "/musicians/{slug}", "/market", "/booking/{slug}"]) {
      const at = pageWeight(page, 200, [file("http://x/assets/a.js", "script", BUDGET_JS_BYTES)]);
      expect(at.jsOver, page).toBe(false);
      const above = pageWeight(page, 200, [file("http://x/assets/a.js", "script", BUDGET_JS_BYTES + 1)]);
      expect(above.jsOver, page).toBe(true);
    }
  });

  it("measures gzip at level 9, as the build precompresses", () => {
    const body = Buffer.concat([randomBytes(2_000), Buffer.alloc(8_000, "a")]);
    expect(gzipBytes(body)).toBe(gzipSync(body, { level: 9 }).length);
    expect(gzipBytes(body)).toBeLessThan(body.length);
  });
});
