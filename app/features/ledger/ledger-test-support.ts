// Shared by tests (never imported by the app).
import { type DbExecutor, db } from "~/server/db.server";
import { findTransactionId } from "./queries.server";

/** Whether a transaction was posted under this idempotency key (e.g. "release:{booking}": released). */
export async function isPosted(idempotencyKey: string, ex: DbExecutor = db): Promise<boolean> {
  return (await findTransactionId(ex, idempotencyKey)) !== null;
}
