import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { todayInLagos } from "~/features/bookings/booking-dates";
import { BookingRequestForm } from "./booking-request-form";

/** Loaded on demand, so the public profile ships the form's code only when a visitor opens it. */
export default function RequestBookingDialog({
  musicianSlug,
  onSent,
}: {
  musicianSlug: string;
  onSent: () => void;
}) {
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Request Booking</DialogTitle>
        <DialogDescription>Tell the musician about your event. No account needed.</DialogDescription>
      </DialogHeader>
      <BookingRequestForm musicianSlug={musicianSlug} today={todayInLagos()} onSent={onSent} />
    </DialogContent>
  );
}
