// When a booking's automatic release runs: a job queued for the due time the money module gave (the
// credit's money event carries it; the hourly sweep re-queues every held booking).
import { scheduleJob } from "~/server/jobs/jobs.server";

export const RELEASE_JOB = "escrow-release";

/** Queues the automatic release for `at` (a credit's event says when it is due). */
export async function scheduleAutoReleaseAt(bookingId: string, at: Date): Promise<void> {
  await scheduleJob(
    RELEASE_JOB,
    { bookingId },
    { startAfter: at, singletonKey: `release:${bookingId}:${at.toISOString()}` },
  );
}
