import { describe, expect, it } from "vitest";
import { discardBody } from "~/server/read-form.server";
import { readSingleFileUpload } from "./multipart.server";

const BOUNDARY = "----stagebook-test-boundary";
const MB = 1024 * 1024;

/** A multipart body streamed in 64KB chunks, counting how many bytes the reader actually pulled. */
function streamingUpload(fileBytes: number, opts: { contentLength?: boolean } = {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nDemo\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  const stats = { pulled: 0, cancelled: false };
  let sentFile = 0;
  let stage = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Buffer;
      if (stage === 0) {
        chunk = head;
        stage = 1;
      } else if (stage === 1) {
        const n = Math.min(64 * 1024, fileBytes - sentFile);
        chunk = Buffer.alloc(n, 0x41);
        sentFile += n;
        if (sentFile >= fileBytes) stage = 2;
      } else if (stage === 2) {
        chunk = tail;
        stage = 3;
      } else {
        controller.close();
        return;
      }
      stats.pulled += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  const headers = new Headers({ "content-type": `multipart/form-data; boundary=${BOUNDARY}` });
  if (opts.contentLength) headers.set("content-length", String(total));
  const request = new Request("http://localhost/profile?media=audio", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, stats, total };
}

describe("readSingleFileUpload", () => {
  it("reads a file within the limit, with the fields before it", async () => {
    const { request } = streamingUpload(300 * 1024);
    const result = await readSingleFileUpload(request, { maxBytes: MB });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.bytes.length).toBe(300 * 1024);
      expect(result.fields).toEqual({ title: "Demo" });
      expect(result.filename).toBe("a.mp3");
    }
  });

  it("cuts off an oversized upload as it streams, without reading the rest", async () => {
    const { request, stats, total } = streamingUpload(50 * MB);
    const result = await readSingleFileUpload(request, { maxBytes: 10 * MB });
    expect(result).toEqual({ ok: false, reason: "too-large" });
    expect(stats.cancelled).toBe(true);
    // Stopped just past the limit: a fraction of the 50MB body was ever read.
    expect(stats.pulled).toBeLessThan(12 * MB);
    expect(stats.pulled).toBeLessThan(total / 4);
  });

  it("refuses at once when the declared length is over the limit", async () => {
    const { request, stats } = streamingUpload(20 * MB, { contentLength: true });
    const result = await readSingleFileUpload(request, { maxBytes: 5 * MB });
    expect(result).toEqual({ ok: false, reason: "too-large" });
    expect(stats.pulled).toBeLessThan(MB);
  });

  it("refuses a body that is not multipart", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await readSingleFileUpload(request, { maxBytes: MB })).toEqual({
      ok: false,
      reason: "bad-request",
    });
  });

  it("refuses malformed multipart without throwing", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: "garbage with no boundary at all",
    });
    const result = await readSingleFileUpload(request, { maxBytes: MB });
    expect(result.ok).toBe(false);
  });
});

describe("discardBody", () => {
  it("reads a refused body to its end, so the answer is not cut off mid-send", async () => {
    const { request, stats, total } = streamingUpload(2 * MB);
    await discardBody(request);
    expect(stats.pulled).toBe(total);
    expect(stats.cancelled).toBe(false);
  });

  it("gives up past its cap", async () => {
    const { request, stats } = streamingUpload(8 * MB);
    await discardBody(request, MB);
    expect(stats.cancelled).toBe(true);
    expect(stats.pulled).toBeLessThan(2 * MB);
  });
});
