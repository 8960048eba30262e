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
import type { PayerStanding } from "../payer.server";
import {
  PAY_NEEDS_DATE,
  PAYER_MESSAGES,
  PAYMENT_RECEIVED,
  type PaymentActionResult,
} from "../payment-messages";

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

/**
 * The money part of /booking/{slug}: the breakdown and Pay, then the escrow state and, for the payer
 * only (ADR 0013), "The event happened" behind a confirmation that names the amount. Everyone else is
 * told how the payer gets in.
 */
export function PayPanel({
  panel,
  releaseAfterHours,
  viewer,
  musicianName,
  manageLink,
  email,
}: {
  panel: PayPanelData;
  releaseAfterHours: number;
  viewer: PayerStanding;
  musicianName: string;
  /** The page was opened with a one-time manage link (?manage=…): offer to use it on this device. */
  manageLink: { secret: string; usable: boolean } | null;
  /** A signed-in organiser's own e-mail, which the receipt field starts from. */
  email?: string;
}) {
  const actionData = useActionData<PaymentActionResult | undefined>();
  const answer = actionData && PANEL_INTENTS.includes(actionData.intent) ? actionData : undefined;
  useActionToast(answer);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  // When the held money goes to the musician if nobody objects: the due time the server read from the
  // money module (before paying: the time it would be due if paid now), never computed here.
  const releaseDue = panel.releaseDue && (
    <p className="text-sm" data-testid="release-due">
      If nothing is wrong, the money is released to {musicianName} on {panel.releaseDue}, {releaseAfterHours}{" "}
      hours after the event ends (or after the payment, if that is later).
    </p>
  );

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
        {panel.state === "pay" && panel.needsDate && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {PAY_NEEDS_DATE}
          </p>
        )}
        {panel.state === "pay" && !panel.needsDate && (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="pay" />
            <IdempotencyKeyField renewOn={actionData} />
            {panel.needsEmail && (
              <TextField
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={email}
                label="Organiser's e-mail (for the receipt)"
                hint={PAY_EMAIL_HINT}
                error={answer?.errors?.email}
              />
            )}
            <p className="text-xs text-muted-foreground">
              Your payment is held in escrow by Stagebook and released to the musician after your event.
            </p>
            {releaseDue}
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
            {!panel.onHold && releaseDue}
            {panel.onHold ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                A dispute is open on this booking, so the payment stays in escrow until our team resolves it.
              </p>
            ) : viewer === "musician" ? (
              <p className="text-sm text-muted-foreground" data-testid="payer-only">
                You are this booking's musician. Only the client who paid can confirm the event happened; if
                they do nothing, the payment is released to you {releaseAfterHours} hours after the event
                ends.
              </p>
            ) : viewer !== "payer" ? null : panel.canMarkHappened ? (
              <details className="grid gap-2" data-testid="event-happened">
                <summary className="cursor-pointer justify-self-start rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground sm:justify-self-end">
                  The event happened
                </summary>
                <Form method="post" className="mt-3 grid gap-2 rounded-md border p-3">
                  <input type="hidden" name="intent" value="event-happened" />
                  <p className="text-sm font-medium">
                    Release {formatNaira(panel.releaseKobo)} to {musicianName}? This cannot be undone.
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Only confirm if the event took place as agreed. Of the {formatNaira(panel.totalKobo)} you
                    paid, {formatNaira(panel.releaseKobo)} goes to {musicianName} and the rest is Stagebook's
                    service fee and commission.
                  </p>
                  <Button
                    type="submit"
                    className="w-full sm:w-auto sm:justify-self-end"
                    disabled={busyIntent === "event-happened"}
                  >
                    {busyIntent === "event-happened" ? "Releasing..." : "Yes, release the payment"}
                  </Button>
                </Form>
              </details>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="release-opens">
                {panel.releaseOpens} If you do nothing, the payment is released to the musician{" "}
                {releaseAfterHours} hours after the event ends, unless you open a dispute.
              </p>
            )}
          </>
        )}
        {panel.state !== "pay" && panel.state !== "paid" && (
          <p role="status" className="rounded-md bg-muted p-3 text-sm">
            {panel.cancelled ? CANCELLED_TEXT[panel.state] : STATE_TEXT[panel.state]}
          </p>
        )}
        {panel.state !== "pay" && viewer === "other" && (
          <NotThePayer
            manageLink={manageLink}
            busy={busyIntent === "send-manage-link" || busyIntent === "claim-manage"}
          />
        )}
        {answer?.intent === "send-manage-link" && answer.ok && answer.toast && (
          <p role="status" className="text-sm text-emerald-700">
            {answer.toast.message}
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

/**
 * Why Pay asks the person paying for their own address (phone walk 3, #13): the musician's entry is never
 * used (N1), so the box starts empty unless the payer is signed in.
 */
export const PAY_EMAIL_HINT =
  "Enter your own e-mail, even if the musician has one for you: your receipt and the link to manage this booking go only to the person who pays.";

const PANEL_INTENTS: readonly string[] = ["pay", "event-happened", "claim-manage", "send-manage-link"];

/**
 * What anyone but the payer sees on a paid booking: who can act, how the payer gets in on this device
 * (a one-time link e-mailed to the address that paid, never shown here), or the link's own offer.
 */
function NotThePayer({
  manageLink,
  busy,
}: {
  manageLink: { secret: string; usable: boolean } | null;
  busy: boolean;
}) {
  if (manageLink?.usable) {
    return (
      <Form method="post" className="grid gap-2 rounded-md border p-3" data-testid="claim-manage">
        <input type="hidden" name="intent" value="claim-manage" />
        <input type="hidden" name="manage" value={manageLink.secret} />
        <p className="text-sm">
          This link lets you confirm the event happened, cancel or dispute this booking from this device. It
          works once.
        </p>
        <Button type="submit" className="w-full sm:w-auto sm:justify-self-end" disabled={busy}>
          Manage this booking on this device
        </Button>
      </Form>
    );
  }
  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm" data-testid="payer-only">
      {manageLink && <p className="text-destructive">{PAYER_MESSAGES.linkInvalid}</p>}
      <p>
        Only the person who paid for this booking can confirm the event happened, cancel or dispute it. If
        that is you, open the link from your payment receipt e-mail on this device, or get a new one sent to
        the e-mail address used to pay.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="send-manage-link" />
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          Get a link to manage this booking
        </Button>
      </Form>
    </div>
  );
}
