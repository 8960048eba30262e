import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { todayInLagos } from "~/features/bookings/booking-dates";
import { BookingRequestForm } from "./booking-request-form";

/**
 * Loaded on demand, dialog library included, so the public profile ships none of it until a visitor
 * opens the dialog.
 */
export default function RequestBookingDialog({
  musicianSlug,
  onSent,
  onOpenChange,
}: {
  musicianSlug: string;
  onSent: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Request Booking</DialogTitle>
          <DialogDescription>Tell the musician about your event. No account needed.</DialogDescription>
        </DialogHeader>
        <BookingRequestForm musicianSlug={musicianSlug} today={todayInLagos()} onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}
