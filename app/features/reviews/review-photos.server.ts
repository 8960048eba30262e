// Photos from the event on the client's review: the portfolio's upload safety (magic bytes, sharp
// re-encode to WebP without metadata, pixel and size caps), read from the multipart body as it streams.
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_IMAGE_BYTES } from "~/features/portfolio/media.schema";
import { renderImage } from "~/features/portfolio/media.server";
import { logger } from "~/server/logger.server";
import { storage } from "~/server/storage/storage.server";
import { MAX_REVIEW_PHOTOS } from "./rating";
import { REVIEW_PHOTO_WIDTHS } from "./review-photo-url";

export { MAX_REVIEW_PHOTOS };
export const REVIEW_PHOTO_BUCKET = "review_photos";
export { REVIEW_PHOTO_WIDTHS };

const ENVELOPE_BYTES = 64 * 1024;

export const PHOTO_MESSAGES = {
  tooLarge: "Each photo must be 5MB or smaller.",
  tooMany: `Add at most ${MAX_REVIEW_PHOTOS} photos.`,
  notImage: "Photos must be JPEG, PNG, WebP, GIF or AVIF images.",
  unreadable: "We could not read that form. Please try again.",
  failed: "Your photos could not be saved. Please try again.",
} as const;

export type ReviewUpload =
  | { ok: true; fields: Record<string, string>; photos: Buffer[] }
  | { ok: false; reason: "too-large" | "too-many" | "bad-request" };

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

/**
 * The review form's text fields and its "photos" files, each held only up to MAX_IMAGE_BYTES: an
 * oversized file or a body past the cap stops the read at once. An empty file part (no file chosen) is
 * skipped. NUL characters are dropped from the fields, as readForm does.
 */
/** Reads and drops a refused body, so the answer reaches the client; past `cap` bytes it gives up. */
async function discard(body: ReadableStream<Uint8Array>, cap: number): Promise<void> {
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > cap) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

export async function readReviewUpload(request: Request): Promise<ReviewUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) return { ok: false, reason: "bad-request" };
  const cap = MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES + ENVELOPE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await request.body.cancel().catch(() => {});
    return { ok: false, reason: "too-large" };
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_REVIEW_PHOTOS + 1,
        fields: 30,
        fieldSize: 16 * 1024,
        parts: 40,
      },
    });
  } catch {
    // Read the refused body rather than cancel it: cancelling resets the connection before the answer.
    await discard(request.body, cap);
    return { ok: false, reason: "bad-request" };
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream);
  return new Promise<ReviewUpload>((resolve) => {
    const fields: Record<string, string> = {};
    const photos: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (result: ReviewUpload) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const cutOff = (reason: "too-large" | "too-many" | "bad-request") => {
      photos.length = 0;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      finish({ ok: false, reason });
    };
    parser.on("field", (name, value) => {
      fields[name.replaceAll("\0", "")] = value.replaceAll("\0", "");
    });
    parser.on("file", (name, stream) => {
      if (name !== "photos") {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > cap) cutOff("too-large");
        else chunks.push(chunk);
      });
      stream.on("limit", () => cutOff("too-large"));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length === 0 || settled) return;
        if (photos.length >= MAX_REVIEW_PHOTOS) cutOff("too-many");
        else photos.push(bytes);
      });
    });
    parser.on("filesLimit", () => cutOff("too-many"));
    parser.on("error", () => cutOff("bad-request"));
    parser.on("close", () => finish({ ok: true, fields, photos }));
    source.on("error", () => finish({ ok: false, reason: "bad-request" }));
    source.pipe(parser);
  });
}

export type StoredPhotos = { ok: true; urls: string[]; keys: string[] } | { ok: false; message: string };

/** Re-encodes every photo first (any one that is not an image refuses them all), then stores them. */
export async function storeReviewPhotos(bookingId: string, photos: Buffer[]): Promise<StoredPhotos> {
  const rendered = [];
  for (const bytes of photos) {
    const renditions = await renderImage(bytes, REVIEW_PHOTO_WIDTHS);
    if (!renditions) return { ok: false, message: PHOTO_MESSAGES.notImage };
    rendered.push(renditions);
  }
  const stamp = Date.now();
  const urls: string[] = [];
  const keys: string[] = [];
  try {
    for (const [i, renditions] of rendered.entries()) {
      const base = `${REVIEW_PHOTO_BUCKET}/${bookingId}/${stamp}-${i}`;
      for (const r of renditions) {
        const key = `${base}${r.suffix}.webp`;
        await storage().put(key, r.bytes, "image/webp");
        keys.push(key);
      }
      urls.push(storage().publicUrl(`${base}.webp`));
    }
  } catch (err) {
    logger.error({ err, bookingId }, "review photos could not be stored");
    await deleteReviewPhotoKeys(keys);
    return { ok: false, message: PHOTO_MESSAGES.failed };
  }
  return { ok: true, urls, keys };
}

export async function deleteReviewPhotoKeys(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await storage().delete(keys);
  } catch (err) {
    logger.warn({ err, keys }, "review photos could not be deleted");
  }
}

/** Every stored file behind the given photo URLs (each size of each photo). */
export function reviewPhotoKeys(urls: string[]): string[] {
  const keys: string[] = [];
  for (const url of urls) {
    const key = storage().keyFromUrl(url);
    if (!key) continue;
    for (const width of REVIEW_PHOTO_WIDTHS) {
      keys.push(width === Math.max(...REVIEW_PHOTO_WIDTHS) ? key : key.replace(/\.webp$/, `-${width}.webp`));
    }
  }
  return keys;
}
