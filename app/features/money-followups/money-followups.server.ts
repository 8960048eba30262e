// What follows a booking's money moving (issue 35 §2, ADR 0026): the consumers of the money events the
// money module writes in each transition's transaction. Each consumes an event once (its mark commits
// with its work) and reads only the event, never the booking's money again:
//   payout        the automatic payout of what a release put in the musician's Available
//   line-up-payouts  the same for each line-up member the release credited, by their own setting (ADR 0033)
//   line-up-notices  each credited member told their fee was released, alone (ADR 0033)
//   notice        the stored notice (Recent Activity), its texts, and its e-mails after the commit
//   review-window a release opens the booking's review window
//   release-clock a credit queues its automatic release for the event's due time
//   numbers       a job refreshes the musician's public record and the price bands (issue 38)
//   provider-refund  the refund at Paystack of what the transition sent back to the client
//   receipt       the payer's receipt with the link to manage the booking from another device
// Money news (a dispute filed, a refund or payout Paystack settled, an unpaid cancellation) has only a
// notice. The last two are outside calls: made with no transaction open, marked once they answered.
// In this order: one that fails stops those after it until the job retries (the notice says where the
// payout went; the receipt, which waits on a mail server, comes last).
// The caller runs them right after its commit (followMoneyEvents); the money-event job queued inside the
// transaction runs them if the process stopped first, and the hourly sweep catches a lost job.
import { disputeIsOpen } from "~/features/disputes/disputes.server";
import {
  consumeMoneyEvent,
  followMoneyEvents as followRegistered,
  isTransitionEvent,
  type MoneyEvent,
  type MoneyEventConsumer,
  registerMoneyEventConsumers,
  type StoredMoneyEvent,
  unconsumedMoneyEventIds,
} from "~/features/money/money-events.server";
import {
  mailStoredNotice,
  noticeOfEvent,
  storeEventNotice,
  storeLineUpFeeNotices,
} from "~/features/notifications/money-notifications.server";
import { queueNumbersRefresh } from "~/features/numbers/numbers.server";
import { sendPaymentReceipt, tellPayerRefundedAfterCancel } from "~/features/payments/receipt.server";
import { scheduleAutoReleaseAt } from "~/features/payments/release-clock.server";
import { sendRefund } from "~/features/refunds/refunds.server";
import { openReviewWindow, pauseReviewWindow } from "~/features/reviews/reviews.server";
import { requestReleasePayout, sendRequestedPayout } from "~/features/wallet/automatic-payouts.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";

/** The transitions that put money in the musician's Available: their follow-up is the automatic payout. */

type RequestedPayout = NonNullable<Awaited<ReturnType<typeof requestReleasePayout>>>;

/** What a requested payout's consumer records, and its notice says: the account only when it goes at once. */
function requestedPayout(payout: RequestedPayout) {
  return {
    reference: payout.reference,
    status: payout.status,
    musicianId: payout.musicianId,
    // A payout waiting out an account's hold is told when it goes.
    account:
      payout.status === "pending"
        ? `${payout.bankName || "your bank"} ••${payout.accountNumber.slice(-4)}`
        : null,
  };
}

const RELEASING: readonly MoneyEvent["kind"][] = [
  "release",
  "clientCancelSplit",
  "adminSplit",
  "chargebackWon",
];

const paidAndStanding = (e: StoredMoneyEvent) =>
  isTransitionEvent(e) && e.kind === "credit" && e.bookingStatus !== "cancelled";

/** A transition's event (money news has no payout, window, clock, receipt or refund to send). */
const transition = (e: StoredMoneyEvent): MoneyEvent => {
  if (!isTransitionEvent(e)) throw new Error(`money event ${e.id} is not a transition's`);
  return e;
};

export const MONEY_EVENT_CONSUMERS: MoneyEventConsumer[] = [
  {
    name: "payout",
    wants: (e) => isTransitionEvent(e) && RELEASING.includes(e.kind) && e.moved.musicianKobo > 0,
    run: async (event) => {
      const e = transition(event);
      const payout = await requestReleasePayout(db, {
        musicianId: e.musicianId,
        bookingId: e.bookingId,
        amountKobo: e.moved.musicianKobo,
        holds: { cardDispute: e.holds.cardDispute, testMoney: e.testMoney },
      });
      return payout ? requestedPayout(payout) : { reference: null };
    },
    after: async (_e, r) => {
      if (typeof r.reference === "string")
        await sendRequestedPayout({
          reference: r.reference,
          status: r.status as "pending" | "waiting",
          musicianId: r.musicianId as string,
        });
    },
  },
  {
    name: "line-up-payouts",
    wants: (e) =>
      isTransitionEvent(e) &&
      RELEASING.includes(e.kind) &&
      (e.moved.members ?? []).some((x) => x.availableKobo > 0),
    run: async (event) => {
      const e = transition(event);
      const payouts = [];
      // By musician id: the order the money module takes several wallets' locks in.
      const members = (e.moved.members ?? [])
        .filter((x) => x.availableKobo > 0)
        .sort((a, b) => a.musicianId.localeCompare(b.musicianId));
      for (const x of members) {
        const payout = await requestReleasePayout(db, {
          musicianId: x.musicianId,
          bookingId: e.bookingId,
          amountKobo: x.availableKobo,
          holds: { cardDispute: e.holds.cardDispute, testMoney: e.testMoney },
        });
        if (payout) payouts.push(requestedPayout(payout));
      }
      return { payouts };
    },
    after: async (_e, r) => {
      for (const payout of (r.payouts ?? []) as {
        reference: string;
        status: "pending" | "waiting";
        musicianId: string;
      }[])
        await sendRequestedPayout(payout);
    },
  },
  {
    // Each member the release credited is told, alone (ADR 0033): their fee and where it went.
    name: "line-up-notices",
    wants: (e) =>
      isTransitionEvent(e) &&
      RELEASING.includes(e.kind) &&
      (e.moved.members ?? []).some((x) => x.availableKobo + x.repaidKobo > 0),
    run: async (event, earlier) => {
      const sent = (earlier["line-up-payouts"]?.payouts ?? []) as {
        musicianId: string;
        account: string | null;
      }[];
      const accounts = Object.fromEntries(
        sent.flatMap((p) => (p.account ? [[p.musicianId, p.account] as const] : [])),
      );
      return { noticeIds: await storeLineUpFeeNotices(transition(event), accounts) };
    },
    after: async (_e, r) => {
      for (const id of (r.noticeIds ?? []) as string[]) await mailStoredNotice(id);
    },
  },
  {
    name: "notice",
    wants: (e) => noticeOfEvent(e, null) !== null,
    run: async (e, earlier) => {
      const account = earlier.payout?.account;
      const id = await storeEventNotice(e, typeof account === "string" ? { account } : null);
      return { noticeId: id };
    },
    after: async (_e, r) => {
      if (typeof r.noticeId === "string") await mailStoredNotice(r.noticeId);
    },
  },
  {
    // A dispute filed on a completed booking stops its review clock (from the dispute's event, so a
    // process stopped after the dispute's commit cannot lose it), as of when it was filed. A dispute
    // resolved before this ran (an old event found by the sweep) pauses nothing.
    name: "review-window-pause",
    wants: (e) => !isTransitionEvent(e) && e.news.kind === "disputeFiled",
    run: async (e) => {
      if (isTransitionEvent(e) || e.news.kind !== "disputeFiled" || !e.bookingId) return {};
      if (!(await disputeIsOpen(e.news.disputeId))) return { paused: false };
      return { paused: await pauseReviewWindow(e.bookingId, new Date(e.at)) };
    },
  },
  {
    name: "review-window",
    wants: (e) =>
      isTransitionEvent(e) &&
      (e.kind === "release" || e.kind === "adminSplit" || e.kind === "chargebackWon") &&
      e.moved.musicianKobo > 0,
    run: async (e) => {
      // Released means completed and paid: the booking's review window opens now.
      await openReviewWindow(transition(e).bookingId);
    },
  },
  {
    name: "release-clock",
    wants: paidAndStanding,
    run: async () => {},
    after: async (event) => {
      const e = transition(event);
      // Not fatal: the hourly sweep queues any release this misses.
      if (e.releaseDueAt) await scheduleAutoReleaseAt(e.bookingId, new Date(e.releaseDueAt));
    },
  },
  {
    name: "numbers",
    // Every money event may change what the record or the bands count (a booking paid, released and
    // completed, refunded, cancelled; a payout paid). One older than a day (one the hourly sweep
    // finds) is left to the nightly full refresh.
    wants: (e) => Date.now() - Date.parse(e.at) < 86_400_000,
    // Queued in the mark's transaction: the refresh job commits with the mark, or neither does.
    run: async (e) => {
      await queueNumbersRefresh(e.musicianId);
    },
  },
  {
    // The provider's refund of what the transition put in refunds pending (issue 35): asked from the
    // event, never by the caller after its commit. Idempotent at Paystack's side: the refund row is
    // claimed first, and an earlier call whose answer was lost is found among the charge's refunds and
    // adopted. An unknown outcome throws, so the job asks again.
    name: "provider-refund",
    wants: (e) => isTransitionEvent(e) && e.moved.refundIds.length > 0,
    outside: async (event) => {
      const e = transition(event);
      const statuses: Record<string, string> = {};
      for (const id of e.moved.refundIds) statuses[id] = await sendRefund(id, { fromJob: true });
      return statuses;
    },
  },
  {
    // A payment that arrived after the booking was cancelled is refunded in full in the same transaction
    // as its credit: the payer is told by e-mail, from the refund's event (never after the caller's
    // commit, which a stopped process loses). Once the mail server took it, a retry sends nothing.
    name: "paid-after-cancel-mail",
    wants: (e) => isTransitionEvent(e) && e.kind === "refund" && e.by === "paid_after_cancel",
    outside: async (e) => {
      await tellPayerRefundedAfterCancel(transition(e));
      return { sent: true };
    },
  },
  {
    name: "receipt",
    wants: paidAndStanding,
    // Sent with no transaction open (a slow mail server holds none), marked once the server took it: a
    // mail server that fails leaves it unmarked and the job retries; once sent, a retry sends nothing.
    outside: async (e) => {
      await sendPaymentReceipt(transition(e));
      return { sent: true };
    },
  },
];

// Registered with the money module, so the features these consumers build on can run them too.
registerMoneyEventConsumers(MONEY_EVENT_CONSUMERS);

/**
 * Right after a money change committed: its events' follow-ups (what fails is left to the queued job).
 * Through the money module's registry, the same way as the features these consumers build on.
 */
export function followMoneyEvents(ids: (string | null | undefined)[]): Promise<void> {
  return followRegistered(ids);
}

/** The money-event job (queued in the transition's transaction). */
export async function runMoneyEventJob(data: { id: string }): Promise<void> {
  await consumeMoneyEvent(data.id, MONEY_EVENT_CONSUMERS);
}

/** The sweep's part: events some consumer has not consumed ten minutes on (their job was lost). */
export async function consumeStrandedMoneyEvents(): Promise<number> {
  const ids = await unconsumedMoneyEventIds(MONEY_EVENT_CONSUMERS);
  for (const id of ids)
    await consumeMoneyEvent(id, MONEY_EVENT_CONSUMERS).catch((err) =>
      logger.warn({ err, id }, "money event not consumed by the sweep; the next one tries again"),
    );
  return ids.length;
}
