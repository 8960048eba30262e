// The mail outbox (issue 28): a mail that belongs to a database change is queued as a job in the
// change's own transaction and sent by the job after the commit. A rolled-back change (a host killed
// before its commit, whose POST haproxy then retries elsewhere) sends nothing; a committed one sends
// once. Sending still happens at least once: if the mail went out and the job's completion was lost,
// the retry sends it again (nothing on our side can tell).
import { currentTransactionSql, inTransaction } from "../db.server";
import { scheduleJob } from "../jobs/jobs.server";
import { type Mail, sendMail } from "./mailer.server";

export const SEND_MAIL_JOB = "send-mail";

/** A mail as a job carries it: JSON, so no attachments. */
export type QueuedMail = Omit<Mail, "attachments">;

/** Queues the mail in the current transaction (if any); it is sent after the commit. */
export async function queueMail(mail: QueuedMail): Promise<void> {
  if (!currentTransactionSql()) {
    await scheduleJob(SEND_MAIL_JOB, mail);
    return;
  }
  // In a savepoint, so a failed insert (the caller may log and go on) does not abort the caller's work.
  await inTransaction(async () => {
    await scheduleJob(SEND_MAIL_JOB, mail, { db: currentTransactionSql() });
  });
}

/** The send-mail job. */
export async function sendQueuedMail(mail: QueuedMail): Promise<void> {
  await sendMail(mail);
}
