// Where backups are kept: a folder (BACKUP_DIR, default beside DATA_DIR) or an S3-compatible bucket.
// Both hold the same keys: wal/<segment> for archived WAL, base/<id>/{data.tar.gz,secrets.json,backup.json}
// for base backups (backup.json is written last: a base backup without it is unfinished).
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Env } from "../../server/env.server";

export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

export interface BackupStore {
  /** Words for people: the folder or s3://bucket/prefix. */
  readonly where: string;
  putFile(key: string, file: string): Promise<void>;
  putText(key: string, text: string): Promise<void>;
  getFile(key: string, file: string): Promise<void>;
  getText(key: string): Promise<string>;
  /** Every key under the prefix, in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  delete(keys: string[]): Promise<void>;
}

export class DirStore implements BackupStore {
  constructor(readonly root: string) {}

  get where(): string {
    return this.root;
  }

  private file(key: string): string {
    return path.join(this.root, ...key.split("/"));
  }

  async putFile(key: string, file: string): Promise<void> {
    const dest = this.file(key);
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
    const tmp = `${dest}.tmp-${process.pid}`;
    await fs.promises.copyFile(file, tmp);
    await syncAndRename(tmp, dest);
  }

  async putText(key: string, text: string): Promise<void> {
    const dest = this.file(key);
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
    const tmp = `${dest}.tmp-${process.pid}`;
    await fs.promises.writeFile(tmp, text, { mode: 0o600 });
    await syncAndRename(tmp, dest);
  }

  async getFile(key: string, file: string): Promise<void> {
    await fs.promises.copyFile(this.file(key), file);
  }

  async getText(key: string): Promise<string> {
    return fs.promises.readFile(this.file(key), "utf8");
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    const walk = (dir: string, keyPrefix: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
      for (const e of entries) {
        const key = `${keyPrefix}${e.name}`;
        if (e.isDirectory()) walk(path.join(dir, e.name), `${key}/`);
        else if (e.isFile() && key.startsWith(prefix) && !/\.tmp-\d+$/.test(e.name)) {
          const st = fs.statSync(path.join(dir, e.name));
          found.push({ key, size: st.size, modified: st.mtime });
        }
      }
    };
    const top = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/") + 1) : "";
    walk(top ? this.file(top) : this.root, top);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      fs.rmSync(this.file(key), { force: true });
      const dir = path.dirname(this.file(key));
      if (key.startsWith("base/") && fs.existsSync(dir) && fs.readdirSync(dir).length === 0)
        fs.rmdirSync(dir);
    }
  }
}

/** Written, flushed to disk, then renamed: a backup file is whole or absent, even after a power cut. */
async function syncAndRename(tmp: string, dest: string): Promise<void> {
  const handle = await fs.promises.open(tmp, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, dest);
}

export interface S3BackupConfig {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export class S3Store implements BackupStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3BackupConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      // A store that is down fails the call quickly; the watch job tries again next minute.
      maxAttempts: 2,
      // Plain uploads: S3-compatible stores that do not speak aws-chunked checksums (MinIO, R2, s3rver) store them as sent.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  get where(): string {
    return `s3://${this.config.bucket}/${this.config.prefix}`;
  }

  /** One PUT (up to 5 GB, S3's limit for one): a buffer, so a failed attempt is retried whole. */
  async putFile(key: string, file: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.config.prefix + key,
        Body: await fs.promises.readFile(file),
      }),
    );
  }

  async putText(key: string, text: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key, Body: text }),
    );
  }

  async getFile(key: string, file: string): Promise<void> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key }),
    );
    await pipeline(res.Body as NodeJS.ReadableStream, fs.createWriteStream(file));
  }

  async getText(key: string): Promise<string> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key }),
    );
    return (await res.Body?.transformToString("utf8")) ?? "";
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: this.config.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key)
          found.push({
            key: o.Key.slice(this.config.prefix.length),
            size: o.Size ?? 0,
            modified: o.LastModified ?? new Date(0),
          });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: chunk.map((k) => ({ Key: this.config.prefix + k })), Quiet: true },
        }),
      );
    }
  }
}

/** server.ts sets it to the embedded cluster's folder: this process's database is one the app backs up. */
export const CLUSTER_ENV = "STAGEBOOK_EMBEDDED_CLUSTER";

export type BackupTarget = { kind: "dir"; dir: string } | ({ kind: "s3" } & S3BackupConfig);

export interface BackupConfig {
  enabled: boolean;
  target: BackupTarget;
  retentionDays: number;
  baseEveryHours: number;
}

/** The folder beside the data folder: `.data` → `.data-backups`. */
export function defaultBackupDir(dataDir: string): string {
  const abs = path.resolve(dataDir);
  return path.join(path.dirname(abs), `${path.basename(abs)}-backups`);
}

/** Backups' settings from the validated environment (README, "Backups and restore"). */
export function backupConfig(e: Env): BackupConfig {
  const common = {
    enabled: e.BACKUPS === "on",
    retentionDays: e.BACKUP_RETENTION_DAYS,
    baseEveryHours: e.BACKUP_BASE_EVERY_HOURS,
  };
  if (e.BACKUP_S3_BUCKET)
    return {
      ...common,
      target: {
        kind: "s3",
        bucket: e.BACKUP_S3_BUCKET,
        prefix: normalisePrefix(e.BACKUP_S3_PREFIX ?? ""),
        region: e.BACKUP_S3_REGION ?? e.S3_REGION,
        endpoint: e.BACKUP_S3_ENDPOINT,
        accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID,
        secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY,
      },
    };
  if (e.S3_BUCKET && !e.BACKUP_DIR)
    return {
      ...common,
      target: {
        kind: "s3",
        bucket: e.S3_BUCKET,
        prefix: normalisePrefix(e.BACKUP_S3_PREFIX ?? "backups/"),
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      },
    };
  return {
    ...common,
    target: { kind: "dir", dir: path.resolve(e.BACKUP_DIR ?? defaultBackupDir(e.DATA_DIR)) },
  };
}

function normalisePrefix(prefix: string): string {
  const p = prefix.replace(/^\/+/, "");
  return p && !p.endsWith("/") ? `${p}/` : p;
}

export function openBackupStore(target: BackupTarget): BackupStore {
  return target.kind === "dir" ? new DirStore(target.dir) : new S3Store(target);
}
