// When a booking's automatic release runs: a job queued for the due time the money module gave (the
// credit's money event carries it; the hourly sweep re-queues every held booking).
import { scheduleJob } from "~/server/jobs/jobs.server";

export const RELEASE_JOB = "escrow-release";

/**
 * Queues the automatic release for `at` (a credit's event says when it is due). Once due, the key also
 * names the hour (M14): a job that already ran (refused while a hold was on) is kept by pg-boss for
 * hours, and re-queuing with its key would be a no-op until then.
 */
export async function scheduleAutoReleaseAt(bookingId: string, at: Date, now = new Date()): Promise<void> {
  const hour = at <= now ? `:${Math.floor(now.getTime() / 3_600_000)}` : "";
  await scheduleJob(
    RELEASE_JOB,
    { bookingId },
    { startAfter: at, singletonKey: `release:${bookingId}:${at.toISOString()}${hour}` },
  );
}
