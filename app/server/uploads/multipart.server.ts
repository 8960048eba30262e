import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";

export type UploadResult =
  | { ok: true; bytes: Buffer; filename: string; fields: Record<string, string> }
  | { ok: false; reason: "too-large" | "no-file" | "bad-request" };

// Multipart framing (boundaries, part headers, the few small fields) on top of the file itself.
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads one file field from a multipart request while it streams in, holding at most `maxBytes`.
 * React Router's request.formData() would buffer the whole body first; here an oversized file is
 * cut off as soon as it passes the limit and the rest of the body is never read.
 */
export async function readSingleFileUpload(
  request: Request,
  opts: { maxBytes: number; fileField?: string },
): Promise<UploadResult> {
  const fileField = opts.fileField ?? "file";
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body)
    return { ok: false, reason: "bad-request" };

  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > opts.maxBytes + ENVELOPE_BYTES) {
    await request.body.cancel().catch(() => {});
    return { ok: false, reason: "too-large" };
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25 },
    });
  } catch {
    await request.body.cancel().catch(() => {});
    return { ok: false, reason: "bad-request" };
  }

  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream);
  return new Promise<UploadResult>((resolve) => {
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let filename = "";
    let sawFile = false;
    let settled = false;

    const finish = (result: UploadResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const cutOff = (reason: "too-large" | "bad-request") => {
      chunks.length = 0;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      finish({ ok: false, reason });
    };

    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== fileField || sawFile) {
        stream.resume();
        return;
      }
      sawFile = true;
      filename = info.filename ?? "";
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => cutOff("too-large"));
    });
    parser.on("error", () => cutOff("bad-request"));
    parser.on("close", () => {
      const bytes = Buffer.concat(chunks);
      if (!sawFile || bytes.length === 0) finish({ ok: false, reason: "no-file" });
      else finish({ ok: true, bytes, filename, fields });
    });
    source.on("error", () => finish({ ok: false, reason: "bad-request" }));
    source.pipe(parser);
  });
}
