import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Mounted on the public profile; the booking-requests feature turns it into the request dialog. */
export function RequestBookingButton({ musicianSlug }: { musicianSlug: string }) {
  return (
    <Link to={`/musicians/${musicianSlug}/request`} className={buttonVariants({ size: "lg" })}>
      Request Booking
    </Link>
  );
}
