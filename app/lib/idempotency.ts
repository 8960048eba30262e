/** The hidden field every create form carries (see app/server/idempotency.server.ts). */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A random v4 UUID. crypto.randomUUID() exists only on secure origins (not http://192.168.x.x), while
 * getRandomValues() works everywhere, in browsers and in Node.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
