import { randomBytes } from "node:crypto";
import { inTransaction } from "~/server/db.server";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** Spec §9: 8 characters. 40 random bits from the CSPRNG, base32 (5 bits per character). */
export function newBookingSlug(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = "";
  for (let i = 7; i >= 0; i--) out += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

export const BOOKING_SLUG_PATTERN = /^[a-z0-9]{8}$/;

function isSlugCollision(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "bookings_by_musician_slug_key") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Runs `insert` with fresh slugs until one is not taken (the unique index decides, not a read). */
export async function withUniqueSlug<T>(
  insert: (slug: string) => Promise<T>,
  generate: () => string = newBookingSlug,
  attempts = 5,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      // A savepoint, so a collision inside a caller's transaction (an idempotent create) can retry.
      return await inTransaction(() => insert(generate()));
    } catch (err) {
      if (!isSlugCollision(err) || i >= attempts) throw err;
    }
  }
}
