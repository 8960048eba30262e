// What follows a booking's money moving (issue 35 §2, ADR 0026): the consumers of the money events the
// money module writes in each transition's transaction. Each consumes an event once (its mark commits
// with its work) and reads only the event, never the booking's money again:
//   payout        the automatic payout of what a release put in the musician's Available
//   notice        the stored notice (Recent Activity), its texts, and its e-mails after the commit
//   review-window a release opens the booking's review window
//   release-clock a credit queues its automatic release for the event's due time
//   numbers       a job refreshes the musician's public record and the price bands (issue 38)
//   receipt       the payer's receipt with the link to manage the booking from another device
// In this order: one that fails stops those after it until the job retries (the notice says where the
// payout went; the receipt, which waits on a mail server, comes last).
// The caller runs them right after its commit (followMoneyEvents); the money-event job queued inside the
// transaction runs them if the process stopped first, and the hourly sweep catches a lost job.
import {
  consumeMoneyEvent,
  consumeMoneyEventsNow,
  type MoneyEvent,
  type MoneyEventConsumer,
  unconsumedMoneyEventIds,
} from "~/features/money/money-events.server";
import {
  mailStoredNotice,
  noticeOfTransition,
  storeTransitionNotice,
} from "~/features/notifications/money-notifications.server";
import { queueNumbersRefresh } from "~/features/numbers/numbers.server";
import { sendPaymentReceipt } from "~/features/payments/receipt.server";
import { scheduleAutoReleaseAt } from "~/features/payments/release-clock.server";
import { openReviewWindow } from "~/features/reviews/reviews.server";
import { requestReleasePayout, sendRequestedPayout } from "~/features/wallet/automatic-payouts.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";

/** The transitions that put money in the musician's Available: their follow-up is the automatic payout. */
const RELEASING: readonly MoneyEvent["kind"][] = ["release", "clientCancelSplit", "adminSplit"];

const paidAndStanding = (e: MoneyEvent) => e.kind === "credit" && e.bookingStatus !== "cancelled";

export const MONEY_EVENT_CONSUMERS: MoneyEventConsumer[] = [
  {
    name: "payout",
    wants: (e) => RELEASING.includes(e.kind) && e.moved.musicianKobo > 0,
    run: async (e) => {
      const payout = await requestReleasePayout(db, {
        musicianId: e.musicianId,
        bookingId: e.bookingId,
        amountKobo: e.moved.musicianKobo,
        holds: { cardDispute: e.holds.cardDispute, testMoney: e.testMoney },
      });
      if (!payout) return { reference: null };
      return {
        reference: payout.reference,
        status: payout.status,
        musicianId: payout.musicianId,
        // Said only when it goes at once: a payout waiting out an account's hold is told when it goes.
        account:
          payout.status === "pending"
            ? `${payout.bankName || "your bank"} ••${payout.accountNumber.slice(-4)}`
            : null,
      };
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
    name: "notice",
    wants: (e) => noticeOfTransition(e, null) !== null,
    run: async (e, earlier) => {
      const account = earlier.payout?.account;
      const id = await storeTransitionNotice(e, typeof account === "string" ? { account } : null);
      return { noticeId: id };
    },
    after: async (_e, r) => {
      if (typeof r.noticeId === "string") await mailStoredNotice(r.noticeId);
    },
  },
  {
    name: "review-window",
    wants: (e) => (e.kind === "release" || e.kind === "adminSplit") && e.moved.musicianKobo > 0,
    run: async (e) => {
      // Released means completed and paid: the booking's review window opens now.
      await openReviewWindow(e.bookingId);
    },
  },
  {
    name: "release-clock",
    wants: paidAndStanding,
    run: async () => {},
    after: async (e) => {
      // Not fatal: the hourly sweep queues any release this misses.
      if (e.releaseDueAt) await scheduleAutoReleaseAt(e.bookingId, new Date(e.releaseDueAt));
    },
  },
  {
    name: "numbers",
    // Every transition changes what the record and the bands count (paid, completed, refunded). An
    // event older than a day (one the hourly sweep finds) is left to the nightly full refresh.
    wants: (e) => Date.now() - Date.parse(e.at) < 86_400_000,
    // Queued in the mark's transaction: the refresh job commits with the mark, or neither does.
    run: async (e) => {
      await queueNumbersRefresh(e.musicianId);
    },
  },
  {
    name: "receipt",
    wants: paidAndStanding,
    // Sent inside the mark's transaction: a mail server that fails leaves it unmarked, and the job retries.
    run: async (e) => {
      await sendPaymentReceipt(e);
    },
  },
];

/** Right after a transition committed: its events' follow-ups (what fails is left to the queued job). */
export function followMoneyEvents(ids: (string | null | undefined)[]): Promise<void> {
  return consumeMoneyEventsNow(ids, MONEY_EVENT_CONSUMERS);
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
