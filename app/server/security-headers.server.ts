// The security headers of every document (helmet), kept out of server.ts so the Content-Security-Policy
// can be tested as the browser receives it. Not bundled: server.ts imports it.
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

export interface SecurityHeaderOptions {
  development: boolean;
  /** ORIGIN: https turns on upgrade-insecure-requests and HSTS. */
  origin?: string;
  /** The S3 variables: uploads are shown from the store's public address. */
  s3?: { bucket?: string; endpoint?: string; publicUrl?: string };
}

/**
 * The origin uploads are shown from when they live in an S3-compatible store: S3_PUBLIC_URL, else the
 * endpoint (as the S3 driver builds its links). Its scheme is kept, so a store on a private network
 * (`http://minio:9000`) is allowed exactly, not every `http:` address. AWS without an endpoint links to
 * `https://…amazonaws.com`, which `https:` already covers.
 */
export function uploadsOrigin(s3: SecurityHeaderOptions["s3"]): string | null {
  if (!s3?.bucket) return null;
  const base = s3.publicUrl ?? s3.endpoint;
  if (!base) return null;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
}

export function securityHeaders(options: SecurityHeaderOptions) {
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as ServerResponse & { locals: { cspNonce?: string } }).locals.cspNonce}'`;
  const store = uploadsOrigin(options.s3);
  const fromStore = store ? [store] : [];
  const https = options.origin?.startsWith("https://") ?? false;
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: options.development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonce],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", ...fromStore],
        mediaSrc: ["'self'", "https:", ...fromStore],
        frameSrc: ["https://www.youtube-nocookie.com", "https://www.instagram.com"],
        connectSrc: options.development ? ["'self'", "ws:"] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes browsers send "Origin: null" on plain form posts, which React Router's CSRF
    // check refuses; "same-origin" keeps referrers from other sites but sends our own origin to us.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: https ? undefined : false,
  });
}
