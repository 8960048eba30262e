import { env } from "~/server/env.server";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";

/**
 * Where uploaded media lives. Keys are spec §7 paths with the bucket as the first segment, e.g.
 * `musician_images/{userId}/{timestamp}.webp`; each file gets a public URL stored on the row.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  publicUrl(key: string): string;
  /** The key behind a URL this storage handed out, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

export const BUCKETS = {
  profileImages: "profile_images",
  musicianImages: "musician_images",
  musicianAudio: "musician_audio",
} as const;

let instance: Storage | undefined;

export function storage(): Storage {
  if (instance) return instance;
  const e = env();
  instance = e.S3_BUCKET
    ? new S3Storage({
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL,
      })
    : new LocalDiskStorage(e.DATA_DIR);
  return instance;
}

/** Keys are built by our code from ids and timestamps; this refuses anything that could escape. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z_]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9._-]+$/.test(key) || key.includes("..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
