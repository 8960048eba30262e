import { CalendarIcon, EyeIcon, MapPinIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useParams } from "react-router";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { BookingsActionResult } from "~/features/bookings/action-results";
import { ALLOW_OVERLAP_FIELD } from "~/features/calendar/calendar.schema";
import { OverlapWarning } from "~/features/calendar/components/overlap-warning";
import { DisputeSidePanel } from "~/features/disputes/components/dispute-side-panel";
import type { DisputeThread } from "~/features/disputes/dispute-sides.server";
import { BookingDownloads } from "~/features/documents/components/booking-downloads";
import { StartConversationForm } from "~/features/messaging/components/start-conversation-form";
import { eventEnded, eventEndsAt, formatLagosMoment } from "~/features/money/event-time";
import { moneyWasReceived, phaseOfStatus } from "~/features/money/money-rules";
import { PaymentStatusBadge } from "~/features/payments/components/payment-status-badge";
import { OrganiserReputationLine } from "~/features/reviews/components/organiser-reputation";
import { ReviewOrganiserLink } from "~/features/reviews/components/review-organiser-link";
import type { OrganiserReputation } from "~/features/reviews/rating";
import { formatTimeRange } from "~/lib/date-format";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import { formatNaira, formatNairaOrNotSpecified } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { useActionToast } from "~/lib/use-action-toast";
import { type BookingFormValues, bookingFormSchema } from "../booking.schema";
import { formatEventDate } from "../booking-dates";
import type { BookingRow } from "../bookings.server";
import { BookingFormFields } from "./booking-form-fields";
import { BookingStatusBadge } from "./booking-status-badge";
import { BookingSummary, withOther } from "./booking-summary";
import { CreateBookingButton } from "./create-booking-button";
import { useCopy } from "./use-copy";

type Submit = (intent: string, bookingId: string, extra?: Record<string, string>) => void;
type Row = Omit<BookingRow, "createdAt"> & { createdAt: Date | string };

function toFormValues(b: Row): BookingFormValues {
  return {
    clientName: b.clientName,
    email: b.email ?? "",
    phoneNumber: b.phoneNumber ?? "",
    serviceType: b.serviceType,
    serviceTypeOther: b.serviceTypeOther ?? "",
    price: b.priceKobo === null ? "" : formatNairaAmount(b.priceKobo),
    eventType: b.eventType,
    eventTypeOther: b.eventTypeOther ?? "",
    location: b.location ?? "",
    eventDate: b.eventDate ?? "",
    eventStartTime: b.eventStartTime?.slice(0, 5) ?? "",
    eventEndTime: b.eventEndTime?.slice(0, 5) ?? "",
    additionalDetails: b.additionalDetails ?? "",
  };
}

/** Spec §2 "Bookings list", with the musician's own bookings only (ARCHITECTURE §9). */
export function AllBookingsPage({
  bookings,
  websiteActive,
  now,
  reputations,
  disputeThreads,
  moneyNews,
  releaseLines,
}: {
  bookings: Row[];
  websiteActive: boolean;
  /** The server's clock (ISO) when the page was read: "Mark completed" opens at the event's end. */
  now: string;
  /** The organiser's reputation per booking id (reviews feature). */
  reputations?: Record<string, OrganiserReputation>;
  /** An open dispute's timeline and the musician's side, per booking id (disputes feature). */
  disputeThreads?: Record<string, DisputeThread>;
  /** Who cancelled and the refund, a dispute's outcome: per booking id (notifications feature). */
  moneyNews?: Record<string, { cancellation: string | null; resolution: string | null }>;
  /** When each held booking's money is released (money module), per booking id. */
  releaseLines?: Record<string, string>;
}) {
  const fetcher = useFetcher<BookingsActionResult>({ key: "musician-bookings" });
  useActionToast(fetcher.data);
  const submit: Submit = (intent, bookingId, extra) =>
    fetcher.submit({ intent, bookingId, ...extra }, { method: "post" });
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("bookingId") ?? "") : null;

  return (
    <section className="grid gap-4" aria-labelledby="all-bookings-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="all-bookings-heading" className="text-xl font-semibold">
          All Bookings
        </h2>
        <p className="flex items-center gap-2 text-sm">
          Website status:
          <Badge variant={websiteActive ? "default" : "secondary"}>
            {websiteActive ? "Active" : "Inactive"}
          </Badge>
        </p>
      </div>
      {bookings.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="font-medium">No bookings yet</p>
            <p className="text-sm text-muted-foreground">
              Create a booking and share its link with your client.
            </p>
            <CreateBookingButton />
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {bookings.map((b) => (
            <BookingItem
              key={b.id}
              booking={b}
              now={now}
              submit={submit}
              busy={busyId === b.id}
              result={fetcher.data?.bookingId === b.id ? fetcher.data : undefined}
              reputation={reputations?.[b.id]}
              thread={disputeThreads?.[b.id]}
              news={moneyNews?.[b.id]}
              releaseLine={releaseLines?.[b.id]}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingItem({
  booking: b,
  now,
  submit,
  busy,
  result,
  reputation,
  thread,
  news,
  releaseLine,
}: {
  booking: Row;
  now: string;
  submit: Submit;
  busy: boolean;
  result: BookingsActionResult | undefined;
  reputation?: OrganiserReputation;
  thread?: DisputeThread;
  news?: { cancellation: string | null; resolution: string | null };
  releaseLine?: string;
}) {
  const editable = b.status === "pending";
  const deletable = b.status !== "confirmed" && b.status !== "completed";
  const cancellable = b.status === "pending" || b.status === "confirmed";
  // The same clock as the client's "The event happened": only once the event has ended (issue 22 §2).
  const dateHasCome = eventEnded(b, new Date(now));
  const endsAt = eventEndsAt(b);
  const hintId = `booking-actions-hint-${b.id}`;
  const markCompletedWaits = b.status === "confirmed" && !dateHasCome;
  // A booking with no event date cannot be paid (release waits for the event's end).
  const needsDate = b.status === "confirmed" && !moneyWasReceived(b.paymentStatus) && !b.eventDate;
  const hinted = !editable || !deletable || b.hasMoneyHistory || markCompletedWaits || needsDate;
  const when = [formatEventDate(b.eventDate), formatTimeRange(b.eventStartTime, b.eventEndTime)]
    .filter(Boolean)
    .join(" · ");
  return (
    <li id={`booking-${b.id}`} className="scroll-mt-20">
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1">
              <h3 className="font-semibold">{b.clientName}</h3>
              <p className="text-sm text-muted-foreground">
                {withOther(b.serviceType, b.serviceTypeOther)} · {withOther(b.eventType, b.eventTypeOther)}
              </p>
              <OrganiserReputationLine reputation={reputation} />
            </div>
            <div className="flex flex-wrap gap-1">
              <BookingStatusBadge status={b.status} />
              {thread?.open && (
                <span className="inline-flex rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-medium text-destructive">
                  Disputed
                </span>
              )}
              <PaymentStatusBadge paymentStatus={b.paymentStatus} />
            </div>
          </div>
          {b.disputeReason && (
            <p className="rounded-md bg-destructive/5 p-3 text-sm">
              <span className="font-medium">The client disputed this booking: </span>
              {b.disputeReason}
            </p>
          )}
          {thread && <DisputeSidePanel bookingId={b.id} thread={thread} result={result} />}
          {news?.resolution && <p className="text-sm">Dispute resolved: {news.resolution}.</p>}
          {news?.cancellation && <p className="text-sm">{news.cancellation}</p>}
          {releaseLine && (
            <p className="rounded-md bg-muted/60 p-2 text-sm" data-testid="release-line">
              {releaseLine}
            </p>
          )}
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span className="flex items-center gap-1">
              <CalendarIcon aria-hidden className="size-4" />
              {when || "Not specified"}
            </span>
            <span className="flex items-center gap-1">
              <MapPinIcon aria-hidden className="size-4" />
              {b.location || "Not specified"}
            </span>
            <span className="font-medium">{formatNairaOrNotSpecified(b.priceKobo)}</span>
          </div>
          <div className="flex flex-wrap gap-2">
            <ViewDialog booking={b} />
            <EditDialog
              booking={b}
              disabled={!editable || busy}
              describedBy={!editable ? hintId : undefined}
              submit={submit}
              result={result}
            />
            {/* A booking with money history stays as a record (issue 27): no Delete on its card at all. */}
            {!b.hasMoneyHistory && (
              <ConfirmActionDialog
                trigger={
                  <>
                    <Trash2Icon aria-hidden />
                    Delete
                  </>
                }
                label={`Delete booking for ${b.clientName}`}
                title="Delete this booking?"
                description={`The booking for ${b.clientName} will be removed and its link will stop working.`}
                confirmLabel="Delete"
                disabled={!deletable || busy}
                describedBy={!deletable ? hintId : undefined}
                intent="delete"
                bookingId={b.id}
              />
            )}
            {cancellable && (
              <ConfirmActionDialog
                trigger="Cancel booking"
                label={`Cancel booking for ${b.clientName}`}
                title="Cancel this booking?"
                description={cancelDescription(b)}
                confirmLabel="Cancel booking"
                disabled={busy}
                intent="cancel"
                bookingId={b.id}
                fields={
                  // The client is told why (phone walk 3), with the way back to Find Musicians.
                  <div className="grid w-full gap-1">
                    <Label htmlFor={`cancel-reason-${b.id}`}>Reason (the client reads it)</Label>
                    <Textarea
                      id={`cancel-reason-${b.id}`}
                      name="cancelReason"
                      rows={2}
                      maxLength={500}
                      placeholder="e.g. Our lead singer is unwell that week"
                    />
                  </div>
                }
              />
            )}
            {b.status === "confirmed" && (
              <ConfirmActionDialog
                trigger="Mark completed"
                label={`Mark booking for ${b.clientName} completed`}
                title="Mark this booking completed?"
                description={markCompletedDescription(b)}
                confirmLabel="Mark completed"
                confirmVariant="default"
                disabled={!dateHasCome || busy}
                describedBy={markCompletedWaits ? hintId : undefined}
                intent="complete"
                bookingId={b.id}
              />
            )}
            {b.status === "completed" && !b.organiserReviewPublished && (
              <ReviewOrganiserLink bookingId={b.id} clientName={b.clientName} />
            )}
            {b.clientHasAccount && <MessageClient bookingId={b.id} />}
          </div>
          {hinted && (
            <p id={hintId} className="text-xs text-muted-foreground">
              {[
                !editable && "Only pending bookings can be edited.",
                !deletable && "Confirmed and completed bookings are kept, so they cannot be deleted.",
                deletable &&
                  b.hasMoneyHistory &&
                  "A booking with a payment on record is kept as a record of the money, so it cannot be deleted.",
                markCompletedWaits &&
                  `Mark completed opens when the event ends${endsAt ? ` (${formatLagosMoment(endsAt)})` : ""}.`,
                // A confirmed booking cannot be edited (spec §4 Musician rules), so the date cannot be added to it.
                needsDate &&
                  "No event date: the client cannot pay. Confirmed bookings cannot be edited, so cancel this booking and create a new one with the date.",
              ]
                .filter(Boolean)
                .join(" ")}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/** Opens (or starts) the conversation with the booking's organiser. */
function MessageClient({ bookingId }: { bookingId: string }) {
  const musicianSlug = useParams().slug ?? "";
  return <StartConversationForm action={`/musician_messages/${musicianSlug}`} fields={{ bookingId }} />;
}

function ViewDialog({ booking }: { booking: Row }) {
  const musicianSlug = useParams().slug ?? "";
  const [open, setOpen] = useState(false);
  const linkCopy = useCopy("Booking link copied to clipboard!", "Failed to copy link. Please try again.");
  const link = typeof window !== "undefined" ? `${window.location.origin}/booking/${booking.slug}` : "";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`View booking for ${booking.clientName}`}
      >
        <EyeIcon aria-hidden />
        View
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Booking for {booking.clientName}</DialogTitle>
          <DialogDescription>Booking link: /booking/{booking.slug}</DialogDescription>
        </DialogHeader>
        <BookingSummary booking={booking} showContact />
        <BookingDownloads
          slug={booking.slug}
          eventDate={booking.eventDate}
          musician={{ slug: musicianSlug, bookingId: booking.id }}
          paid={moneyWasReceived(booking.paymentStatus)}
          paymentStatus={booking.paymentStatus}
          status={booking.status}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => linkCopy.copy(link)}>
            Copy Link
          </Button>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EditDialog({
  booking,
  disabled,
  describedBy,
  submit,
  result,
}: {
  booking: Row;
  disabled: boolean;
  describedBy?: string;
  submit: Submit;
  result: BookingsActionResult | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<BookingFormValues>(() => toFormValues(booking));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [warningDismissed, setWarningDismissed] = useState(false);
  const clashes = result?.intent === "update" && !warningDismissed ? result.clashes : undefined;

  useEffect(() => {
    if (result?.intent !== "update") return;
    setWarningDismissed(false);
    if (result.ok) setOpen(false);
    else if (result.errors) setErrors(result.errors);
  }, [result]);

  function save(e: React.FormEvent | null, allowOverlap = false) {
    e?.preventDefault();
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    submit("update", booking.id, allowOverlap ? { ...values, [ALLOW_OVERLAP_FIELD]: "1" } : values);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setValues(toFormValues(booking));
          setErrors({});
        }
      }}
    >
      <Button
        size="sm"
        variant="outline"
        disabled={disabled}
        aria-describedby={describedBy}
        aria-label={`Edit booking for ${booking.clientName}`}
        onClick={() => {
          setValues(toFormValues(booking));
          setErrors({});
          setOpen(true);
        }}
      >
        <PencilIcon aria-hidden />
        Edit
      </Button>
      <DialogContent className="max-w-2xl">
        <form onSubmit={save} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit Booking</DialogTitle>
            <DialogDescription>Only pending bookings can be edited.</DialogDescription>
          </DialogHeader>
          <BookingFormFields
            values={values}
            errors={errors}
            idPrefix={`edit-${booking.id}`}
            onChange={(name, value) => {
              setValues((v) => ({ ...v, [name]: value }));
              setErrors((x) => ({ ...x, [name]: undefined }));
            }}
          />
          {clashes ? (
            <OverlapWarning
              clashes={clashes}
              busy={disabled}
              onSaveAnyway={() => save(null, true)}
              onChange={() => setWarningDismissed(true)}
            />
          ) : (
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">Save Changes</Button>
            </DialogFooter>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Delete and Cancel ask first, as a disclosure holding a plain form (issue 23 §3): the question opens
 * before the page's JavaScript runs and without it, and the answer posts with the page's own fetcher.
 */
function ConfirmActionDialog({
  trigger,
  label,
  title,
  description,
  confirmLabel,
  confirmVariant = "destructive",
  disabled,
  describedBy,
  intent,
  bookingId,
  fields,
}: {
  trigger: React.ReactNode;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  confirmVariant?: "destructive" | "default";
  disabled: boolean;
  describedBy?: string;
  intent: "delete" | "cancel" | "complete";
  bookingId: string;
  /** More fields posted with the answer (the reason for cancelling). */
  fields?: React.ReactNode;
}) {
  const fetcher = useFetcher<BookingsActionResult>({ key: "musician-bookings" });
  if (disabled)
    return (
      <Button size="sm" variant="outline" disabled aria-describedby={describedBy} aria-label={label}>
        {trigger}
      </Button>
    );
  return (
    <ConfirmDisclosure
      trigger={trigger}
      triggerLabel={label}
      question={title}
      description={description}
      className="basis-full sm:basis-auto"
      panelClassName="rounded-md border p-3 sm:w-96"
    >
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="bookingId" value={bookingId} />
        {fields}
        <Button type="submit" size="sm" variant={confirmVariant}>
          {confirmLabel}
        </Button>
      </fetcher.Form>
    </ConfirmDisclosure>
  );
}

/**
 * What "Mark completed" does, said before it is done (phone walk 3: one tap, and no word that it moves
 * no money): it records that the event took place; a payment held in escrow stays held until its
 * release (after the event, unless the client reports a problem).
 */
export function markCompletedDescription(b: Pick<Row, "clientName" | "paymentStatus">): string {
  const done = `This records that the event for ${b.clientName} took place.`;
  const phase = phaseOfStatus(b.paymentStatus);
  if (phase === "held")
    return `${done} It releases no money: the payment stays in escrow and is released to your wallet after the event, unless the client reports a problem.`;
  if (phase === "released") return `${done} The payment has already been released to you.`;
  return `${done} No payment has been made for this booking, so no money moves.`;
}

/**
 * What the musician's Cancel does, said before they confirm (phone walk 2): on a paid booking, that the
 * client gets their payment back in full and the musician nothing; before payment, that the client can
 * no longer confirm or pay it.
 */
export function cancelDescription(
  b: Pick<Row, "clientName" | "status" | "paymentStatus" | "cancelRefundKobo">,
): string {
  if (phaseOfStatus(b.paymentStatus) === "held")
    return b.cancelRefundKobo
      ? `The booking for ${b.clientName} will be cancelled and the client refunded in full: ${formatNaira(b.cancelRefundKobo)}, everything they paid, goes back to them, and you receive nothing for this booking.`
      : `The booking for ${b.clientName} will be cancelled and the client refunded in full: everything they paid goes back to them, and you receive nothing for this booking.`;
  return b.status === "confirmed"
    ? `The booking for ${b.clientName} will be marked cancelled; the client can no longer pay it.`
    : `The booking for ${b.clientName} will be marked cancelled; the client can no longer confirm it.`;
}
