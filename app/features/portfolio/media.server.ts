import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

// Decoding is refused above this many pixels, so a small file that inflates to a huge bitmap
// (a "decompression bomb") cannot exhaust memory.
export const MAX_INPUT_PIXELS = 40_000_000;

const IMAGE_MIMES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const AUDIO_TYPES: Record<string, "mp3" | "wav"> = {
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/vnd.wave": "wav",
  "audio/x-wav": "wav",
};

export interface ImageRendition {
  /** Appended to the base name: "" for the largest, "-640", "-320". */
  suffix: string;
  width: number;
  bytes: Buffer;
}

/**
 * Re-encodes an upload to WebP at each width (never enlarging), auto-rotated and without metadata
 * (sharp drops EXIF/GPS unless asked to keep it). Returns null when the bytes are not an image we
 * accept, whatever the file was called.
 */
export async function renderImage(
  bytes: Buffer,
  widths: readonly number[],
): Promise<ImageRendition[] | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_MIMES.has(type.mime)) return null;
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
    const meta = await input.metadata();
    if (!meta.width || !meta.height) return null;
    const largest = Math.max(...widths);
    return await Promise.all(
      widths.map(async (width) => ({
        suffix: width === largest ? "" : `-${width}`,
        width,
        bytes: await input
          .clone()
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch {
    return null;
  }
}

/** MP3 or WAV by magic bytes, else null. */
export async function audioExtension(bytes: Buffer): Promise<"mp3" | "wav" | null> {
  const type = await fileTypeFromBuffer(bytes);
  return (type && AUDIO_TYPES[type.mime]) ?? null;
}
