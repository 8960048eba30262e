/**
 * Idempotency keys: one submission of a create form creates at most one row, however often it arrives.
 *
 * How to use it (payments, messages, reviews and every other create action):
 *   1. In the form, render `<IdempotencyKeyField renewOn={fetcher.data} />`
 *      (`~/components/idempotency-key-field`), or for `fetcher.submit(body)` add
 *      `[IDEMPOTENCY_FIELD]: useIdempotencyKey(fetcher.data)` to the body.
 *   2. In the action, after checking who is asking and validating the input, wrap the part that writes:
 *        return idempotent({ action: "review", userId: user?.id, fields: formToObject(form) }, async () => {
 *          ...create the row(s)...
 *          return data({ ok: true, ... });
 *        });
 *
 * What it does: in one transaction it claims (scope, action, key, hash of the other fields), runs the
 * work, and stores the answer. Every `db` call inside the work joins that transaction (db.server.ts
 * inTransaction), so the row and the record of it commit together or not at all. A second arrival of
 * the same submission waits on the claim and then gets the first answer (same status, same body)
 * without running the work. An answer with status >= 400 is not kept: its work is rolled back, so a
 * retry runs again. The same key with different fields (a form edited and sent again) is a new
 * submission. Without a valid key (an old page, a script) the work simply runs. If the database is
 * unreachable the answer is a 503 with the outage message as its toast (outage-actions.server.ts).
 *
 * Scope: the signed-in user, else "anon"; the key itself is a random UUID only that page ever saw.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { IDEMPOTENCY_FIELD, isIdempotencyKey } from "~/lib/idempotency";
import { isConnectionError } from "./database-health.server";
import { db, inTransaction } from "./db.server";
import { outageAnswer } from "./outage-actions.server";

export interface IdempotentRequest {
  /** A name for the create action, e.g. "booking-request"; the same key on another action is unrelated. */
  action: string;
  userId?: string | null;
  /** The submitted fields, including `idempotencyKey`; files as something that identifies their bytes. */
  fields: Record<string, unknown>;
}

/** Thrown inside the transaction to roll it back while still answering with the result. */
class Discard<T> {
  constructor(readonly result: T) {}
}

function fingerprint(fields: Record<string, unknown>): string {
  const rest = Object.entries(fields)
    .filter(([name]) => name !== IDEMPOTENCY_FIELD)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url");
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

// What data() returns; its class is not exported at run time.
function isData(result: unknown): result is DataWithInit {
  return (result as DataWithInit | null)?.type === "DataWithResponseInit";
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return isData(result) ? (result.init?.status ?? 200) : 200;
}

/** Runs `work` once per submission; see the top of this file. */
export async function idempotent<T>(request: IdempotentRequest, work: () => Promise<T>): Promise<T> {
  const key = request.fields[IDEMPOTENCY_FIELD];
  if (!isIdempotencyKey(key)) return work();
  const scope = request.userId ? `user:${request.userId}` : "anon";
  const hash = fingerprint(request.fields);
  try {
    return await inTransaction(async () => {
      const claimed = await db.execute(sql`
        INSERT INTO idempotency_keys (scope, action, key, request_hash)
        VALUES (${scope}, ${request.action}, ${key.toLowerCase()}, ${hash})
        ON CONFLICT DO NOTHING`);
      if (!claimed.rowCount) {
        const first = await db.execute<{ status: number; response: { wrapped: boolean; body: unknown } }>(sql`
          SELECT status, response FROM idempotency_keys
          WHERE scope = ${scope} AND action = ${request.action} AND key = ${key.toLowerCase()}
            AND request_hash = ${hash}`);
        const row = first.rows[0]!;
        return (
          row.response.wrapped ? data(row.response.body, { status: row.status }) : row.response.body
        ) as T;
      }
      const result = await work();
      const status = statusOf(result);
      if (status >= 400) throw new Discard(result);
      // A raw Response (a redirect) cannot be replayed from a row: keep the work, forget the claim.
      if (result instanceof Response) {
        await db.execute(sql`
          DELETE FROM idempotency_keys WHERE scope = ${scope} AND action = ${request.action}
            AND key = ${key.toLowerCase()} AND request_hash = ${hash}`);
        return result;
      }
      const wrapped = isData(result);
      const body = isData(result) ? result.data : result;
      await db.execute(sql`
        UPDATE idempotency_keys SET status = ${status}, response = ${JSON.stringify({ wrapped, body })}::jsonb
        WHERE scope = ${scope} AND action = ${request.action} AND key = ${key.toLowerCase()}
          AND request_hash = ${hash}`);
      return result;
    });
  } catch (err) {
    if (err instanceof Discard) return err.result as T;
    // Nothing was stored (the transaction did not commit): the form keeps what was typed and says why.
    if (isConnectionError(err)) return outageAnswer() as T;
    throw err;
  }
}
