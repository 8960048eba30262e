// Money events (issue 35 §2, ADR 0026): every transition that moves a booking's money writes its event in
// its own transaction (the outbox, table money_events) and queues the `money-event` job there too, so the
// event and its job commit or roll back with the money. Notices, texts, the automatic payout, the review
// window and the receipt consume the event (consumeMoneyEvent), each once: a consumer's mark commits with
// what it did. They read the event, never the booking's money again: it carries what moved, each side's
// figures, the holds, the due time and who the client is.
//
// Money news that is not a transition (a dispute filed, a refund or payout Paystack settled, an unpaid
// cancellation) is written to the same outbox in its own transaction (writeMoneyNews).
//
// This module knows no consumer: money-followups registers them when it loads, so the money module
// imports none of the features that use it.
import { type DbExecutor, db, inTransaction, transactionSql } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { clientOf } from "./client-identity.server";
import type { MemberMove } from "./line-up-shares";
import type { MoneyPhase } from "./money-rules";
import * as q from "./queries.server";

export const MONEY_EVENT_JOB = "money-event";
/** The queued job waits this long, so the caller's own follow-up (right after its commit) usually runs first. */
const JOB_DELAY_MS = 30_000;

/** The transitions, as the event names them (the keys of TRANSITIONS). */
export type MoneyEventKind =
  | "credit"
  | "release"
  | "refund"
  | "clientCancelSplit"
  | "adminSplit"
  | "chargebackLost"
  | "chargebackWon"
  | "duplicateRefund";

/** A booking's money after a transition: what moved, each side's figures, the holds, the due time, the client. */
export type MoneyEvent = {
  id: string;
  /** Unique per occurrence: the transition and its postings' keys. */
  key: string;
  kind: MoneyEventKind;
  bookingId: string;
  /** The booking's reference ("f35fp66q"), as receipts and texts name it. */
  bookingSlug: string;
  musicianId: string;
  /** The successful charge's reference (null: unpaid). */
  paymentReference: string | null;
  /** When it committed (ISO). */
  at: string;
  /** Who asked: a release's client/auto/admin; a refund's reason. */
  by: string | null;
  /** What this transition moved (kobo). */
  moved: {
    /** Back to the client (to refunds pending, then the card). */
    refundKobo: number;
    /** Into the musician's Available (after commission, after any chargeback debt repaid). */
    musicianKobo: number;
    /** A lost chargeback's debt the musician repaid from this release. */
    repaidKobo: number;
    /** Kept by Stagebook (service fee and commission). */
    platformKobo: number;
    /** Refund rows made, to send to the provider. */
    refundIds: string[];
    /**
     * Each line-up member's part (ADR 0033): a release credits each their share of it (to Available,
     * after their own debt), a lost chargeback takes back theirs. `musicianKobo` above is the leader's.
     */
    members: MemberMove[];
  };
  /** The line-up frozen with the payment: each accepted member, their role and fee (kobo). */
  lineUp: { musicianId: string; role: string; feeKobo: number }[];
  /** The booking's money after it, as the money module derives it. */
  figures: {
    /** What the client paid (price + service fee). */
    paidKobo: number;
    priceKobo: number;
    serviceFeeKobo: number;
    commissionKobo: number;
    commissionBp: number;
    /** The musician's share of the whole payment (price − commission). */
    musicianShareKobo: number;
    escrowKobo: number;
    refundedKobo: number;
    chargedBackKobo: number;
    /** What the release (all releases) gave the musician and Stagebook. */
    releasedToMusicianKobo: number;
    releasedToPlatformKobo: number;
  };
  phase: MoneyPhase;
  held: boolean;
  holds: { clientDispute: boolean; cardDispute: boolean };
  releaseDueAt: string | null;
  eventEndsAt: string | null;
  creditedAt: string | null;
  bookingStatus: string;
  /** The cancellation policy frozen on the payment (null: unpaid). */
  policy: "flexible" | "moderate" | "strict" | null;
  /** Paid through the built-in test provider: no real money (an automatic payout waits for real money). */
  testMoney: boolean;
  /** Who the client is (notices and texts go here). */
  client: { name: string; email: string | null; phone: string | null; userId: string | null };
  payer: { paymentId: string; userId: string | null; email: string } | null;
};

export type MoneyEventInput = Omit<MoneyEvent, "id" | "at" | "client">;

/**
 * Money news: a change about money that is not a booking transition, told from the outbox too (ADR 0026
 * addendum): a client's dispute filed on a paid booking, a refund or a payout Paystack settled, an unpaid
 * booking cancelled. Each carries what its notice says, as the state change knew it in its transaction.
 */
export type MoneyNews =
  | {
      kind: "disputeFiled";
      disputeId: string;
      reason: string;
      paidKobo: number;
      /** The musician's share of the payment (price − commission). */
      musicianKobo: number;
      commissionBp: number;
      /** The money module's holds.clientDispute once filed: whether this dispute holds the payment. */
      holdsMoney: boolean;
    }
  | { kind: "refundSettled"; refundId: string; refundKobo: number; paidKobo: number; duplicate: boolean }
  | {
      /** Paystack reported the refund failed, or needing attention: an admin acts, the payer is told. */
      kind: "refundDelayed";
      refundId: string;
      refundKobo: number;
      status: "failed" | "needs_attention";
    }
  | {
      kind: "payoutSettled";
      reference: string;
      /** The payout's status after it: paid (sent), failed or reversed (back in Available). */
      status: "paid" | "failed" | "reversed";
      amountKobo: number;
      /** "GTBank ••6789" */
      account: string;
      note: string | null;
    }
  | {
      kind: "cancelledUnpaid";
      by: "client" | "link" | "musician";
      /** A cancellation by link the client can undo: each one is its own event (its link action). */
      occurrence: string | null;
    };

export type MoneyNewsEvent = {
  id: string;
  key: string;
  kind: MoneyNews["kind"];
  bookingId: string | null;
  musicianId: string;
  at: string;
  news: MoneyNews;
};

/** Any event in the outbox: a transition's, or money news. */
export type StoredMoneyEvent = MoneyEvent | MoneyNewsEvent;

export const isTransitionEvent = (e: StoredMoneyEvent): e is MoneyEvent => !("news" in e);

/**
 * Writes money news in the transaction of the change it tells, with its job (as writeMoneyEvent). Null:
 * written before (the same settlement applied twice tells nobody again).
 */
export async function writeMoneyNews(
  tx: DbExecutor,
  input: { key: string; bookingId: string | null; musicianId: string; news: MoneyNews },
): Promise<string | null> {
  const at = new Date();
  const id = await q.insertMoneyEvent(tx, {
    eventKey: input.key,
    kind: input.news.kind,
    bookingId: input.bookingId,
    musicianId: input.musicianId,
    data: { ...input, kind: input.news.kind, at: at.toISOString() },
  });
  if (!id) return null;
  await scheduleJob(
    MONEY_EVENT_JOB,
    { id },
    { db: transactionSql(tx), singletonKey: id, startAfter: new Date(at.getTime() + JOB_DELAY_MS) },
  );
  return id;
}

/**
 * Writes the event in the transition's transaction and queues its job there (pg-boss `send` on the same
 * connection). Null: the same event was written before (a repeat moves nothing and tells nobody again).
 */
export async function writeMoneyEvent(tx: DbExecutor, input: MoneyEventInput): Promise<string | null> {
  // Who the client is: the module's one rule (client-identity, M4): once paid, the payer alone.
  const who = await clientOf(input.bookingId, tx);
  const client = {
    name: (await q.clientOfBooking(tx, input.bookingId))?.name ?? "",
    email: who?.email ?? null,
    phone: who?.phone ?? null,
    userId: who?.userId ?? null,
  };
  const at = new Date();
  const data = { ...input, at: at.toISOString(), client };
  const id = await q.insertMoneyEvent(tx, {
    eventKey: input.key,
    kind: input.kind,
    bookingId: input.bookingId,
    musicianId: input.musicianId,
    data,
  });
  if (!id) return null;
  await scheduleJob(
    MONEY_EVENT_JOB,
    { id },
    { db: transactionSql(tx), singletonKey: id, startAfter: new Date(at.getTime() + JOB_DELAY_MS) },
  );
  return id;
}

/**
 * One follow-up of money events. Either `run` (its database part, inside the consumption's transaction,
 * `db` joins it, with `after` once that committed) or `outside` (a call to another service, made outside
 * any transaction: a slow mail server or Paystack never holds one).
 */
export type MoneyEventConsumer = {
  name: string;
  /** Whether this consumer has anything to do with the event (false: marked consumed, nothing run). */
  wants: (event: StoredMoneyEvent) => boolean;
  /** Its database part, committed with its mark; what it returns (an object) is kept with the mark. */
  run?: (event: StoredMoneyEvent, earlier: Record<string, Record<string, unknown>>) => Promise<unknown>;
  /** Its outside part (mail, a transfer), after the commit; its own retries cover a failure. */
  after?: (event: StoredMoneyEvent, result: Record<string, unknown>) => Promise<void>;
  /**
   * An outside call that is the follow-up itself (the provider's refund, the receipt's mail): claimed
   * first (committed), called with no transaction open, marked done once it answered. It throws when the
   * outcome is unknown: the claim is dropped and the job (or the sweep) calls again, so it must be
   * idempotent on its side (a refund adopts one Paystack already holds). Done, a retry never calls again.
   */
  outside?: (event: StoredMoneyEvent) => Promise<Record<string, unknown> | undefined>;
};

/** A claim on an outside call left "sending" this long is taken over (its process stopped mid-call). */
const OUTSIDE_LEASE_SECONDS = 300;

export async function readMoneyEvent(id: string, ex: DbExecutor = db): Promise<StoredMoneyEvent | null> {
  const row = await q.findMoneyEvent(ex, id);
  return row ? ({ ...(row.data as Omit<MoneyEvent, "id">), id: row.id } as StoredMoneyEvent) : null;
}

/** An outside consumer: claim, call with no transaction open, mark done; a failure drops the claim. */
async function consumeOutside(event: StoredMoneyEvent, c: MoneyEventConsumer): Promise<boolean> {
  if (!c.wants(event)) {
    await q.claimConsumption(db, event.id, c.name);
    return false;
  }
  if (!(await q.claimOutsideConsumption(db, event.id, c.name, OUTSIDE_LEASE_SECONDS))) return false;
  let result: Record<string, unknown> | undefined;
  try {
    result = await c.outside!(event);
  } catch (err) {
    await q.dropOutsideClaim(db, event.id, c.name);
    throw err;
  }
  await q.finishOutsideConsumption(db, event.id, c.name, result ?? {});
  return true;
}

/**
 * Consumes one event with each consumer in order, each at most once (its mark and its work commit
 * together). Earlier consumers' results are passed on (the notice says where an automatic payout sent
 * the money). Returns the consumers that ran now. A consumer that throws is left unmarked and the error
 * rethrown, so the job retries it (and only it, and those after it).
 */
export async function consumeMoneyEvent(id: string, consumers: MoneyEventConsumer[]): Promise<string[]> {
  const event = await readMoneyEvent(id);
  if (!event) return [];
  const ran: string[] = [];
  const earlier: Record<string, Record<string, unknown>> = {};
  for (const c of consumers) {
    if (c.outside) {
      if (await consumeOutside(event, c)) ran.push(c.name);
      continue;
    }
    const done = await inTransaction(async () => {
      if (!(await q.claimConsumption(db, id, c.name))) return null;
      if (!c.wants(event)) return {};
      const returned = c.run ? await c.run(event, earlier) : undefined;
      const result = returned && typeof returned === "object" ? (returned as Record<string, unknown>) : {};
      await q.recordConsumptionResult(db, id, c.name, result);
      return result;
    });
    if (done === null) {
      earlier[c.name] = (await q.consumptionResult(db, id, c.name)) ?? {};
      continue;
    }
    earlier[c.name] = done;
    if (!c.wants(event)) continue;
    ran.push(c.name);
    if (c.after)
      await c
        .after(event, done)
        .catch((err) =>
          logger.warn(
            { err, id, consumer: c.name },
            "money event follow-up failed after its commit; its own retry sends it",
          ),
        );
  }
  return ran;
}

/** Consumes events right after their transition committed; a failure is left to the queued job. */
export async function consumeMoneyEventsNow(
  ids: (string | null | undefined)[],
  consumers: MoneyEventConsumer[],
) {
  for (const id of ids) {
    if (!id) continue;
    await consumeMoneyEvent(id, consumers).catch((err) =>
      logger.warn({ err, id }, "money event not consumed yet; its job will"),
    );
  }
}

/**
 * The follow-ups, as money-followups registers them when it loads (the server loads it with the job
 * handlers, at start). Features the follow-ups build on (disputes, refunds, the wallet) run them through
 * followMoneyEvents below rather than importing money-followups, which would make an import cycle.
 */
let registered: MoneyEventConsumer[] = [];

export function registerMoneyEventConsumers(consumers: MoneyEventConsumer[]): void {
  registered = consumers;
}

/**
 * Right after a money change committed: its events' follow-ups, with the registered consumers (what
 * fails, or runs before they are registered, is left to the event's queued job).
 */
export async function followMoneyEvents(ids: (string | null | undefined)[]): Promise<void> {
  if (!ids.some(Boolean)) return;
  if (registered.length === 0) {
    logger.warn({ ids }, "money event follow-ups not loaded in this process; the events' jobs run them");
    return;
  }
  await consumeMoneyEventsNow(ids, registered);
}

/** Events some consumer has not consumed, a while after they were written (their job was lost). */
export function unconsumedMoneyEventIds(
  consumers: MoneyEventConsumer[],
  olderThanSeconds = 600,
  limit = 200,
) {
  return q.unconsumedMoneyEvents(
    db,
    consumers.map((c) => c.name),
    olderThanSeconds,
    limit,
  );
}
