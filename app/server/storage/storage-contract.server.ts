// What every storage driver implements, apart from storage.server.ts (which picks a driver), so the
// drivers do not import the module that imports them.

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

/** Keys are built by our code from ids and timestamps; this refuses anything that could escape. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z_]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9._-]+$/.test(key) || key.includes("..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
