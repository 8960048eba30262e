// The one list of background jobs. Each job's logic lives in its feature; this file only names them.

import { sendTestWebhook, TEST_WEBHOOK_JOB } from "~/features/payments/paystack/test-webhooks.server";
import { RELEASE_JOB, runAutoRelease } from "~/features/payments/release.server";
import { RETRY_REFUND_JOB, retryRefundJob } from "~/features/refunds/refunds.server";
import { reviewJobHandlers } from "~/features/reviews/review-jobs.server";
import { RETRY_PAYOUT_JOB, retryPayoutTransfer } from "~/features/wallet/wallet.server";
import { registerJob } from "./jobs.server";

let registered = false;

/** Registers every job handler once per process (before startJobs). */
export function registerJobHandlers(): void {
  if (registered) return;
  registered = true;
  // Features add a line here: registerJob("name", handlerFromTheFeature).
  for (const j of reviewJobHandlers) registerJob(j.name, j.handler as (data: never) => Promise<void>);
  registerJob(RELEASE_JOB, runAutoRelease);
  registerJob(TEST_WEBHOOK_JOB, (data: Parameters<typeof sendTestWebhook>[0]) => sendTestWebhook(data));
  registerJob(RETRY_PAYOUT_JOB, retryPayoutTransfer);
  registerJob(RETRY_REFUND_JOB, retryRefundJob);
}
