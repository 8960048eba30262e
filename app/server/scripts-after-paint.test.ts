import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { SCRIPT_LOADER, scriptsAfterPaint, TAP_HOLDER } from "./scripts-after-paint.server";

const page =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<link rel="modulepreload" href="/r.js"/></head><body><p>Ọlá — ₦250,000</p>' +
  '<script>window.ctx = 1</script><script nonce="n1" type="module" async="">import "/r.js";</script>' +
  "</body></html>";

async function rewrite(chunks: Buffer[], nonce?: string): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterPaint(nonce)));
}

describe("scriptsAfterPaint", () => {
  it("parks the module preloads and module script and adds the loader once, before </body>", async () => {
    const out = await rewrite([Buffer.from(page)], "n1");
    expect(out).not.toMatch(/\srel="modulepreload"/);
    expect(out.match(/<link data-rel="modulepreload"/g)).toHaveLength(2);
    expect(out).toContain('<script nonce="n1" type="x-after-paint" async="">import "/r.js";</script>');
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out.split(SCRIPT_LOADER)).toHaveLength(2);
    expect(out.endsWith(`<script nonce="n1">${SCRIPT_LOADER}</script></body></html>`)).toBe(true);
  });

  it("holds taps from the first thing in <head>, before anything on the page can be tapped, once", async () => {
    const out = await rewrite(
      [Buffer.from(page.replace("</body>", "<p>&lt;head&gt;</p><head></head></body>"))],
      "n1",
    );
    expect(
      out.startsWith(`<html><head><script nonce="n1">${TAP_HOLDER}</script><link rel="stylesheet"`),
    ).toBe(true);
    expect(out.split(TAP_HOLDER)).toHaveLength(2);
  });

  it("gives the loader no nonce on a page rendered without one (the cache allows it by hash)", async () => {
    const out = await rewrite([Buffer.from(page)]);
    expect(out).toContain(`<script>${SCRIPT_LOADER}</script></body>`);
    expect(out).toContain(`<head><script>${TAP_HOLDER}</script>`);
  });

  it("gives the same page whatever the chunk boundaries, multi-byte characters included", async () => {
    const bytes = Buffer.from(page);
    const whole = await rewrite([bytes], "n1");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)], "n1")).toBe(whole);
    }
    const oneByteAtATime = Array.from(bytes, (b) => Buffer.from([b]));
    expect(await rewrite(oneByteAtATime, "n1")).toBe(whole);
  });
});
