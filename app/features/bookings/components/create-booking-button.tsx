import { CheckCircle2Icon, CopyIcon, PlusIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { useIdempotencyKey } from "~/components/idempotency-key-field";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import type { CreateBookingResult } from "~/features/bookings/action-results";
import { ALLOW_OVERLAP_FIELD } from "~/features/calendar/calendar.schema";
import { OverlapWarning } from "~/features/calendar/components/overlap-warning";
import { CommissionNote } from "~/features/payments/components/commission-note";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency";
import { toast } from "~/lib/toast";
import {
  type BookingFormValues,
  bookingFormSchema,
  emptyBookingForm,
  PAST_EVENT_LABEL,
  PAST_TIME_QUESTION,
} from "../booking.schema";
import { pastEventMoneyWords, timeAlreadyOver } from "../past-event";
import { BookingFormFields } from "./booking-form-fields";
import { BookingSummary } from "./booking-summary";
import { useCopy } from "./use-copy";

export function clientMessage(clientName: string, link: string, musicianName: string): string {
  return `Hello ${clientName},\n\nThank you for choosing me for your event. Here are your booking details: ${link}\n\nPlease open the link to review and confirm your booking.\n\nBest regards,\n${musicianName}`;
}

/** wa.me with the client's number when one was given (Nigerian 0… numbers become 234…). */
export function whatsAppUrl(message: string, phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("0")) digits = `234${digits.slice(1)}`;
  const to = digits.length >= 10 ? digits : "";
  return `https://wa.me/${to}?text=${encodeURIComponent(message)}`;
}

type Step = 0 | 1 | 2;

/**
 * Spec §2 Create New Booking dialog: form, "Booking Preview", then "Booking Created Successfully!".
 * With `requestId` it accepts that booking request: the request is marked accepted with the booking.
 */
export function CreateBookingButton({
  prefill,
  requestId,
  conversationId,
  label = "Create Booking",
  variant = "default",
}: {
  prefill?: Partial<BookingFormValues>;
  requestId?: string;
  /** Made from a conversation: the booking belongs to that conversation's organiser. */
  conversationId?: string;
  label?: string;
  variant?: "default" | "outline";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {requestId ? null : <PlusIcon aria-hidden />}
        {label}
      </Button>
      <CreateBookingDialog
        open={open}
        onOpenChange={setOpen}
        prefill={prefill}
        requestId={requestId}
        conversationId={conversationId}
      />
    </>
  );
}

/** The dialog on its own, for pages that keep it open while the list behind it changes (accepting). */
export function CreateBookingDialog({
  open,
  onOpenChange,
  prefill,
  requestId,
  conversationId,
  note,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: Partial<BookingFormValues>;
  requestId?: string;
  /** Said above the form (accepting a request: where the price came from, why e-mail and phone are blank). */
  note?: string;
  /** Made from a conversation: the booking belongs to that conversation's organiser. */
  conversationId?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <CreateBookingWizard
          prefill={prefill}
          requestId={requestId}
          conversationId={conversationId}
          note={note}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function CreateBookingWizard({
  prefill,
  requestId,
  conversationId,
  note,
  onClose,
}: {
  prefill?: Partial<BookingFormValues>;
  requestId?: string;
  note?: string;
  /** Made from a conversation: the booking belongs to that conversation's organiser. */
  conversationId?: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<CreateBookingResult>();
  const [step, setStep] = useState<Step>(0);
  const [values, setValues] = useState<BookingFormValues>({ ...emptyBookingForm, ...prefill });
  const [errors, setErrors] = useState<FieldErrors>({});
  const creating = fetcher.state !== "idle";
  const result = fetcher.data;
  const idempotencyKey = useIdempotencyKey(result);

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      setStep(2);
      toast.success(result.toast?.message ?? "Booking created successfully!");
    } else if (result.clashes) {
      // The preview step shows the overlap warning; nothing was saved.
    } else {
      if (result.errors && Object.keys(result.errors).length > 0) {
        setErrors(result.errors);
        setStep(0);
      }
      toast.error(result.toast?.message ?? "An unexpected error occurred. Please try again.");
    }
  }, [result, fetcher.state]);

  function change(name: keyof BookingFormValues, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  }

  function preview(e: React.FormEvent) {
    e.preventDefault();
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setStep(1);
  }

  function create(allowOverlap = false) {
    const body: Record<string, string> = { ...values, [IDEMPOTENCY_FIELD]: idempotencyKey };
    if (requestId) body.requestId = requestId;
    if (conversationId) body.conversationId = conversationId;
    if (allowOverlap) body[ALLOW_OVERLAP_FIELD] = "1";
    fetcher.submit(body, { method: "post", action: "/api/bookings" });
  }

  const parsed = bookingFormSchema.safeParse(values);
  // Asked here, once, before anything is sent (phone walk 3), by the same rule the server applies.
  const pastEvent = parsed.success && timeAlreadyOver(parsed.data);
  const link =
    result?.ok && typeof window !== "undefined" ? `${window.location.origin}/booking/${result.slug}` : "";

  return (
    <DialogContent className="max-w-2xl" aria-describedby="create-booking-description">
      {step === 0 && (
        <form onSubmit={preview} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Create New Booking</DialogTitle>
            <DialogDescription id="create-booking-description">
              Fill in the booking details, then preview them before creating the booking.
            </DialogDescription>
          </DialogHeader>
          {note && (
            <p className="rounded-md bg-muted p-3 text-sm" data-testid="accept-note">
              {note}
            </p>
          )}
          <BookingFormFields values={values} errors={errors} onChange={change} idPrefix="create-booking" />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Preview Booking</Button>
          </DialogFooter>
        </form>
      )}
      {step === 1 && parsed.success && (
        <div className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Booking Preview</DialogTitle>
            <DialogDescription id="create-booking-description">
              Check the details before creating the booking.
            </DialogDescription>
          </DialogHeader>
          <BookingSummary showContact booking={parsed.data} />
          <CommissionNote price={parsed.data.priceKobo} />
          {pastEvent && (
            <PastEventQuestion
              checked={values.pastEvent === "on"}
              onChange={(yes) => change("pastEvent", yes ? "on" : "")}
            />
          )}
          {result?.clashes && fetcher.state === "idle" ? (
            <OverlapWarning
              clashes={result.clashes}
              busy={creating}
              onSaveAnyway={() => create(true)}
              onChange={() => {
                fetcher.reset();
                setStep(0);
              }}
            />
          ) : (
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep(0)} disabled={creating}>
                Back
              </Button>
              <Button
                onClick={() => create()}
                disabled={creating || (pastEvent && values.pastEvent !== "on")}
                aria-describedby={pastEvent ? "preview-past-event-question" : undefined}
              >
                {creating ? "Creating..." : "Create Booking"}
              </Button>
            </DialogFooter>
          )}
        </div>
      )}
      {step === 2 && result?.ok && (
        <BookingCreated
          link={link}
          message={clientMessage(values.clientName.trim(), link, result.musicianName ?? "")}
          phone={values.phoneNumber}
          alreadySent={Boolean(requestId)}
          clientName={values.clientName.trim()}
          onClose={onClose}
        />
      )}
    </DialogContent>
  );
}

/** The past-event question in the preview: what it means for the money, and the one tick that answers it. */
function PastEventQuestion({ checked, onChange }: { checked: boolean; onChange: (yes: boolean) => void }) {
  const hours = useRouteLoaderData<{ releaseAfterHours?: number }>("root")?.releaseAfterHours ?? 48;
  return (
    <div
      className="grid gap-1 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="preview-past-event"
    >
      <p id="preview-past-event-question">
        {PAST_TIME_QUESTION} {pastEventMoneyWords(hours)}
      </p>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        {PAST_EVENT_LABEL}
      </label>
    </div>
  );
}

function BookingCreated({
  link,
  message,
  phone,
  alreadySent,
  clientName,
  onClose,
}: {
  link: string;
  message: string;
  phone: string;
  /** From a request: Stagebook has already sent the organiser the booking (its answer to the request). */
  alreadySent: boolean;
  clientName: string;
  onClose: () => void;
}) {
  const messageCopy = useCopy("Message copied to clipboard!", "Failed to copy message. Please try again.");
  const linkCopy = useCopy("Booking link copied to clipboard!", "Failed to copy link. Please try again.");
  return (
    <div className="grid gap-4">
      <DialogHeader className="items-center text-center">
        <CheckCircle2Icon aria-hidden className="size-10 text-emerald-600" />
        <DialogTitle>Booking Created Successfully!</DialogTitle>
        <DialogDescription id="create-booking-description">
          {alreadySent
            ? `We have sent ${clientName || "your client"} this booking to review and confirm, at the e-mail and number on their request. You can also send them this message and link yourself.`
            : "Send your client this message and link so they can confirm the booking."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="client-message">Message for your client</Label>
        <textarea
          id="client-message"
          readOnly
          value={message}
          rows={8}
          className="w-full rounded-md border border-input bg-muted/40 p-3 text-sm"
        />
        <Button variant="outline" size="sm" onClick={() => messageCopy.copy(message)}>
          <CopyIcon aria-hidden />
          {messageCopy.copied ? "Copied!" : "Copy Message"}
        </Button>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="booking-link">Booking link</Label>
        <input
          id="booking-link"
          readOnly
          value={link}
          className="h-10 w-full rounded-md border border-input bg-muted/40 px-3 text-sm"
        />
        <Button variant="outline" size="sm" onClick={() => linkCopy.copy(link)}>
          <CopyIcon aria-hidden />
          {linkCopy.copied ? "Copied!" : "Copy Link"}
        </Button>
      </div>
      <DialogFooter>
        {/* Sharing is what this sheet is for: the main button (phone walk 3), Close the plain one. */}
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <a
          href={whatsAppUrl(message, phone)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants()}
        >
          Share on WhatsApp
        </a>
      </DialogFooter>
    </div>
  );
}
