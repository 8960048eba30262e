import { Form, useActionData, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { CancellationPolicyNote } from "~/features/refunds/components/cancellation-policy-note";
import { formatNaira } from "~/lib/money";
import { useActionToast } from "~/lib/use-action-toast";
import type { PayPanelData } from "../checkout.server";
import { SERVICE_FEE_REFUND_NOTE, serviceFeeLabel } from "../fee-words";
import { PAYMENT_RECEIVED, type PaymentActionResult } from "../payment-messages";

const STATE_TEXT: Record<Exclude<PayPanelData["state"], "pay" | "paid">, string> = {
  released: "Paid — the event is complete and the payment has been released to the musician.",
  refunded: "Paid and refunded — the refund goes back to the card or account that paid.",
  partially_refunded: "Paid and partly refunded — the refund goes back to the card or account that paid.",
};

const CANCELLED_TEXT: Record<Exclude<PayPanelData["state"], "pay" | "paid">, string> = {
  released:
    "Cancelled — under the musician's cancellation policy no refund was due, so the payment went to the musician.",
  refunded: "Cancelled and refunded in full — the refund goes back to the card or account that paid.",
  partially_refunded:
    "Cancelled and partly refunded under the musician's cancellation policy — the refund goes back to the card or account that paid.",
};

/** The money part of /booking/{slug}: the breakdown and Pay, then the escrow state and "The event happened". */
export function PayPanel({ panel, releaseAfterHours }: { panel: PayPanelData; releaseAfterHours: number }) {
  const actionData = useActionData<PaymentActionResult | undefined>();
  const answer =
    actionData && (actionData.intent === "pay" || actionData.intent === "event-happened")
      ? actionData
      : undefined;
  useActionToast(answer);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const busyIntent = busy ? navigation.formData?.get("intent") : null;

  return (
    <Card data-testid="pay-panel">
      <CardHeader>
        <CardTitle>
          <h2>Payment</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Booking price</dt>
          <dd className="text-right tabular-nums">{formatNaira(panel.priceKobo)}</dd>
          <dt className="text-muted-foreground">{serviceFeeLabel(panel.serviceFeeBp)}</dt>
          <dd className="text-right tabular-nums">{formatNaira(panel.serviceFeeKobo)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatNaira(panel.totalKobo)}</dd>
        </dl>
        <p className="text-xs text-muted-foreground" data-testid="service-fee-refund">
          {SERVICE_FEE_REFUND_NOTE}
        </p>
        {panel.state === "pay" && (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="pay" />
            <IdempotencyKeyField renewOn={actionData} />
            {panel.needsEmail && (
              <TextField
                name="email"
                type="email"
                autoComplete="email"
                required
                label="Organiser's e-mail (for the receipt)"
                error={answer?.errors?.email}
              />
            )}
            <p className="text-xs text-muted-foreground">
              Your payment is held in escrow by Stagebook and released to the musician after your event.
            </p>
            <CancellationPolicyNote policy={panel.policy} />
            <Button
              type="submit"
              className="w-full sm:w-auto sm:justify-self-end"
              disabled={busyIntent === "pay"}
            >
              {busyIntent === "pay" ? "Starting payment..." : `Pay ${formatNaira(panel.totalKobo)}`}
            </Button>
          </Form>
        )}
        {panel.state === "paid" && (
          <>
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
              {PAYMENT_RECEIVED}
            </p>
            {panel.onHold ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                A dispute is open on this booking, so the payment stays in escrow until our team resolves it.
              </p>
            ) : panel.canMarkHappened ? (
              <Form method="post" className="grid gap-2 sm:justify-items-end">
                <input type="hidden" name="intent" value="event-happened" />
                <p className="text-sm text-muted-foreground">
                  Did the event take place as agreed? Confirming releases the payment to the musician.
                </p>
                <Button type="submit" className="w-full sm:w-auto" disabled={busyIntent === "event-happened"}>
                  The event happened
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-muted-foreground">
                On the day of your event you can confirm here that it happened. If you do nothing, the payment
                is released to the musician {releaseAfterHours} hours after the event ends, unless you open a
                dispute.
              </p>
            )}
          </>
        )}
        {panel.state !== "pay" && panel.state !== "paid" && (
          <p role="status" className="rounded-md bg-muted p-3 text-sm">
            {panel.cancelled ? CANCELLED_TEXT[panel.state] : STATE_TEXT[panel.state]}
          </p>
        )}
        {answer && !answer.ok && answer.toast && !answer.errors && (
          <p role="alert" className="text-sm text-destructive">
            {answer.toast.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
