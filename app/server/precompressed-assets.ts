// Serves the brotli or gzip copy that `npm run build` wrote beside a script or stylesheet
// (scripts/precompress-assets.ts) to a browser that accepts it: quality 11 once at build time instead
// of the compression middleware's fast quality 4 on every request. Runs before express.static, which
// then sends the copy; precompressedHeaders() labels it. A file without a copy is served as before.
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
const ENCODINGS: Record<string, string> = { ".br": "br", ".gz": "gzip" };

/** Rewrites /name.js to /name.js.br (or .gz) when that copy exists and the browser accepts it. */
export function precompressed(dir: string): RequestHandler {
  const copies = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!TYPES[path.extname(name)] || name.includes("/")) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [suffix, encoding] of Object.entries(ENCODINGS)) {
      if (new RegExp(`\\b${encoding}\\b`).test(accepted) && copies.has(`${name}${suffix}`)) {
        req.url = `/${name}${suffix}${req.url.slice(req.path.length)}`;
        break;
      }
    }
    next();
  };
}

/** For express.static's setHeaders: a .br/.gz copy goes out as its original type, encoded. */
export function precompressedHeaders(res: Response, file: string): void {
  const encoding = ENCODINGS[path.extname(file)];
  if (!encoding) return;
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Type", TYPES[path.extname(file.slice(0, -path.extname(file).length))] ?? "");
}
