import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { bookingStatusLabel } from "../booking-status";

const colours: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  completed: "bg-sky-100 text-sky-900",
  cancelled: "bg-red-100 text-red-900",
};

export function BookingStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="outline"
      className={cn("border-transparent", colours[status] ?? "bg-muted text-foreground")}
    >
      {bookingStatusLabel(status)}
    </Badge>
  );
}
