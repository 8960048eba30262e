// The test provider's asynchronous webhooks: like Paystack, transfers and refunds are settled a moment
// after they are asked for, by a webhook. The delay runs on the job queue (it survives a restart and
// is retried if our endpoint does not answer 200), never on a timer in memory.
import { env } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { findTestRecord, moveTestRecord } from "./queries.server";
import {
  chargeSuccessPayload,
  deliverTestWebhook,
  refundEventPayload,
  testTransferFails,
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
  if (job.kind === "transfer") {
    const outcome = testTransferFails(record) ? "failed" : "success";
    await moveTestRecord("transfer", job.reference, "pending", outcome);
    const settled = await findTestRecord("transfer", job.reference);
    if (!settled) return;
    await deliver(
      transferEventPayload(settled, settled.status === "failed" ? "transfer.failed" : "transfer.success"),
    );
    return;
  }
  await moveTestRecord("refund", job.reference, "pending", "processed");
  const settled = await findTestRecord("refund", job.reference);
  if (settled) await deliver(refundEventPayload(settled, "refund.processed"));
}
