import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";

export const REVIEW_JOBS = {
  publish: "review-publish",
  remind: "review-remind",
  announce: "review-announce",
  sweep: "review-sweep",
} as const;

export type ReminderSide = "client" | "musician";
export const REMINDER_HOURS = [24, 72] as const;
const HOUR_MS = 3_600_000;

/**
 * The window's jobs, kept in PostgreSQL by the job queue: publication when it closes (keyed by the
 * closing time, so a window moved by a dispute gets a new job) and the 24 h and 72 h invitations.
 */
export async function scheduleWindowJobs(w: { bookingId: string; eventEndsAt: Date; closesAt: Date }) {
  await schedulePublication(w.bookingId, w.closesAt);
  for (const hours of REMINDER_HOURS) {
    for (const side of ["client", "musician"] as const) {
      await scheduleJob(
        REVIEW_JOBS.remind,
        { bookingId: w.bookingId, side, hours },
        {
          startAfter: new Date(w.eventEndsAt.getTime() + hours * HOUR_MS),
          singletonKey: `${w.bookingId}:${side}:${hours}`,
        },
      );
    }
  }
}

export async function schedulePublication(bookingId: string, closesAt: Date) {
  await scheduleJob(
    REVIEW_JOBS.publish,
    { bookingId },
    { startAfter: closesAt, singletonKey: `${bookingId}:${closesAt.toISOString()}` },
  );
}

/** Store first, then notify: called after the publication has committed. */
export async function scheduleAnnouncement(bookingId: string) {
  try {
    await scheduleJob(REVIEW_JOBS.announce, { bookingId }, { singletonKey: bookingId });
  } catch (err) {
    logger.error({ err, bookingId }, "could not queue the review publication e-mails");
  }
}

const hourKey = (at: Date) => at.toISOString().slice(0, 13);

/**
 * The sweep for windows whose jobs were never queued: runs when the app starts and then every hour
 * (each run queues the next; keys per hour, so several processes queue one run between them).
 */
export async function scheduleSweep(at: Date = new Date()): Promise<void> {
  await scheduleJob(REVIEW_JOBS.sweep, {}, { startAfter: at, singletonKey: hourKey(at) });
}
