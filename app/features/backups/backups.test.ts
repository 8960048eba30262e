import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { archiveCommand, restoreCommand } from "./archiving.server";
import { backupConfig, defaultBackupDir } from "./backup-store.server";
import type { BaseBackup } from "./base-backup.server";
import { chooseBaseBackup, occupiedReason, pgTimestamp } from "./restore.server";

describe("backup settings", () => {
  it("are on by default, beside DATA_DIR, 14 days, a base backup a day", () => {
    expect(backupConfig(parseEnv({ DATA_DIR: "/srv/stagebook/.data" }))).toEqual({
      enabled: true,
      target: { kind: "dir", dir: "/srv/stagebook/.data-backups" },
      retentionDays: 14,
      baseEveryHours: 24,
    });
    expect(defaultBackupDir("data")).toBe(path.resolve("data-backups"));
    expect(backupConfig(parseEnv({ BACKUPS: "off" })).enabled).toBe(false);
  });

  it("go to the uploads store under backups/ when S3_BUCKET is set, or to their own bucket", () => {
    const s3 = {
      S3_BUCKET: "uploads",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    };
    expect(backupConfig(parseEnv(s3)).target).toEqual({
      kind: "s3",
      bucket: "uploads",
      prefix: "backups/",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "k",
      secretAccessKey: "s",
    });
    expect(backupConfig(parseEnv({ ...s3, BACKUP_DIR: "/mnt/backups" })).target).toEqual({
      kind: "dir",
      dir: "/mnt/backups",
    });
    expect(
      backupConfig(
        parseEnv({ ...s3, BACKUP_S3_BUCKET: "vault", BACKUP_S3_REGION: "eu-west-1", BACKUP_S3_PREFIX: "pg" }),
      ).target,
    ).toMatchObject({ kind: "s3", bucket: "vault", prefix: "pg/", region: "eu-west-1", endpoint: undefined });
  });

  it("refuse nonsense with a message naming the variable", () => {
    expect(() => parseEnv({ BACKUP_RETENTION_DAYS: "0" })).toThrow(
      /BACKUP_RETENTION_DAYS must be between 1 and 3650/,
    );
    expect(() => parseEnv({ BACKUPS: "yes" })).toThrow(/BACKUPS must be on or off/);
  });
});

describe("restore's choices", () => {
  const b = (id: string, finishedAt: string) => ({ id, finishedAt }) as BaseBackup;
  const backups = [b("a", "2026-12-01T00:05:00Z"), b("b", "2026-12-02T00:05:00Z")];

  it("starts from the newest base backup that had finished by the moment", () => {
    expect(chooseBaseBackup(backups, { to: new Date("2026-12-01T14:05:00+01:00") }).id).toBe("a");
    expect(chooseBaseBackup(backups, { to: new Date("2026-12-02T00:05:00Z") }).id).toBe("b");
    expect(chooseBaseBackup(backups, { latest: true }).id).toBe("b");
    expect(() => chooseBaseBackup(backups, { to: new Date("2026-11-30T00:00:00Z") })).toThrow(
      "No base backup had finished by 2026-11-30T00:00:00.000Z: the oldest kept finished at 2026-12-01T00:05:00Z.",
    );
    expect(() => chooseBaseBackup([], { latest: true })).toThrow(/There are no base backups yet/);
  });

  it("writes only into a new or empty folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-occupied-"));
    try {
      expect(occupiedReason(path.join(dir, "new"))).toBeUndefined();
      expect(occupiedReason(dir)).toBeUndefined();
      fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
      expect(occupiedReason(dir)).toBe("it is not empty");
      fs.mkdirSync(path.join(dir, "postgres"));
      expect(occupiedReason(dir)).toBe("it holds a database");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the moment as recovery_target_time reads it", () => {
    expect(pgTimestamp(new Date("2026-12-01T14:05:00+01:00"))).toBe("2026-12-01 13:05:00.000+00");
  });
});

describe("the archive and restore commands", () => {
  it("gzip a segment into a folder with an awkward name and read it back; an identical repeat succeeds, a different one fails", () => {
    // PostgreSQL passes %p as a plain relative path (pg_wal/…); the archive folder is the user's.
    const pgWal = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-pg-wal-"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it's a folder "));
    try {
      const segment = path.join(pgWal, "segment");
      fs.writeFileSync(segment, Buffer.alloc(1024 * 1024, 7));
      const sh = (cmd: string) => execFileSync("sh", ["-c", cmd]);
      const archive = (file: string) =>
        sh(
          archiveCommand(path.join(dir, "wal"))
            .replaceAll("%p", file)
            .replaceAll("%f", "000000010000000000000001"),
        );
      fs.mkdirSync(path.join(dir, "wal"));
      archive(segment);
      expect(fs.readdirSync(path.join(dir, "wal"))).toEqual(["000000010000000000000001.gz"]);
      archive(segment);
      fs.writeFileSync(path.join(pgWal, "other"), "different history");
      expect(() => archive(path.join(pgWal, "other"))).toThrow();
      const back = path.join(pgWal, "back");
      sh(
        restoreCommand(path.join(dir, "wal"))
          .replaceAll("%p", back)
          .replaceAll("%f", "000000010000000000000001"),
      );
      expect(fs.readFileSync(back).equals(fs.readFileSync(segment))).toBe(true);
      expect(() =>
        sh(
          restoreCommand(path.join(dir, "wal"))
            .replaceAll("%p", `${back}2`)
            .replaceAll("%f", "000000010000000000000002"),
        ),
      ).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(pgWal, { recursive: true, force: true });
    }
  });
});
