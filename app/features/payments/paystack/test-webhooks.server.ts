// The test provider's asynchronous webhooks: like Paystack, transfers and refunds are settled a moment
// after they are asked for, by a webhook. The delay runs on the job queue (it survives a restart and
// is retried if our endpoint does not answer 200), never on a timer in memory.
import { env } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { findTestRecord, moveTestRecord } from "./queries.server";
import { TEST_FAILING_ACCOUNT_NUMBER } from "./test-banks";
import {
  chargeSuccessPayload,
  deliverTestWebhook,
  refundEventPayload,
  transferEventPayload,
  type WebhookPayload,
} from "./test-provider.server";

export const TEST_WEBHOOK_JOB = "paystack-test-webhook";
const DELAY_MS = 2_000;

type TestWebhookJob = { kind: "transaction" | "transfer" | "refund"; reference: string };

/** Queues the settling webhook of a test transfer or refund; nothing when talking to real Paystack. */
export async function scheduleTestWebhook(kind: TestWebhookJob["kind"], reference: string): Promise<void> {
  if (env().PAYSTACK_SECRET_KEY) return;
  await scheduleJob(TEST_WEBHOOK_JOB, { kind, reference } satisfies TestWebhookJob, {
    startAfter: new Date(Date.now() + DELAY_MS),
    singletonKey: `${kind}:${reference}`,
  });
}

/** The job: settles the record (once) and posts its webhook (again on every retry, like Paystack). */
export async function sendTestWebhook(
  job: TestWebhookJob,
  deliver: (p: WebhookPayload) => Promise<void> = deliverTestWebhook,
): Promise<void> {
  const record = await findTestRecord(job.kind, job.reference);
  if (!record) return;
  if (job.kind === "transaction") {
    if (record.status === "success") await deliver(chargeSuccessPayload(record));
    return;
  }
  const recipient = record.data.recipient as { details?: { account_number?: string } } | undefined;
  const fails = recipient?.details?.account_number === TEST_FAILING_ACCOUNT_NUMBER;
  const outcome = job.kind === "refund" ? "processed" : fails ? "failed" : "success";
  await moveTestRecord(job.kind, job.reference, "pending", outcome);
  const settled = await findTestRecord(job.kind, job.reference);
  if (!settled) return;
  await deliver(
    job.kind === "refund"
      ? refundEventPayload(settled, "refund.processed")
      : transferEventPayload(settled, settled.status === "failed" ? "transfer.failed" : "transfer.success"),
  );
}
