import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";
import { assertSafeKey } from "./storage.server";

describe("local disk storage", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-storage-"));
  const store = new LocalDiskStorage(dir);

  it("writes under DATA_DIR/uploads, serves at /uploads and deletes", async () => {
    await store.put("musician_images/u1/1700.webp", Buffer.from("abc"), "image/webp");
    const file = path.join(dir, "uploads", "musician_images", "u1", "1700.webp");
    expect(fs.readFileSync(file, "utf8")).toBe("abc");
    expect(store.publicUrl("musician_images/u1/1700.webp")).toBe("/uploads/musician_images/u1/1700.webp");
    expect(store.keyFromUrl("/uploads/musician_images/u1/1700.webp?v=2")).toBe(
      "musician_images/u1/1700.webp",
    );
    await store.delete(["musician_images/u1/1700.webp", "musician_images/u1/missing.webp"]);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("refuses keys that could escape the uploads folder", async () => {
    for (const key of [
      "../etc/passwd",
      "musician_images/../../x",
      "/abs/x/y",
      "a/b",
      "musician_images/u1/..%2f",
    ]) {
      expect(() => assertSafeKey(key)).toThrow();
    }
    await expect(store.put("musician_images/../../evil", Buffer.from("x"), "text/plain")).rejects.toThrow();
    expect(store.keyFromUrl("/uploads/../secret")).toBeNull();
    expect(store.keyFromUrl("https://example.com/uploads/a/b/c")).toBeNull();
  });
});

describe("S3 storage", () => {
  const received: { method: string; url: string; body: string; contentType?: string }[] = [];
  let server: http.Server;
  let endpoint = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        received.push({
          method: req.method ?? "",
          url: req.url ?? "",
          body: Buffer.concat(chunks).toString("utf8"),
          contentType: req.headers["content-type"],
        });
        if (req.method === "POST") {
          res.setHeader("content-type", "application/xml");
          res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
        } else {
          res.setHeader("ETag", '"abc"');
          res.end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("puts and deletes objects on an S3-compatible endpoint and builds public URLs", async () => {
    const store = new S3Storage({
      bucket: "media",
      region: "us-east-1",
      endpoint,
      accessKeyId: "test",
      secretAccessKey: "test-secret",
    });
    await store.put("musician_audio/u1/1700.mp3", Buffer.from("ID3-bytes"), "audio/mpeg");
    const put = received.find((r) => r.method === "PUT");
    expect(put?.url.split("?")[0]).toBe("/media/musician_audio/u1/1700.mp3");
    expect(put?.body).toBe("ID3-bytes");
    expect(put?.contentType).toBe("audio/mpeg");

    await store.delete(["musician_audio/u1/1700.mp3"]);
    const del = received.find((r) => r.method === "POST");
    expect(del?.url).toMatch(/^\/media\/?\?delete/);
    expect(del?.body).toContain("<Key>musician_audio/u1/1700.mp3</Key>");

    const url = store.publicUrl("musician_audio/u1/1700.mp3");
    expect(url).toBe(`${endpoint}/media/musician_audio/u1/1700.mp3`);
    expect(store.keyFromUrl(url)).toBe("musician_audio/u1/1700.mp3");
    expect(store.keyFromUrl("/uploads/musician_audio/u1/1700.mp3")).toBeNull();
  });

  it("uses S3_PUBLIC_URL for links when set", () => {
    const store = new S3Storage({
      bucket: "media",
      region: "eu-west-1",
      publicUrl: "https://cdn.stagebook.ng/",
    });
    expect(store.publicUrl("profile_images/u1/profile.webp")).toBe(
      "https://cdn.stagebook.ng/profile_images/u1/profile.webp",
    );
  });
});
