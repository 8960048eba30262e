// Photos from the event on the client's review: the portfolio's upload safety (magic bytes, sharp
// re-encode to WebP without metadata, pixel and size caps), read from the multipart body as it streams.
import { MAX_IMAGE_BYTES } from "~/features/portfolio/media.schema";
import { renderImage } from "~/features/portfolio/media.server";
import { logger } from "~/server/logger.server";
import { storage } from "~/server/storage/storage.server";
import { isMultipart, readMultipart } from "~/server/uploads/multipart.server";
import { MAX_REVIEW_PHOTOS } from "./rating";
import { REVIEW_PHOTO_WIDTHS } from "./review-photo-url";

export { MAX_REVIEW_PHOTOS };
export const REVIEW_PHOTO_BUCKET = "review_photos";
export { REVIEW_PHOTO_WIDTHS };

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

export { isMultipart };

/** The review form's text fields and its "photos" files (an empty file part, no file chosen, is skipped). */
export async function readReviewUpload(request: Request): Promise<ReviewUpload> {
  const read = await readMultipart(request, {
    fileField: "photos",
    maxFileBytes: MAX_IMAGE_BYTES,
    maxFiles: MAX_REVIEW_PHOTOS,
    extraFiles: "refuse",
  });
  if (!read.ok) return read;
  return { ok: true, fields: read.fields, photos: read.files.map((f) => f.bytes) };
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
