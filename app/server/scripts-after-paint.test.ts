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

describe("scriptsAfterPaint's pieces", () => {
  it("passes on what one turn of the event loop wrote as one piece, rewritten as a whole", async () => {
    const transform = scriptsAfterPaint("n1");
    const pieces: string[] = [];
    transform.on("data", (b: Buffer) => pieces.push(b.toString()));
    const done = new Promise((resolve) => transform.on("end", resolve));
    // React's 2 KB pieces, split even inside a multi-byte character and inside a rewritten attribute.
    const bytes = Buffer.from(page.replace("</head>", `</head>${"<p>Ọ̀ṣun ₦</p>".repeat(400)}`));
    for (let at = 0; at < bytes.length; at += 7) transform.write(bytes.subarray(at, at + 7));
    transform.end();
    await done;
    expect(pieces.length).toBeLessThanOrEqual(2);
    const out = pieces.join("");
    expect(out.match(/<link data-rel="modulepreload"/g)).toHaveLength(2);
    expect(out).toContain("<p>Ọ̀ṣun ₦</p>".repeat(400));
    expect(out.endsWith(`<script nonce="n1">${SCRIPT_LOADER}</script></body></html>`)).toBe(true);
  });

  it("streams a part written in a later turn as soon as that turn ends, before the page is finished", async () => {
    const transform = scriptsAfterPaint(undefined);
    const pieces: string[] = [];
    transform.on("data", (b: Buffer) => pieces.push(b.toString()));
    // (The last few characters wait for the next piece: they may be the start of something rewritten.)
    transform.write(Buffer.from("<html><head></head><body><p>shell</p><p>more of the shell</p>"));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces.join("")).toContain("<p>shell</p>");
    transform.write(Buffer.from("<p>later</p></body></html>"));
    const ended = new Promise((resolve) => transform.on("end", resolve));
    transform.end();
    await ended;
    expect(pieces.join("")).toContain(`<p>later</p><script>${SCRIPT_LOADER}</script></body></html>`);
  });
});
