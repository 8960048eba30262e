// Runs the queued send-mail jobs now, as a worker would (app/server/mail/mail-queue.server.ts), so a
// test reads the outbox without waiting on pg-boss's polling.
import { pool } from "~/server/db.server";
import { type QueuedMail, SEND_MAIL_JOB, sendQueuedMail } from "~/server/mail/mail-queue.server";

/** Sends every send-mail job not yet run and marks it done; returns how many it sent. */
export async function deliverQueuedMails(): Promise<number> {
  const { rows } = await pool().query<{ id: string; data: QueuedMail }>(
    "SELECT id, data FROM pgboss.job WHERE name = $1 AND state = 'created' ORDER BY created_on",
    [SEND_MAIL_JOB],
  );
  for (const job of rows) {
    await sendQueuedMail(job.data);
    await pool().query(
      "UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = $1 AND id = $2",
      [SEND_MAIL_JOB, job.id],
    );
  }
  return rows.length;
}
