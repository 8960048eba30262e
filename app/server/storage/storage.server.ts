import { env } from "~/server/env.server";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";
import type { Storage } from "./storage-contract.server";

export { assertSafeKey, type Storage } from "./storage-contract.server";

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
