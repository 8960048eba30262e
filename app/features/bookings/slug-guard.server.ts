import { hitRateLimit, hitRateLimitUnlessBlocked } from "~/server/rate-limit.server";
import { BOOKING_SLUG_PATTERN } from "./booking-slug.server";
import { BOOKING_NOT_FOUND, type Outcome, TOO_MANY_REQUESTS } from "./outcome";

// Booking slugs are the only secret a client holds, so lookups by slug are limited per address:
// every miss counts, and once an address has missed too often it gets no answers at all for a while.
export const MISS_LIMIT = 30;
export const PAGE_LIMIT = 300;
const ACTION_LIMIT = 30;
const WINDOW_MS = 60_000;

export async function slugLookupAllowed(clientIp: string, bucket: string, max: number): Promise<boolean> {
  const block = { key: `booking-miss:${clientIp}`, max: MISS_LIMIT };
  return hitRateLimitUnlessBlocked(`${bucket}:${clientIp}`, max, block, WINDOW_MS);
}

export async function recordMiss(clientIp: string): Promise<void> {
  await hitRateLimit(`booking-miss:${clientIp}`, MISS_LIMIT, WINDOW_MS);
}

/** For the other slug-addressed endpoints (disputes): the same per-address limits as confirm. */
export async function guardSlugAction(slug: string, clientIp: string): Promise<Outcome> {
  if (!(await slugLookupAllowed(clientIp, "booking-action", ACTION_LIMIT))) {
    return { ok: false, status: 429, message: TOO_MANY_REQUESTS };
  }
  if (!BOOKING_SLUG_PATTERN.test(slug)) {
    await recordMiss(clientIp);
    return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  }
  return { ok: true };
}

export async function reportSlugMiss(clientIp: string): Promise<void> {
  await recordMiss(clientIp);
}
