import { type CancellationPolicy, POLICY_LABELS, POLICY_TERMS } from "~/features/money/cancellation-policy";

/** The policy as organisers read it (public profile, booking page, pay panel). */
export function CancellationPolicyNote({ policy }: { policy: CancellationPolicy }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="cancellation-policy">
      <span className="font-medium text-foreground">Cancellation policy: {POLICY_LABELS[policy]}.</span>{" "}
      {POLICY_TERMS[policy]}
    </p>
  );
}
