import { cn } from "~/lib/cn";
import { type OrganiserReputation, organiserReputationLabel } from "../rating";

/** Beside a request or booking: the organiser's rating from other musicians, or "New client". */
export function OrganiserReputationLine({
  reputation,
  className,
}: {
  reputation: OrganiserReputation | undefined;
  className?: string;
}) {
  if (!reputation) return null;
  return (
    <p className={cn("text-sm text-muted-foreground", className)} data-testid="organiser-reputation">
      {organiserReputationLabel(reputation)}
    </p>
  );
}
