import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import {
  CANCELLATION_POLICIES,
  type CancellationPolicy,
  POLICY_LABELS,
  POLICY_TERMS,
} from "~/features/money/cancellation-policy";

/** The musician's choice of cancellation policy, in the profile editor's Account tab (its own form). */
export function CancellationPolicyForm({ current, error }: { current: CancellationPolicy; error?: string }) {
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "cancellation-policy";
  return (
    <Form method="post" action="?tab=account" className="grid gap-4 rounded-lg border p-4">
      <input type="hidden" name="intent" value="cancellation-policy" />
      <fieldset className="grid gap-3" aria-describedby={error ? "cancellation-policy-error" : undefined}>
        <legend className="mb-1 text-base font-semibold">Cancellation policy</legend>
        <p className="text-sm text-muted-foreground">
          What a client gets back if they cancel a paid booking. It is shown on your profile, on every booking
          page and before they pay. If you cancel, the client is always refunded in full.
        </p>
        {CANCELLATION_POLICIES.map((p) => (
          <label
            key={p}
            className="flex items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary"
          >
            <input
              type="radio"
              name="cancellationPolicy"
              value={p}
              defaultChecked={p === current}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{POLICY_LABELS[p]}</span>
              <span className="block text-muted-foreground">{POLICY_TERMS[p]}</span>
            </span>
          </label>
        ))}
        <FieldError id="cancellation-policy-error" message={error} />
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={saving}>
        {saving ? "Saving..." : "Save cancellation policy"}
      </Button>
    </Form>
  );
}
