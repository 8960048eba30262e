import { useEffect } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { isOrganiserRole } from "~/features/auth/roles";
import { todayInLagos } from "~/features/bookings/booking-dates";
import type { BookingRequestFormValues } from "../booking-request.schema";
import { BookingRequestForm } from "./booking-request-form";

type RequestPageData = {
  initialValues?: Partial<BookingRequestFormValues>;
  draftId: string | null;
  canSaveDraft: boolean;
};

/**
 * Loaded on demand, dialog library included, so the public profile ships none of it until a visitor
 * opens the dialog. A signed-in organiser's form starts from their account (name, e-mail, phone), read
 * from the request page's loader; "No account needed" is said to signed-out visitors only.
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
  const role = useRouteLoaderData<{ user?: { role: string } | null }>("root")?.user?.role;
  const organiser = isOrganiserRole(role);
  const prefill = useFetcher<RequestPageData>();
  useEffect(() => {
    if (organiser && prefill.state === "idle" && !prefill.data)
      prefill.load(`/musicians/${musicianSlug}/request`);
  }, [organiser, musicianSlug, prefill]);
  const ready = !organiser || prefill.data !== undefined;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Request Booking</DialogTitle>
          <DialogDescription>
            {organiser
              ? "Tell the musician about your event. Your details come from your account; change them if you need to."
              : "Tell the musician about your event. No account needed."}
          </DialogDescription>
        </DialogHeader>
        {ready ? (
          <BookingRequestForm
            musicianSlug={musicianSlug}
            today={todayInLagos()}
            onSent={onSent}
            initialValues={prefill.data?.initialValues}
            canSaveDraft={prefill.data?.canSaveDraft ?? false}
          />
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground" role="status">
            Loading your details…
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
