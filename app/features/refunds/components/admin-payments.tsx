import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { formatNaira } from "~/lib/money";
import { type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { adminPaymentsView } from "../admin-payments.server";

export type AdminPaymentsData = Awaited<ReturnType<typeof adminPaymentsView>>;

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "Africa/Lagos" }).format(new Date(iso));

/** A small button posting its intent with its form (outline: not the main action of the form). */
function IntentButton({
  intent,
  label,
  outline = false,
}: {
  intent: string;
  label: string;
  outline?: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      size="sm"
      variant={outline ? "outline" : "default"}
      disabled={busy}
    >
      {label}
    </Button>
  );
}

/** What each money alert asks of the admin. */
const ALERT_TITLES: Record<string, string> = {
  transfer_otp: "Transfer waiting for an OTP",
  transfer_paid_after_failed: "Payout to recover",
  transfer_balance_low: "Paystack balance low",
  transfer_pending_long: "Transfer pending too long",
  transfer_amount_mismatch: "Transfer event with another amount",
  refund_needs_attention: "Refund needs you",
  refund_failed: "Refund failed",
  chargeback_nothing_left: "Chargeback lost with nothing left to take",
};

export function AdminPayments({ data, actionData }: { data: AdminPaymentsData; actionData?: ActionToast }) {
  useActionToast(actionData);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Disputes on paid bookings</h2>
          </CardTitle>
          <CardDescription>
            A dispute that holds the payment freezes it until you decide; both parties get an e-mail. One that
            holds nothing (the payment was already released, or it came before payment) can be closed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.disputes.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open disputes on paid bookings.</p>
          ) : (
            <ul className="divide-y" aria-label="Disputes on paid bookings">
              {data.disputes.map((d) => (
                <li key={d.disputeId} className="grid gap-3 py-4 text-sm">
                  <div>
                    <p className="font-medium">
                      <Link className="underline" to={`/booking/${d.bookingSlug}`}>
                        {d.bookingSlug}
                      </Link>{" "}
                      · {d.clientName} · {when(d.createdAt)} ·{" "}
                      {d.holdsMoney ? `held ${formatNaira(d.escrowKobo)}` : "holds no payment"}
                    </p>
                    <p className="text-muted-foreground">{d.reason}</p>
                  </div>
                  {!d.holdsMoney ? (
                    <Form method="post">
                      <input type="hidden" name="bookingId" value={d.bookingId} />
                      <IntentButton intent="close" label="Close dispute" />
                    </Form>
                  ) : (
                    <div className="flex flex-wrap items-end gap-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="bookingId" value={d.bookingId} />
                        <IntentButton intent="release" label="Release to musician" />
                        <IntentButton intent="refund" label="Refund in full" outline />
                      </Form>
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="bookingId" value={d.bookingId} />
                        <TextField
                          name="refundAmount"
                          id={`refund-${d.disputeId}`}
                          label="Refund to client (₦)"
                          inputMode="decimal"
                          className="w-36"
                        />
                        <IntentButton intent="split" label="Split" outline />
                      </Form>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Refunds</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {data.refunds.length === 0 ? (
            <p className="text-sm text-muted-foreground">No refunds yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Refunds">
              {data.refunds.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <div>
                    <p>
                      {formatNaira(r.amountKobo)} · {r.clientName} · booking {r.bookingSlug} ·{" "}
                      {r.reason.replace("_", " ")}
                    </p>
                    {r.lastError && <p className="text-destructive">{r.lastError}</p>}
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={r.status === "processed" ? "secondary" : "destructive"}>
                      {r.status.replace("_", " ")}
                    </Badge>
                    {(r.status === "failed" || r.status === "needs_attention") && (
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="refundId" value={r.id} />
                        {r.status === "failed" && <IntentButton intent="retry-refund" label="Retry refund" />}
                        <IntentButton intent="refund-by-hand" label="Record refunded" outline />
                      </Form>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Card disputes and mismatched payments</h2>
          </CardTitle>
          <CardDescription>
            Reported by Paystack, payments whose amount or currency did not match, and payouts to settle by
            hand.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {data.chargeDisputes.length === 0 && data.anomalies.length === 0 && data.alerts.length === 0 && (
            <p className="text-muted-foreground">Nothing to review.</p>
          )}
          {data.chargeDisputes.map((c) => (
            <div key={c.providerDisputeId} className="flex flex-wrap items-center gap-2">
              <p>
                Card dispute {c.providerDisputeId} on {c.transactionReference} ·{" "}
                {c.amountKobo === null ? "" : formatNaira(c.amountKobo)} · {c.category ?? ""} ·{" "}
                {c.adminOutcome ? `recorded ${c.adminOutcome}` : (c.resolution ?? c.status ?? "open")} ·{" "}
                {when(c.createdAt)}
              </p>
              {c.needsOutcome && (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="disputeId" value={c.providerDisputeId} />
                  <IntentButton intent="card-dispute-won" label="Record won" />
                  <IntentButton intent="card-dispute-lost" label="Record lost" outline />
                </Form>
              )}
            </div>
          ))}
          {data.alerts.map((a) => (
            <Form key={a.id} method="post" className="flex flex-wrap items-center gap-2">
              <p>
                <strong>{ALERT_TITLES[a.kind] ?? "Money to settle"}</strong> · {a.detail} ·{" "}
                {when(a.createdAt)}
              </p>
              <input type="hidden" name="alertId" value={a.id} />
              {/* A refund's alert carries its action (the refund is its reference), as its row does above. */}
              {a.refund && <input type="hidden" name="refundId" value={a.refund.id} />}
              {a.refund?.status === "failed" && <IntentButton intent="retry-refund" label="Retry refund" />}
              {a.refund && <IntentButton intent="refund-by-hand" label="Record refunded" outline />}
              <IntentButton intent="alert-done" label="Done" outline />
            </Form>
          ))}
          {data.anomalies.map((a, i) => (
            <pre
              key={String(a.id ?? i)}
              className="overflow-x-auto whitespace-pre-wrap rounded bg-muted p-2 text-xs"
            >
              {JSON.stringify(a, null, 1)}
            </pre>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
