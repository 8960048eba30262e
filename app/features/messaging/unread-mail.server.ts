// Unread-message e-mails (issue 11 §7): either side hears of messages they have not read, at most
// once per conversation per 15 minutes, and never while they are reading. A sent message queues a
// delayed job on the pg-boss queue keyed by conversation, side and the minute it is due; the job decides
// when it runs, from the table (the read position, when the side last had the thread open, and
// organiser_emailed_at / musician_emailed_at).

import { musicianDisplayName } from "~/lib/display-name";
import { publicOrigin } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { lines, ourWords, readByAuthor, sentence, textShownTo } from "./contact-boundary";
import {
  claimMailSlot,
  countUnreadIn,
  emailedAt,
  findConversationForMail,
  findUserContact,
  releaseMailSlot,
  type Side,
} from "./queries.server";

export const UNREAD_MAIL_JOB = "message-unread-mail";
/** At most one e-mail per conversation per recipient in this time. */
export const MAIL_EVERY_MS = 15 * 60_000;
/** How long after a message the e-mail waits, so someone who is chatting reads it first. */
export const UNREAD_MAIL_DELAY_MS = 5 * 60_000;
/** A side that had the thread open this recently is reading: no e-mail yet. */
export const READING_MS = 5 * 60_000;

export type UnreadMailJob = { conversationId: string; side: Side };
export type UnreadMailOutcome = "sent" | "read" | "reading" | "later" | "gone";

/**
 * Queues the e-mail for `at`: one job per conversation, side and minute it is due. Keyed by that
 * minute, not a wider bucket, so a job that is waiting (or running) never swallows the later one
 * a reschedule asks for; claimMailSlot keeps it to one e-mail per 15 minutes.
 */
async function queueAt(job: UnreadMailJob, at: Date): Promise<void> {
  const minute = Math.ceil(at.getTime() / 60_000);
  await scheduleJob(UNREAD_MAIL_JOB, job, {
    startAfter: at,
    singletonKey: `${job.conversationId}:${job.side}:${minute}`,
  });
}

/**
 * After a message is stored: the recipient's e-mail, no sooner than the delay and no sooner than 15
 * minutes after the last one. A queue failure never fails the send.
 */
export async function scheduleUnreadMail(job: UnreadMailJob, now = new Date()): Promise<void> {
  try {
    const last = await emailedAt(job.conversationId, job.side);
    const at = Math.max(now.getTime() + UNREAD_MAIL_DELAY_MS, (last?.getTime() ?? 0) + MAIL_EVERY_MS);
    await queueAt(job, new Date(at));
  } catch (err) {
    logger.error({ err, conversationId: job.conversationId }, "could not queue an unread-message e-mail");
  }
}

/**
 * The job: e-mails the side if it still has unread messages, is not reading, and was not e-mailed
 * about this conversation in the last 15 minutes (else it comes back when that time is up).
 * `readingHere` says whether this process holds a live stream with the thread open for the user.
 */
export async function sendUnreadMessageMail(
  job: UnreadMailJob,
  now = new Date(),
  readingHere: (userId: string, conversationId: string) => boolean = () => false,
): Promise<UnreadMailOutcome> {
  const conv = await findConversationForMail(job.conversationId);
  if (!conv) return "gone";
  const organiser = job.side === "organiser";
  const recipientUserId = organiser ? conv.organiserUserId : conv.musicianUserId;
  const readId = organiser ? conv.organiserReadId : conv.musicianReadId;
  const previous = organiser ? conv.organiserEmailedAt : conv.musicianEmailedAt;
  // Only messages the side has neither read nor been told about already.
  const unread = await countUnreadIn(conv.id, readId, recipientUserId, previous);
  if (unread === 0) return "read";
  if (readingHere(recipientUserId, conv.id)) return "reading";
  const seenAt = organiser ? conv.organiserSeenAt : conv.musicianSeenAt;
  if (seenAt && now.getTime() - seenAt.getTime() < READING_MS) {
    // They had the thread open moments ago: look again once they have had time to read it.
    await queueAt(job, new Date(seenAt.getTime() + READING_MS));
    return "reading";
  }
  if (!(await claimMailSlot(conv.id, job.side, now, MAIL_EVERY_MS))) {
    const last = (await emailedAt(conv.id, job.side)) ?? now;
    await queueAt(job, new Date(last.getTime() + MAIL_EVERY_MS));
    return "later";
  }
  const musicianName = musicianDisplayName({
    stageName: conv.musicianStageName,
    firstName: conv.musicianFirstName,
    lastName: conv.musicianLastName,
  });
  // The other side's name as conversations show it (public), the reader's own as they wrote it.
  const from = organiser
    ? textShownTo(musicianName, "public")
    : conv.organiserName
      ? textShownTo(conv.organiserName, "public")
      : ourWords("An event organiser");
  const hello = readByAuthor(organiser ? conv.organiserName : musicianName);
  const link = ourWords(
    organiser
      ? `${publicOrigin()}/messages?c=${conv.id}`
      : conv.musicianSlug
        ? `${publicOrigin()}/musician_messages/${conv.musicianSlug}?c=${conv.id}`
        : `${publicOrigin()}/musician_dashboard`,
  );
  const to = organiser ? conv.organiserEmail : await musicianEmail(conv.musicianUserId);
  try {
    if (!to) return "gone";
    await sendMail({
      to,
      subject: sentence`${unread === 1 ? "New message" : sentence`${unread} new messages`} from ${from} on Stagebook`,
      text: lines(
        sentence`Hello ${hello},`,
        "",
        sentence`${from} sent you ${unread === 1 ? "a message" : sentence`${unread} messages`} you have not read yet. Read and reply on Stagebook:`,
        "",
        link,
        "",
        "We send at most one e-mail per conversation every 15 minutes.",
        "",
        "Stagebook",
      ),
    });
  } catch (err) {
    await releaseMailSlot(conv.id, job.side, previous);
    throw err;
  }
  return "sent";
}

async function musicianEmail(userId: string): Promise<string | null> {
  return (await findUserContact(userId))?.email ?? null;
}
