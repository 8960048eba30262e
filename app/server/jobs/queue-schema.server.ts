// The job queue's schema, made once by the owner at migrate time (money review 2, N6). The queue
// connects as the owner (DATABASE_URL), never as the app role, so the app role needs no CREATE on the
// database (which would let it make a schema to shadow ours); pg-boss finds its schema installed and
// upgrades it itself.
import type pg from "pg";
import PgBoss from "pg-boss";

export const JOB_QUEUE_SCHEMA = "pgboss";

export async function installJobQueueSchema(owner: pg.Client): Promise<void> {
  const exists = await owner.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [JOB_QUEUE_SCHEMA]);
  if (exists.rowCount) return;
  // pg-boss's own plan: one transaction under its advisory lock, as pg-boss runs it on first start.
  await owner.query(PgBoss.getConstructionPlans(JOB_QUEUE_SCHEMA));
}
