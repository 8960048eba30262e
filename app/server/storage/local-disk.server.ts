import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type Storage } from "./storage-contract.server";

/** Files under {DATA_DIR}/uploads, served by Express at /uploads (express-app.server.ts). */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "uploads");
  }

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file and a replaced image swaps atomically.
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, target);
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.rm(this.file(k), { force: true })));
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `/uploads/${key}`;
  }

  keyFromUrl(url: string): string | null {
    const match = /^\/uploads\/([^?#]+)/.exec(url);
    if (!match) return null;
    try {
      assertSafeKey(match[1]!);
      return match[1]!;
    } catch {
      return null;
    }
  }
}
