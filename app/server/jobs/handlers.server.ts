// The one list of background jobs. Each job's logic lives in its feature; this file only names them.

import {
  BACKUP_WATCH_JOB,
  BASE_BACKUP_JOB,
  runBackupWatch,
  runBaseBackupJob,
} from "~/features/backups/backups.server";
import {
  REQUEST_ANSWER_MAIL_JOB,
  type RequestAnswerMailJob,
  sendRequestAnswerMail,
} from "~/features/booking-requests/booking-requests.server";
import { isReading } from "~/features/messaging/realtime.server";
import {
  sendUnreadMessageMail,
  UNREAD_MAIL_JOB,
  type UnreadMailJob,
} from "~/features/messaging/unread-mail.server";
import { MONEY_EVENT_JOB } from "~/features/money/money-events.server";
import { runMoneyEventJob } from "~/features/money-followups/money-followups.server";
import {
  MONEY_NOTICE_MAIL_JOB,
  RELEASE_DUE_MAIL_JOB,
  sendMoneyNoticeMails,
  sendReleaseDueMail,
} from "~/features/notifications/money-notifications.server";
import {
  NUMBERS_BANDS_JOB,
  NUMBERS_MUSICIAN_JOB,
  NUMBERS_NIGHTLY_JOB,
  NUMBERS_REFRESH_JOB,
  refreshAllNumbers,
  refreshChangedNumbers,
  runNumbersBandsJob,
  runNumbersMusicianJob,
} from "~/features/numbers/numbers.server";
import { MONEY_SWEEP_JOB, runMoneySweep } from "~/features/payments/money-sweep.server";
import { sendTestWebhook, TEST_WEBHOOK_JOB } from "~/features/payments/paystack/test-webhooks.server";
import { runAutoRelease } from "~/features/payments/release.server";
import { RELEASE_JOB } from "~/features/payments/release-clock.server";
import {
  PHONE_SEND_JOB,
  PHONE_SWEEP_JOB,
  sendPhoneMessage,
  sweepPhoneMessages,
} from "~/features/phone-messages/phone-messages.server";
import { RETRY_REFUND_JOB, retryRefundJob } from "~/features/refunds/refunds.server";
import { reviewJobHandlers } from "~/features/reviews/review-jobs.server";
import { runSendPayout, SEND_PAYOUT_JOB } from "~/features/wallet/automatic-payouts.server";
import { RETRY_PAYOUT_JOB, retryPayoutTransfer } from "~/features/wallet/wallet.server";
import { SEND_MAIL_JOB, sendQueuedMail } from "../mail/mail-queue.server";
import { registerJob } from "./jobs.server";

let registered = false;

/** Registers every job handler once per process (before startJobs). */
export function registerJobHandlers(): void {
  if (registered) return;
  registered = true;
  // Features add a line here: registerJob("name", handlerFromTheFeature).
  for (const j of reviewJobHandlers) registerJob(j.name, j.handler as (data: never) => Promise<void>);
  registerJob(RELEASE_JOB, runAutoRelease);
  // Several at once: a payout's "Paid out" waits on these (issue 29: within a minute of release).
  registerJob(TEST_WEBHOOK_JOB, (data: Parameters<typeof sendTestWebhook>[0]) => sendTestWebhook(data), {
    concurrency: 4,
  });
  registerJob(RETRY_PAYOUT_JOB, retryPayoutTransfer);
  registerJob(SEND_PAYOUT_JOB, (data: { reference: string }) => runSendPayout(data), { concurrency: 4 });
  registerJob(RETRY_REFUND_JOB, retryRefundJob);
  registerJob(MONEY_NOTICE_MAIL_JOB, sendMoneyNoticeMails);
  registerJob(RELEASE_DUE_MAIL_JOB, async (data: { bookingId: string }) => {
    await sendReleaseDueMail(data);
  });
  // A money event's follow-ups, queued in the transition's transaction (ADR 0026); several at once.
  registerJob(MONEY_EVENT_JOB, runMoneyEventJob, { concurrency: 2 });
  registerJob(PHONE_SEND_JOB, async (data: { id: string }) => {
    await sendPhoneMessage(data);
  });
  registerJob(
    PHONE_SWEEP_JOB,
    async () => {
      await sweepPhoneMessages();
    },
    { retryLimit: 0 },
  );
  // A sweep that fails is simply run again next hour: no retries piling up behind it.
  registerJob(
    MONEY_SWEEP_JOB,
    async () => {
      await runMoneySweep();
    },
    { retryLimit: 0 },
  );
  // The public records and price bands (issue 38): a missed minute is simply covered by the next one.
  registerJob(
    NUMBERS_REFRESH_JOB,
    async () => {
      await refreshChangedNumbers();
    },
    { retryLimit: 0 },
  );
  // Queued by a money event (a booking paid, completed, refunded), debounced per musician: the record
  // and the bands show it within seconds, not at the next minute's run.
  registerJob(NUMBERS_MUSICIAN_JOB, (data: { musicianId: string }) => runNumbersMusicianJob(data), {
    retryLimit: 2,
  });
  registerJob(NUMBERS_BANDS_JOB, runNumbersBandsJob, { retryLimit: 2 });
  registerJob(
    NUMBERS_NIGHTLY_JOB,
    async () => {
      await refreshAllNumbers();
    },
    { retryLimit: 1 },
  );
  registerJob(REQUEST_ANSWER_MAIL_JOB, async (data: RequestAnswerMailJob) => {
    await sendRequestAnswerMail(data);
  });
  // Many people wait on these (a new request's e-mails): several at once.
  registerJob(SEND_MAIL_JOB, sendQueuedMail, { concurrency: 2 });
  // Backups (issue 37): a failed look or base backup is simply tried again on the next tick.
  registerJob(BASE_BACKUP_JOB, () => runBaseBackupJob(), { retryLimit: 1 });
  registerJob(
    BACKUP_WATCH_JOB,
    async () => {
      await runBackupWatch();
    },
    { retryLimit: 0 },
  );
  registerJob(UNREAD_MAIL_JOB, async (data: UnreadMailJob) => {
    await sendUnreadMessageMail(data, new Date(), isReading);
  });
}
