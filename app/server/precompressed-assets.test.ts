import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressAssets } from "../../scripts/precompress-assets";
import { precompressed, precompressedHeaders } from "./precompressed-assets";

const script = `export const greeting = ${JSON.stringify("Ẹ kú àbọ̀ ".repeat(200))};\n`;
let base = "";
let close = () => {};
let dir = "";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "stagebook-precompressed-"));
  const assets = path.join(dir, "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, "app-1.js"), script);
  fs.writeFileSync(path.join(assets, "app-1.css"), "body{color:red}".repeat(100));
  expect(precompressAssets(dir)).toBe(2);
  fs.writeFileSync(path.join(assets, "plain-1.js"), "export {};\n"); // built without copies
  const app = express();
  app.use("/assets", precompressed(assets));
  app.use("/assets", express.static(assets, { setHeaders: precompressedHeaders }));
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The raw response (node:http: fetch would decode the body itself). */
function get(file: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}/assets/${file}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("precompressed assets", () => {
  it("sends the brotli copy to a browser that accepts brotli, labelled as the script it is", async () => {
    const { headers, body } = await get("app-1.js", "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(body).toString()).toBe(script);
    expect(body.length).toBeLessThan(Buffer.byteLength(script) / 4);
  });

  it("sends the gzip copy when brotli is not accepted, and the file itself when neither is", async () => {
    const gz = await get("app-1.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("labels a stylesheet as CSS, and serves a file without copies as it is", async () => {
    const css = await get("app-1.css", "br");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(brotliDecompressSync(css.body).toString()).toBe("body{color:red}".repeat(100));
    const plain = await get("plain-1.js", "br");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("export {};\n");
  });

  it("never rewrites a path outside the assets folder", async () => {
    const { status } = await get("..%2f..%2fetc%2fpasswd.js", "br");
    expect(status).toBe(404);
  });
});
