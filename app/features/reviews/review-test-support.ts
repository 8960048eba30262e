// Shared by the reviews integration tests (never imported by the app).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { payerOfInsertedBooking } from "~/features/payments/payment-test-support";
import { addDaysToDate } from "~/lib/lagos-date";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { reviews, reviewWindows } from "~db/schema/reviews";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { recomputeMusicianRating } from "./reviews.server";

export const DAY = 86_400_000;

let n = 0;
/** A musician with an active website (slug, names, phone). */
export async function reviewMusician(stageName = "Tunde Keys"): Promise<TestMusician & { slug: string }> {
  const m = await createMusician();
  n += 1;
  const slug = `rev-${m.profileId.slice(0, 8)}-${n}`;
  await db
    .update(musicianProfiles)
    .set({
      slug,
      stageName,
      firstName: "Tunde",
      lastName: "Adeyemi",
      phoneNumber: "08030000001",
      websiteActive: true,
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return { ...m, slug };
}

/** A booking of the musician's; by default completed, the event having ended at `endsAt`. */
export async function reviewBooking(
  musician: { profileId: string },
  opts: {
    status?: "pending" | "confirmed" | "completed" | "cancelled";
    eventDate?: string;
    email?: string | null;
    phoneNumber?: string | null;
    eventType?: string;
    paymentStatus?: "unpaid" | "paid" | "released" | "refunded";
  } = {},
): Promise<{ id: string; slug: string }> {
  const slug = randomBytes(4).toString("hex");
  const [row] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId: musician.profileId,
      slug,
      clientName: "Ada Eze",
      email: opts.email === undefined ? `ada-${slug}@example.com` : opts.email,
      phoneNumber: opts.phoneNumber === undefined ? "08031234567" : opts.phoneNumber,
      serviceType: "Full Event Performance",
      eventType: opts.eventType ?? "Wedding",
      eventDate: opts.eventDate ?? "2026-03-14",
      eventStartTime: "14:00",
      eventEndTime: "18:00",
      priceKobo: 25_000_000,
      status: opts.status ?? "completed",
      paymentStatus: opts.paymentStatus ?? "released",
    })
    .returning({ id: bookingsByMusician.id });
  return { id: row!.id, slug };
}

/**
 * The Cookie header of the browser that paid a booking made by reviewBooking (a successful payment and
 * its device secret): reviews are the payer's (issue 35 §1).
 */
export async function payerCookieFor(bk: { id: string; slug: string }): Promise<{ cookie: string }> {
  const payer = await payerOfInsertedBooking(bk.id);
  return { cookie: `sb_payer_${bk.slug}=${payer.payerToken}` };
}

/** 2026-03-14 18:00 in Lagos: when the default booking's event ends. */
export const EVENT_END = new Date("2026-03-14T17:00:00Z");
export const at = (ms: number) => new Date(EVENT_END.getTime() + ms);

export const clientReview = (overrides: Partial<Record<string, number | string>> = {}) => ({
  overall: 5,
  satisfaction: 5,
  professionalism: 4,
  communication: 5,
  punctuality: 4,
  body: "Wonderful band, the guests danced all night long.",
  ...overrides,
});

export const organiserReview = (bookingId: string, overrides: Record<string, unknown> = {}) => ({
  bookingId,
  overall: 4,
  paidOnTime: true,
  treatedWell: true,
  body: "Organised, paid promptly and fed the whole band.",
  ...overrides,
});

/**
 * Published client reviews with the given overall stars, one completed booking each, written straight
 * to the database (for data sets too big to drive through the rules), then the aggregate refreshed.
 */
export async function seedPublishedReviews(
  musician: { profileId: string },
  overalls: number[],
  publishedFrom = new Date("2026-04-01T10:00:00Z"),
): Promise<void> {
  for (const [i, overall] of overalls.entries()) {
    // One event a day: a musician's confirmed and completed bookings may not overlap.
    const bk = await reviewBooking(musician, { eventDate: addDaysToDate("2026-03-01", i) });
    const publishedAt = new Date(publishedFrom.getTime() + i * 60_000);
    await db.insert(reviewWindows).values({
      bookingId: bk.id,
      musicianId: musician.profileId,
      eventEndsAt: EVENT_END,
      closesAt: new Date(EVENT_END.getTime() + 14 * DAY),
      publishedAt,
    });
    await db.insert(reviews).values({
      bookingId: bk.id,
      musicianId: musician.profileId,
      direction: "client_to_musician",
      overall,
      satisfaction: overall,
      professionalism: overall,
      communication: overall,
      punctuality: overall,
      body: `Review number ${i + 1} of this musician, ${overall} stars.`,
      publishedAt,
    });
  }
  await recomputeMusicianRating(musician.profileId);
}
