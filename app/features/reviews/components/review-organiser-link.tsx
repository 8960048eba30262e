import { StarIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** On a completed booking in All Bookings: where the musician reviews the organiser. */
export function ReviewOrganiserLink({ bookingId, clientName }: { bookingId: string; clientName: string }) {
  const { slug } = useParams();
  return (
    <Link
      to={`/musician_reviews/${slug}#booking-${bookingId}`}
      className={buttonVariants({ size: "sm", variant: "secondary" })}
      aria-label={`Review organiser ${clientName}`}
    >
      <StarIcon aria-hidden />
      Review organiser
    </Link>
  );
}
