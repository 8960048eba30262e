// POST /webhooks/paystack: the URL to register with Paystack. The signature is checked on the raw bytes
// before anything is parsed. Paystack retries for 72 h and sends no event id, so every handler is
// idempotent on its own (ledger keys, status moves); we answer 200 once the event is applied (or known
// to need nothing), 500 when it could not be applied so Paystack tries again.
import type { z } from "zod";
import { settleChargeback } from "~/features/payments/chargeback.server";
import { handleChargeSuccess } from "~/features/payments/checkout.server";
import { handleRefundEvent } from "~/features/refunds/refunds.server";
import { handleTransferEvent } from "~/features/wallet/wallet.server";
import { logger } from "~/server/logger.server";
import {
  disputeEventData,
  refundEventData,
  transactionData,
  transferEventData,
  webhookEvent,
} from "./paystack.schema";
import { recordChargeDispute, settleChargeDispute } from "./queries.server";
import { verifyPaystackSignature } from "./signature.server";

type WebhookAnswer = { status: number; message: string };

const MAX_BODY_BYTES = 1_000_000;

export async function handlePaystackWebhook(
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (rawBody.length > MAX_BODY_BYTES) return { status: 413, message: "Payload too large" };
  if (!verifyPaystackSignature(rawBody, signature)) return { status: 401, message: "Invalid signature" };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { status: 400, message: "Body is not JSON" };
  }
  const envelope = webhookEvent.safeParse(json);
  if (!envelope.success) return { status: 400, message: "Not a Paystack event" };
  const { event, data } = envelope.data;
  const log = logger.child({ webhook: event, reference: data.reference ?? data.transaction_reference });
  try {
    switch (event) {
      case "charge.success":
        return await apply(transactionData, data, log, (d) => handleChargeSuccess(d));
      case "transfer.success":
      case "transfer.failed":
      case "transfer.reversed":
        return await apply(transferEventData, data, log, (d) =>
          handleTransferEvent(event, { reference: d.reference, amountKobo: d.amount, currency: d.currency }),
        );
      // Every refund.* event Paystack publishes; the money module's table says what each means (M7).
      case "refund.pending":
      case "refund.processing":
      case "refund.needs-attention":
      case "refund.processed":
      case "refund.failed":
        return await apply(refundEventData, data, log, (d) =>
          handleRefundEvent(event, {
            transaction_reference: d.transaction_reference,
            amount: d.amount,
            currency: d.currency,
          }),
        );
      case "charge.dispute.create":
        // Recorded for the admin; while it is open it holds the booking's release (release.server).
        return await apply(disputeEventData, data, log, (d) =>
          recordChargeDispute(chargeDisputeRow(d, data)),
        );
      case "charge.dispute.resolve":
        return await apply(disputeEventData, data, log, async (d) => {
          const row = chargeDisputeRow(d, data);
          await settleChargeDispute(row);
          // Lost: the money left with the cardholder (ledger); won: the held release runs again.
          await settleChargeback(row);
        });
      default:
        log.info("webhook event not used; acknowledged");
        return { status: 200, message: "Ignored" };
    }
  } catch (err) {
    log.error({ err }, "webhook could not be applied; Paystack will retry");
    return { status: 500, message: "Could not apply the event; please retry" };
  }
}

function chargeDisputeRow(d: z.infer<typeof disputeEventData>, payload: unknown) {
  return {
    providerDisputeId: d.id,
    transactionReference: d.transaction.reference,
    amountKobo: d.refund_amount ?? d.transaction.amount,
    category: d.category ?? null,
    status: d.status ?? null,
    resolution: d.resolution ?? null,
    note:
      d.messages
        ?.map((m) => m.body)
        .filter(Boolean)
        .join("\n") || null,
    payload,
  };
}

async function apply<S extends z.ZodType>(
  schema: S,
  data: unknown,
  log: typeof logger,
  run: (d: z.infer<S>) => Promise<unknown>,
): Promise<WebhookAnswer> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // A signed event we cannot read will not read better on a retry: keep it in the log, answer 200.
    log.error({ issues: parsed.error.issues, data }, "signed webhook in an unexpected shape");
    return { status: 200, message: "Unreadable event logged" };
  }
  await run(parsed.data);
  return { status: 200, message: "OK" };
}
