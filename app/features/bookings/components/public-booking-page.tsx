import { ArrowLeftIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { deferred } from "~/components/deferred";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { BookingActionResult } from "~/features/bookings/action-results";
import { disputeFetcherKey } from "~/features/disputes/dispute-keys";
import type { ClientDisputeView } from "~/features/disputes/dispute-sides.server";
import { moneyWasReceived } from "~/features/money/money-rules";
import { serviceFeeLabel } from "~/features/payments/fee-words";
import { formatNaira } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useActionToast } from "~/lib/use-action-toast";
import type { PublicBooking } from "../bookings.server";
import { useHydrated } from "./use-hydrated";

// Nothing interactive in the summary, the contact or the downloads (text and links), and Dispute
// Booking is one button whose tap is held until its code is in: each hydrates from its own chunk on the
// first input, not because a phone's first screen shows it (ADR 0012, issue 31).
const BookingSummary = deferred(() => import("./booking-summary").then((m) => m.BookingSummary), {
  untilInput: true,
});
const MusicianContact = deferred(() => import("./musician-contact").then((m) => m.MusicianContact), {
  untilInput: true,
});
const BookingDownloads = deferred(
  () => import("~/features/documents/components/booking-downloads").then((m) => m.BookingDownloads),
  { untilInput: true },
);
const DisputeDialog = deferred(
  () => import("~/features/disputes/components/dispute-dialog").then((m) => m.DisputeDialog),
  { untilInput: true },
);

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
  payment,
  cancellation,
  clientActs = true,
  heldKobo = null,
  contact = null,
  dispute = null,
}: {
  /** The organiser's open dispute (their reason, whether the musician answered): for them only. */
  dispute?: ClientDisputeView | null;
  /** A signed-in organiser's own name and phone: their dispute form starts from them. */
  contact?: { name: string; phone: string } | null;
  /** The viewer may dispute: anyone with the link while unpaid, only the payer once paid (ADR 0013). */
  clientActs?: boolean;
  /** Paid and held in escrow: the amount a dispute would hold, said in its dialog. */
  heldKobo?: number | null;
  /** The payments feature's panel (breakdown, Pay, escrow state), shown under the summary. */
  payment?: React.ReactNode;
  /** The refunds feature's cancellation policy and "Cancel this booking", under the payment panel. */
  cancellation?: React.ReactNode;
  booking: PublicBooking | null;
  status: number;
  message: string | null;
}) {
  if (!booking) {
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
        {status === 404 ? (
          <h1 className="text-2xl font-bold">Booking not found</h1>
        ) : status === 410 ? (
          <>
            <h1 className="text-2xl font-bold">Booking removed</h1>
            <p className="text-muted-foreground">{message}</p>
            <Link to="/market" className={buttonVariants()}>
              Find Musicians
            </Link>
          </>
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
  return (
    <BookingDetails
      booking={booking}
      payment={payment}
      cancellation={cancellation}
      clientActs={clientActs}
      heldKobo={heldKobo}
      contact={contact}
      dispute={dispute}
    />
  );
}

/**
 * The page's heading for the booking's phase (phone walk 3: "has sent you a booking" stayed on after
 * paying). The spec's words while it waits for the client; completed only once the money has left escrow,
 * as nextStep says.
 */
export function bookingHeading(booking: PublicBooking): string {
  const name = booking.musicianName;
  // Only the payer is spoken to as the client once paid (issue 27).
  const yours = booking.speaksToClient !== false ? "Your booking" : "This booking";
  if (booking.status === "pending") return `${name} has sent you a booking`;
  if (booking.status === "cancelled") return `${yours} with ${name} was cancelled`;
  if (booking.status === "completed" && !booking.moneyHeld) return `${yours} with ${name} is complete`;
  if (moneyWasReceived(booking.paymentStatus)) return `${yours} with ${name} is paid`;
  return `${yours} with ${name} is confirmed`;
}

/** The one thing the client should do now, said in their words. */
export function nextStep(booking: PublicBooking, dispute: ClientDisputeView | null = null): string {
  // Once paid, only the payer is spoken to as the client (issue 27).
  const you = booking.speaksToClient !== false;
  // Answered: no more "can add their side within 3 days" (phone walk 2).
  if (booking.disputed && dispute?.sideAddedOn)
    return booking.money?.disputeLine
      ? "You told us something is wrong. Your payment stays in escrow until our team decides."
      : "You told us something is wrong. Our team is looking into it.";
  if (booking.disputed && booking.money?.disputeLine) return booking.money.disputeLine;
  if (booking.disputed)
    return you
      ? "You told us something is wrong. We will look into it and contact you."
      : "The client has told us something is wrong, and our team is looking into it.";
  if (booking.status === "pending")
    return "Check the details below, then confirm the booking or tell us what is wrong.";
  if (booking.status === "confirmed")
    return you ? "You have confirmed this booking." : "This booking is confirmed and paid.";
  // The musician's "Mark completed" does not release escrow: never call it completed while the money is held.
  if (booking.status === "completed" && booking.moneyHeld)
    return you
      ? "The musician has marked this booking completed. Your payment stays in escrow until you confirm the event happened, or until it is released automatically after the event."
      : "The musician has marked this booking completed. The payment stays in escrow until the client confirms the event happened, or until it is released automatically after the event.";
  if (booking.status === "completed") return "This booking is completed.";
  // Who cancelled is recorded: never guessed (issue 23 §4).
  return booking.money?.cancellation ?? "This booking was cancelled.";
}

/**
 * A booking the musician cancelled: their reason, and the way back to finding another musician for the
 * date (phone walk 3: nothing said why, nor what to do next).
 */
function CancelledByMusician({ reason }: { reason: string | null }) {
  return (
    <div className="grid gap-2" data-testid="cancelled-by-musician">
      <p>
        {reason ? (
          <>
            <span className="font-medium">Their reason:</span> {reason}
          </>
        ) : (
          "They did not give a reason."
        )}
      </p>
      <Link to="/market" className={buttonVariants({ className: "w-fit" })}>
        Find another musician
      </Link>
    </div>
  );
}

/** The first step of "What happens next", moving on once paid (never "Pay below" after paying). */
export function moneyStep(booking: PublicBooking, payment: React.ReactNode): string {
  return (
    booking.money?.step ??
    (payment && !moneyWasReceived(booking.paymentStatus)
      ? "Pay below. Your money is held in escrow and released to the musician only after the event."
      : `${booking.musicianName} will contact you about payment before the event.`)
  );
}

function WhatHappensNext({ booking, payment }: { booking: PublicBooking; payment?: React.ReactNode }) {
  return (
    <section
      aria-labelledby="what-next-heading"
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <h2 id="what-next-heading" className="text-lg font-semibold">
        What happens next
      </h2>
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>{moneyStep(booking, payment)}</li>
        <li>
          {booking.musicianPhone
            ? // The contact card shows their number: point to it, not back to where the link came from.
              `To reach ${booking.musicianName}, call or text them on the number shown`
            : `To reach ${booking.musicianName}, reply where they sent you this link`}
          {booking.musicianWebsite ? (
            <>
              {" "}
              or visit{" "}
              <Link to={booking.musicianWebsite} className="font-medium text-primary underline">
                their page
              </Link>
            </>
          ) : null}
          .
        </li>
        {booking.eventDate && !booking.eventOver && (
          <li>Add the event to your calendar so you don't miss it.</li>
        )}
      </ol>
      <BookingDownloads
        slug={booking.slug}
        eventDate={booking.eventDate}
        paymentStatus={booking.paymentStatus}
      />
    </section>
  );
}

function BookingDetails({
  booking,
  payment,
  cancellation,
  clientActs,
  heldKobo,
  contact,
  dispute,
}: {
  booking: PublicBooking;
  payment?: React.ReactNode;
  cancellation?: React.ReactNode;
  clientActs: boolean;
  heldKobo: number | null;
  contact: { name: string; phone: string } | null;
  dispute: ClientDisputeView | null;
}) {
  const hydrated = useHydrated();
  const confirmFetcher = useFetcher<BookingActionResult>();
  const actionData = useActionData<BookingActionResult>();
  useActionToast(confirmFetcher.data);
  const disputeFetcher = useFetcher<BookingActionResult>({ key: disputeFetcherKey(booking.slug) });
  const disputed = disputeFetcher.state === "idle" && disputeFetcher.data?.ok;
  useEffect(() => {
    if (disputed) toast.success("Dispute submitted successfully");
  }, [disputed]);

  const confirming = confirmFetcher.state !== "idle";
  // A disputed booking can still be confirmed: confirming is how the client settles it.
  const pending = booking.status === "pending";
  // While the money module holds the money the client may still dispute (it freezes the release).
  const canDispute = clientActs && !booking.disputed && (pending || booking.moneyHeld);
  const settled = !pending && !booking.disputed && booking.status !== "cancelled";
  // A plain form post (no JavaScript) answers with the page itself: show its outcome inline.
  const plainOutcome = !hydrated ? actionData?.toast : undefined;

  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 pt-6 pb-28 md:pb-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{bookingHeading(booking)}</h1>
        {booking.money?.paidLine && (
          <p
            role="status"
            data-testid="payment-received"
            className="rounded-md bg-emerald-50 p-3 font-medium text-emerald-900"
          >
            {booking.money.paidLine}
          </p>
        )}
        <p className="text-muted-foreground">{nextStep(booking, dispute)}</p>
        {booking.cancelledByMusician && <CancelledByMusician reason={booking.cancelReason ?? null} />}
        {booking.money?.resolution && (
          <p data-testid="dispute-resolution">Dispute resolved: {booking.money.resolution}.</p>
        )}
        {booking.disputed && (
          <p>
            <span className="inline-flex rounded-full bg-destructive/10 px-2.5 py-0.5 text-sm font-medium text-destructive">
              Disputed
            </span>
          </p>
        )}
        {booking.disputed && dispute && (
          <section
            aria-labelledby="your-dispute"
            data-testid="your-dispute"
            className="mt-2 grid gap-1 rounded-md border p-3 text-sm"
          >
            <h2 id="your-dispute" className="font-medium">
              What you told us
            </h2>
            <p className="whitespace-pre-line">{dispute.reason}</p>
            <p role="status" className="text-muted-foreground">
              {dispute.sideAddedOn
                ? `${booking.musicianName} added their side on ${dispute.sideAddedOn}. Our team reads both and decides by ${dispute.decisionBy}, then tells you both.`
                : `${booking.musicianName} has not added their side yet (they can until ${dispute.sideBy}). Our team decides by ${dispute.decisionBy} and tells you both.`}
            </p>
          </section>
        )}
      </div>
      {plainOutcome && (
        <p role="status" className={plainOutcome.type === "error" ? "text-destructive" : "text-emerald-700"}>
          {plainOutcome.message}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Booking summary</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <BookingSummary
              booking={booking}
              musicianName={booking.musicianName}
              disputed={booking.disputed}
            />
          </CardContent>
        </Card>
        <div className="grid gap-4 md:sticky md:top-20">
          {(pending || canDispute) && (
            // On a phone the actions stay in reach at the bottom of the screen; beside the summary on wide screens.
            // The bar may grow past the screen with the question open: it scrolls rather than hides Yes.
            <div
              data-testid="booking-actions"
              className="fixed inset-x-0 bottom-0 z-20 flex max-h-[85dvh] gap-2 overflow-y-auto border-t bg-background/95 p-3 shadow-lg backdrop-blur md:static md:max-h-none md:flex-col md:overflow-visible md:rounded-lg md:border md:p-4 md:shadow-sm"
            >
              {pending && (
                <ConfirmDisclosure
                  // Open, the question takes the whole bar on a phone (phone walk 3: it was squeezed into
                  // half of it): the buttons beside it step aside, in CSS, so it holds before hydration too.
                  className="peer min-w-0 flex-1"
                  variant="default"
                  size="default"
                  trigger={confirming ? "Confirming..." : "Confirm Booking"}
                  question="Confirm this booking?"
                  panelClassName="rounded-md border bg-background p-3"
                  description={`You are confirming ${booking.musicianName}'s booking for ${booking.clientName}.${
                    booking.quote
                      ? ` Price ${formatNaira(booking.quote.priceKobo)} + ${serviceFeeLabel(booking.quote.serviceFeeBp)} ${formatNaira(booking.quote.serviceFeeKobo)} = Total ${formatNaira(booking.quote.totalKobo)}, paid after you confirm and held in escrow until after the event.`
                      : ""
                  } Once paid, you can still tell us with Dispute Booking if something goes wrong.`}
                >
                  <confirmFetcher.Form method="post">
                    <input type="hidden" name="intent" value="confirm" />
                    <Button type="submit" className="w-full" disabled={confirming}>
                      {confirming ? "Confirming..." : "Yes, confirm booking"}
                    </Button>
                  </confirmFetcher.Form>
                </ConfirmDisclosure>
              )}
              {canDispute && (
                <div className="flex-1 max-md:peer-open:hidden [&>button]:w-full">
                  <DisputeDialog slug={booking.slug} disabled={false} heldKobo={heldKobo} contact={contact} />
                </div>
              )}
            </div>
          )}
          {booking.musicianPhone && (
            <MusicianContact name={booking.musicianName} phone={booking.musicianPhone} />
          )}
          {settled && <WhatHappensNext booking={booking} payment={payment} />}
          {(booking.status === "cancelled" || booking.disputed) &&
            moneyWasReceived(booking.paymentStatus) && (
              // A cancelled paid booking keeps its documents, with a credit note (phone walk 2), and so does
              // one under dispute: the payer may want the receipt just then (phone walk 3).
              <section className="rounded-lg border bg-card p-4 shadow-sm">
                <BookingDownloads
                  slug={booking.slug}
                  eventDate={null}
                  paymentStatus={booking.paymentStatus}
                  status={booking.status}
                />
              </section>
            )}
          {payment}
          {cancellation}
        </div>
      </div>
    </main>
  );
}
