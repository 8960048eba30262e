import { ArrowLeftIcon, CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeDialog } from "~/components/ui/native-dialog";
import { DisputeDialog } from "~/features/disputes/components/dispute-dialog";
import { useActionToast } from "~/lib/use-action-toast";
import type { BookingActionResult } from "~/routes/booking";
import type { PublicBooking } from "../bookings.server";
import { BookingSummary } from "./booking-summary";
import { useCopy } from "./use-copy";
import { useHydrated } from "./use-hydrated";

/** Back in history when there is one to go back to; the home page otherwise (and without JS). */
function BackLink({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      to="/"
      className={buttonVariants({ variant: "outline" })}
      onClick={(e) => {
        if (window.history.length > 1) {
          e.preventDefault();
          navigate(-1);
        }
      }}
    >
      <ArrowLeftIcon aria-hidden />
      {children}
    </Link>
  );
}

export function PublicBookingPage({
  booking,
  status,
  message,
}: {
  booking: PublicBooking | null;
  status: number;
  message: string | null;
}) {
  if (!booking) {
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
        {status === 404 ? (
          <h1 className="text-2xl font-bold">Booking not found</h1>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Error</h1>
            <p className="text-muted-foreground">{message}</p>
          </>
        )}
        <BackLink>Go Back</BackLink>
      </main>
    );
  }
  return <BookingDetails booking={booking} />;
}

function BookingDetails({ booking }: { booking: PublicBooking }) {
  const hydrated = useHydrated();
  const confirmFetcher = useFetcher<BookingActionResult>();
  const actionData = useActionData<BookingActionResult>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const urlCopy = useCopy("URL copied to clipboard!", "Failed to copy URL");
  useActionToast(confirmFetcher.data);

  const confirming = confirmFetcher.state !== "idle";
  const confirmed = booking.status === "confirmed";
  const canConfirm = booking.status === "pending";
  // A plain form post (no JavaScript) answers with the page itself: show its outcome inline.
  const plainOutcome = !hydrated ? actionData?.toast : undefined;

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Booking Details</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => urlCopy.copy(window.location.href)}>
            {urlCopy.copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            Copy URL
          </Button>
          <BackLink>Back</BackLink>
        </div>
      </div>
      {plainOutcome && (
        <p role="status" className={plainOutcome.type === "error" ? "text-destructive" : "text-emerald-700"}>
          {plainOutcome.message}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Booking summary</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <BookingSummary booking={booking} musicianName={booking.musicianName} />
          {confirmed && (
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
              You have confirmed this booking.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DisputeDialog slug={booking.slug} disabled={confirmed} />
            <confirmFetcher.Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <Button
                type="submit"
                className="w-full sm:w-auto"
                disabled={!canConfirm || confirming}
                onClick={(e) => {
                  // With JavaScript the click asks first; without it the form posts directly.
                  e.preventDefault();
                  setConfirmOpen(true);
                }}
              >
                Confirm Booking
              </Button>
            </confirmFetcher.Form>
          </div>
        </CardContent>
      </Card>
      <NativeDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        label="Confirm this booking?"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border"
      >
        {/* Rendered only while open, as a Radix dialog would be: closed, its text is not on the page. */}
        {confirmOpen && (
          <div className="grid gap-4">
            <div className="flex flex-col gap-1.5 text-left">
              <h2 className="text-lg font-semibold">Confirm this booking?</h2>
              <p className="text-sm text-muted-foreground">
                You are confirming {booking.musicianName}'s booking for {booking.clientName}. Once confirmed,
                the booking can no longer be disputed here.
              </p>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirmOpen(false)}>
                Cancel
              </Button>
              <Button
                disabled={confirming}
                onClick={() => {
                  confirmFetcher.submit({ intent: "confirm" }, { method: "post" });
                  setConfirmOpen(false);
                }}
              >
                {confirming ? "Confirming..." : "Yes, confirm booking"}
              </Button>
            </div>
          </div>
        )}
      </NativeDialog>
    </main>
  );
}
