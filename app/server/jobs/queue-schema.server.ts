// The job queue's schema, made once by the owner at migrate time (money review 2, N6). The queue
// connects as the owner (DATABASE_URL), never as the app role, so the app role needs no CREATE on the
// database (which would let it make a schema to shadow ours); pg-boss finds its schema installed and
// upgrades it itself.
import type pg from "pg";
import PgBoss from "pg-boss";

export const JOB_QUEUE_SCHEMA = "pgboss";

export async function installJobQueueSchema(owner: pg.Client): Promise<void> {
  const exists = await owner.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [JOB_QUEUE_SCHEMA]);
  // pg-boss's own plan: one transaction under its advisory lock, as pg-boss runs it on first start.
  if (!exists.rowCount) await owner.query(PgBoss.getConstructionPlans(JOB_QUEUE_SCHEMA));
  await letAppQueueMail(owner);
}

/**
 * The app role may insert send-mail jobs (mail-queue.server.ts, issue 28) and money-event, money-notice-mail and
 * release-due-mail jobs (ADR 0026: each names an event, a notice or a booking already stored; running one twice
 * does nothing), and numbers-refresh-musician (issue 38: the money event's consumer queues it in its transaction;
 * it only recounts a musician's stored facts), and only those,
 * in its own transaction: a row-level policy keeps it from queueing any other job (a payout, say). The
 * queue itself connects as the owner, which the policy does not bind.
 */
const APP_QUEUED = [
  "send-mail",
  "money-event",
  "money-notice-mail",
  "release-due-mail",
  "numbers-refresh-musician",
]
  .map((name) => `'${name}'`)
  .join(", ");

async function letAppQueueMail(owner: pg.Client): Promise<void> {
  await owner.query(`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stagebook_app') THEN RETURN; END IF;
      GRANT USAGE ON SCHEMA ${JOB_QUEUE_SCHEMA} TO stagebook_app;
      GRANT SELECT ON ${JOB_QUEUE_SCHEMA}.queue TO stagebook_app;
      GRANT INSERT, SELECT (id) ON ${JOB_QUEUE_SCHEMA}.job TO stagebook_app;
      ALTER TABLE ${JOB_QUEUE_SCHEMA}.job ENABLE ROW LEVEL SECURITY;
      DROP POLICY IF EXISTS app_queues_mail ON ${JOB_QUEUE_SCHEMA}.job;
      CREATE POLICY app_queues_mail ON ${JOB_QUEUE_SCHEMA}.job TO stagebook_app
        USING (name IN (${APP_QUEUED})) WITH CHECK (name IN (${APP_QUEUED}));
    END $$`);
}
