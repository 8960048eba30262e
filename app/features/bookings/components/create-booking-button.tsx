import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** Opens the Create New Booking dialog (the bookings feature mounts it on ?create-booking). */
export function CreateBookingButton() {
  return (
    <Button asChild size="sm">
      <Link to="?create-booking=1" preventScrollReset>
        <PlusIcon aria-hidden />
        Create Booking
      </Link>
    </Button>
  );
}
