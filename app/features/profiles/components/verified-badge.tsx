import { BadgeCheckIcon } from "lucide-react";

/** What "Verified" means on Stagebook, said wherever the badge is. */
export const VERIFIED_MEANING =
  "The name on this musician's bank account, looked up through our payment provider (Paystack), matches the name on this profile.";

/**
 * The "Verified" badge (issue 16 §1) with its meaning a tap away: a <details>, so it opens on a phone,
 * by keyboard and without JavaScript.
 */
export function VerifiedBadge() {
  return (
    <details className="group w-fit text-sm">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full border border-emerald-600/30 bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <BadgeCheckIcon aria-hidden className="size-4" />
        Verified
        <span className="sr-only">: what this means</span>
      </summary>
      <p className="mt-2 max-w-sm rounded-md border bg-background p-3 text-muted-foreground">
        {VERIFIED_MEANING}
      </p>
    </details>
  );
}
