import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { POLICY_LABELS } from "~/features/money/cancellation-policy";
import { formatNaira } from "~/lib/money";
import { useActionToast } from "~/lib/use-action-toast";
import type { ClientCancelPreview } from "../client-cancel.server";
import { CancellationPolicyNote } from "./cancellation-policy-note";

export type ClientCancelActionResult = {
  intent: "client-cancel" | "undo-cancel";
  ok: boolean;
  toast: { type: "success" | "error"; message: string };
};

/**
 * The musician's cancellation policy on /booking/{slug} and, while the booking can still be cancelled,
 * "Cancel this booking": a first click opens the confirmation (a <details>, so it works without
 * JavaScript) that states the refund; only "Yes, cancel this booking" posts.
 */
export function ClientCancelPanel({
  preview,
  showPolicy,
  canAct = true,
  undo = null,
}: {
  preview: ClientCancelPreview;
  showPolicy: boolean;
  /** A cancellation made with the booking link, undoable until then (issue 35 §1). */
  undo?: { until: string; untilLabel: string } | null;
  /** The viewer may cancel: anyone with the link while unpaid, only the payer once paid (ADR 0013). */
  canAct?: boolean;
}) {
  const actionData = useActionData<ClientCancelActionResult | undefined>();
  const answer =
    actionData?.intent === "client-cancel" || actionData?.intent === "undo-cancel" ? actionData : undefined;
  useActionToast(answer);
  const navigation = useNavigation();
  const busyWith = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const busy = busyWith === "client-cancel";
  const refundLine = preview.paid
    ? preview.refundKobo > 0
      ? `If you cancel now you will be refunded ${formatNaira(preview.refundKobo)} of the ${formatNaira(preview.paidKobo)} you paid.`
      : `If you cancel now no refund is due under the musician's ${POLICY_LABELS[preview.policy]} policy.`
    : "You have not paid, so nothing is charged or refunded.";
  return (
    <section aria-label="Cancellation" className="grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm">
      {showPolicy && <CancellationPolicyNote policy={preview.policy} />}
      {preview.canCancel && canAct && (
        <details className="group grid gap-3">
          <summary className="cursor-pointer font-medium text-destructive">Cancel this booking</summary>
          <div className="mt-3 grid gap-3">
            <p>
              {refundLine}
              {preview.paid ? " This cannot be undone." : ""}
            </p>
            <Form method="post" className="grid">
              <input type="hidden" name="intent" value="client-cancel" />
              <input type="hidden" name="confirm" value="yes" />
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? "Cancelling..." : "Yes, cancel this booking"}
              </Button>
            </Form>
          </div>
        </details>
      )}
      {undo && canAct && (
        <div className="grid gap-2">
          <p>
            Someone with the booking link cancelled this booking. If it was not you, you can undo it until{" "}
            {undo.untilLabel}.
          </p>
          <Form method="post" className="grid">
            <input type="hidden" name="intent" value="undo-cancel" />
            <Button type="submit" variant="outline" disabled={busyWith === "undo-cancel"}>
              {busyWith === "undo-cancel" ? "Undoing..." : "Undo cancellation"}
            </Button>
          </Form>
        </div>
      )}
      {answer && (
        <p role="status" className={answer.ok ? "text-emerald-700" : "text-destructive"}>
          {answer.toast.message}
        </p>
      )}
    </section>
  );
}
