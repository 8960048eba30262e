import { StarIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { formatRating, NO_REVIEWS, reviewCountLabel } from "../rating";

/** "★ 4.8 (12 reviews)", or "No reviews yet" — never a made-up number. */
export function RatingBadge({
  average,
  count,
  className,
}: {
  average: number | null;
  count: number;
  className?: string;
}) {
  if (count === 0 || average === null) {
    return <span className={cn("text-sm text-muted-foreground", className)}>{NO_REVIEWS}</span>;
  }
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <StarIcon aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span className="font-semibold">{formatRating(average)}</span>
      <span className="text-muted-foreground">({reviewCountLabel(count)})</span>
    </span>
  );
}
