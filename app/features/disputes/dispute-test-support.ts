// Shared by tests (never imported by the app).
import { resumeReviewWindow } from "~/features/reviews/reviews.server";
import { db } from "~/server/db.server";
import { resolveBookingDisputesIn } from "./disputes.server";

/** Resolves a booking's open disputes on its own transaction, as the admin's resolution does. */
export async function resolveBookingDisputes(bookingId: string, resolution: string): Promise<number> {
  const resolved = await resolveBookingDisputesIn(db, bookingId, resolution);
  await resumeReviewWindow(bookingId);
  return resolved;
}
