import { lazy, Suspense, useCallback, useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

const RequestBookingDialog = lazy(() => import("./request-booking-dialog"));

/**
 * Request Booking on the public profile. A link to the request page until JavaScript runs (so it
 * works without it); then it opens the request dialog in place.
 */
export function RequestBookingButton({ musicianSlug }: { musicianSlug: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Link
        to={`/musicians/${musicianSlug}/request`}
        className={buttonVariants({ size: "lg" })}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        Request Booking
      </Link>
      {open && (
        <Suspense fallback={null}>
          <RequestBookingDialog musicianSlug={musicianSlug} onSent={close} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
