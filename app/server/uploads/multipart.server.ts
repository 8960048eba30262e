import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { discardBody } from "~/server/read-form.server";

export type UploadResult =
  | { ok: true; bytes: Buffer; filename: string; fields: Record<string, string> }
  | { ok: false; reason: "too-large" | "no-file" | "bad-request" };

export type MultipartFile = { bytes: Buffer; filename: string };
export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: MultipartFile[] }
  | { ok: false; reason: "too-large" | "too-many" | "bad-request" };

// Multipart framing (boundaries, part headers, the few small fields) on top of the files themselves.
const ENVELOPE_BYTES = 64 * 1024;

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

/**
 * Reads a multipart request while it streams in: its text fields and up to `maxFiles` non-empty files
 * of `fileField`, each held only up to `maxFileBytes`. React Router's request.formData() would buffer
 * the whole body first; here an oversized file or body is cut off as soon as it passes the limit and
 * the rest is never read. A further file is refused ("too-many") or, with `extraFiles: "ignore"`,
 * skipped. NUL characters are dropped from the fields, as readForm does.
 */
export async function readMultipart(
  request: Request,
  opts: { fileField: string; maxFileBytes: number; maxFiles: number; extraFiles: "refuse" | "ignore" },
): Promise<MultipartResult> {
  if (!isMultipart(request) || !request.body) return { ok: false, reason: "bad-request" };
  const cap = opts.maxFiles * opts.maxFileBytes + ENVELOPE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    // Not read: an upload can be tens of megabytes, and the page checks sizes before sending.
    await request.body.cancel().catch(() => {});
    return { ok: false, reason: "too-large" };
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        fileSize: opts.maxFileBytes,
        files: opts.maxFiles + 1,
        fields: 30,
        fieldSize: 16 * 1024,
        parts: 40,
      },
    });
  } catch {
    // Read the refused body rather than cancel it: cancelling resets the connection before the answer.
    await discardBody(request, cap);
    return { ok: false, reason: "bad-request" };
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream);
  return new Promise<MultipartResult>((resolve) => {
    const fields: Record<string, string> = {};
    const files: MultipartFile[] = [];
    let received = 0;
    let settled = false;
    const finish = (result: MultipartResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const cutOff = (reason: "too-large" | "too-many" | "bad-request") => {
      files.length = 0;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      finish({ ok: false, reason });
    };
    const tooMany = () => {
      if (opts.extraFiles === "refuse") cutOff("too-many");
    };
    parser.on("field", (name, value) => {
      fields[name.replaceAll("\0", "")] = value.replaceAll("\0", "");
    });
    parser.on("file", (name, stream, info) => {
      if (name !== opts.fileField || (opts.extraFiles === "ignore" && files.length >= opts.maxFiles)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > cap) cutOff("too-large");
        else chunks.push(chunk);
      });
      stream.on("limit", () => cutOff("too-large"));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length === 0 || settled) return;
        if (files.length >= opts.maxFiles) tooMany();
        else files.push({ bytes, filename: info.filename ?? "" });
      });
    });
    parser.on("filesLimit", tooMany);
    parser.on("error", () => cutOff("bad-request"));
    parser.on("close", () => finish({ ok: true, fields, files }));
    source.on("error", () => finish({ ok: false, reason: "bad-request" }));
    source.pipe(parser);
  });
}

/** One file field (the portfolio's and the profile's uploads); a request without that file is "no-file". */
export async function readSingleFileUpload(
  request: Request,
  opts: { maxBytes: number; fileField?: string },
): Promise<UploadResult> {
  const read = await readMultipart(request, {
    fileField: opts.fileField ?? "file",
    maxFileBytes: opts.maxBytes,
    maxFiles: 1,
    extraFiles: "ignore",
  });
  if (!read.ok) return { ok: false, reason: read.reason === "too-large" ? "too-large" : "bad-request" };
  const [file] = read.files;
  if (!file) return { ok: false, reason: "no-file" };
  return { ok: true, bytes: file.bytes, filename: file.filename, fields: read.fields };
}
