import { DeleteObjectsCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, type Storage } from "./storage-contract.server";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Public base URL of the bucket (CDN or website endpoint); derived from the endpoint when unset. */
  publicUrl?: string;
}

/** Any S3-compatible object store (AWS S3, Cloudflare R2, MinIO...) selected by S3_BUCKET. */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly base: string;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
    const fallback = config.endpoint
      ? `${config.endpoint.replace(/\/$/, "")}/${config.bucket}`
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
    this.base = (config.publicUrl ?? fallback).replace(/\/$/, "");
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=2592000, immutable",
      }),
    );
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    keys.forEach(assertSafeKey);
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.config.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.base}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(`${this.base}/`)) return null;
    const key = url.slice(this.base.length + 1).split(/[?#]/)[0]!;
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return null;
    }
  }

  /** For tests and the health of the wiring: the client this driver sends through. */
  get s3Client(): S3Client {
    return this.client;
  }
}
