import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";

const LABELS: Record<string, [string, string]> = {
  paid: ["Paid — in escrow", "bg-emerald-100 text-emerald-900"],
  released: ["Paid — released", "bg-sky-100 text-sky-900"],
  refunded: ["Refunded", "bg-muted text-foreground"],
  partially_refunded: ["Partly refunded", "bg-muted text-foreground"],
};

/** The booking's money state next to its status; nothing while unpaid. */
export function PaymentStatusBadge({ paymentStatus }: { paymentStatus: string | null | undefined }) {
  const label = paymentStatus ? LABELS[paymentStatus] : undefined;
  if (!label) return null;
  return (
    <Badge variant="outline" className={cn("border-transparent", label[1])}>
      {label[0]}
    </Badge>
  );
}
