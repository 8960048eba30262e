import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import type {
  BookingRequestActionResult,
  RequestSentPanel,
} from "~/features/booking-requests/action-results";
import { timeOptions } from "~/features/bookings/booking.schema";
import { formatTime } from "~/features/bookings/booking-dates";
import { SelectField, TextareaField } from "~/features/bookings/components/form-controls";
import { useHydrated } from "~/features/bookings/components/use-hydrated";
import { BusyDatesHint } from "~/features/calendar/components/busy-dates";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import { toast } from "~/lib/toast";
import {
  type BookingRequestFormValues,
  bookingRequestSchema,
  durationLabel,
  emptyBookingRequestForm,
  eventDurations,
  requestEventTypeLabels,
  requestEventTypes,
} from "../booking-request.schema";
import { RequestSummaryList } from "./request-summary-list";

const eventTypeOptions = requestEventTypes.map((v) => ({ value: v, label: requestEventTypeLabels[v] }));
const durationOptions = eventDurations.map((v) => ({ value: v, label: durationLabel(v) }));
// The same half-hour choices as the musician's booking form.
const startTimeOptions = timeOptions.map((t) => ({ value: t, label: formatTime(t) ?? t }));

/**
 * Spec §5 booking request form. Posts to /musicians/{slug}/request: with a fetcher when the page's
 * JavaScript runs, as a plain HTML form otherwise (then `pageResult` is that post's answer).
 */
export function BookingRequestForm({
  musicianSlug,
  today,
  pageResult,
  onSent,
  busyDates,
  initialValues,
  draftId,
  canSaveDraft = false,
}: {
  musicianSlug: string;
  today: string;
  /** Taken days, when the page already loaded them (the dialog's form loads its own). */
  busyDates?: string[];
  pageResult?: BookingRequestActionResult;
  onSent?: () => void;
  /** A signed-in organiser's details, or the draft being finished. */
  initialValues?: Partial<BookingRequestFormValues>;
  draftId?: string | null;
  /** Organisers may save the request as a draft and finish it from My Bookings. */
  canSaveDraft?: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BookingRequestActionResult>();
  const [start] = useState<BookingRequestFormValues>(() => ({
    ...emptyBookingRequestForm,
    ...initialValues,
  }));
  const [values, setValues] = useState<BookingRequestFormValues>(start);
  const [touched, setTouched] = useState<Partial<Record<keyof BookingRequestFormValues, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>(pageResult?.errors ?? {});
  const [sent, setSent] = useState<RequestSentPanel | null>(pageResult?.sent ?? null);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";
  const schema = bookingRequestSchema(() => today);
  const parsed = schema.safeParse(values);
  const liveErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const dateNotFixed = values.dateNotFixed === "on";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast.success(result.toast?.message ?? "Booking request sent successfully!");
      setValues(start);
      setTouched({});
      setTried(false);
      setServerErrors({});
      if (result.sent) setSent(result.sent);
      else onSent?.();
      return;
    }
    setServerErrors(result.errors ?? {});
    toast.error(result.toast?.message ?? "Failed to send booking request. Please try again.");
  }, [fetcher.data, fetcher.state, onSent, start]);

  if (sent) {
    return (
      <div className="grid gap-4">
        {/* Without JavaScript there is no toast: the page says it. */}
        {pageResult?.toast && (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
            {pageResult.toast.message}
          </p>
        )}
        <RequestSentConfirmation sent={sent} />
      </div>
    );
  }

  /** Submit is always possible: with errors, they are all shown, named by field, and the first gets focus. */
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (parsed.success) return;
    e.preventDefault();
    setTried(true);
    const first = Object.keys(liveErrors)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const field = (name: keyof BookingRequestFormValues) => ({
    id: `request-${name}`,
    name,
    value: values[name],
    // A field left empty says so only once Send is pressed (an error appearing on blur would move the
    // button under the pointer); a value typed wrongly says so as soon as the field is left.
    error:
      serverErrors[name] ?? (tried || (touched[name] && values[name] !== "") ? liveErrors[name] : undefined),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setServerErrors((x) => ({ ...x, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/musicians/${musicianSlug}/request`}
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
    >
      {pageResult?.toast && (
        <p
          role="alert"
          className={`sm:col-span-2 rounded-md p-3 text-sm ${pageResult.ok ? "bg-emerald-50 text-emerald-900" : "bg-destructive/10 text-destructive"}`}
        >
          {pageResult.toast.message}
        </p>
      )}
      <IdempotencyKeyField renewOn={fetcher.data} />
      <TextField label="Your Name *" autoComplete="name" required {...field("clientName")} />
      <p id="request-reply-hint" className="text-sm text-muted-foreground sm:col-span-2">
        How can the musician reply? Give a phone number, an e-mail, or both.
      </p>
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        placeholder="e.g. 0803 123 4567"
        {...field("phoneNumber")}
      />
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
      <SelectField
        label="Event Type *"
        placeholder="Select event type"
        options={eventTypeOptions}
        required
        {...field("eventType")}
      />
      {/* Without JavaScript the field stays visible; the server keeps its text only for "other". */}
      {(values.eventType === "other" || !hydrated) && (
        <TextField label="Other event type" {...field("eventTypeOther")} />
      )}
      <TextField label="Location" autoComplete="address-level2" {...field("location")} />
      <div className="grid gap-2">
        <TextField
          label="Event Date"
          type="date"
          min={today}
          {...field("eventDate")}
          disabled={hydrated && dateNotFixed}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="dateNotFixed"
            className="size-4"
            checked={dateNotFixed}
            onChange={(e) => {
              const on = e.target.checked;
              setValues((v) => ({ ...v, dateNotFixed: on ? "on" : "", eventDate: on ? "" : v.eventDate }));
              setServerErrors((x) => ({ ...x, eventDate: undefined }));
            }}
          />
          Date not fixed yet
        </label>
      </div>
      {!dateNotFixed && (
        <BusyDatesHint musicianSlug={musicianSlug} selected={values.eventDate} dates={busyDates} />
      )}
      <SelectField
        label="Start Time"
        placeholder="Select start time"
        options={startTimeOptions}
        {...field("eventStartTime")}
      />
      <SelectField
        label="Event Duration *"
        placeholder="Select duration"
        options={durationOptions}
        required
        {...field("eventDuration")}
      />
      <NairaField label="Budget Estimate" placeholder="Optional, e.g. 150,000" {...field("budgetEstimate")} />
      <TextareaField
        label="Additional Details"
        rows={3}
        className="sm:col-span-2"
        {...field("additionalDetails")}
      />
      {draftId && <input type="hidden" name="draftId" value={draftId} />}
      {tried && !parsed.success && (
        <p role="alert" className="sm:col-span-2 text-sm text-destructive">
          Please check: {Object.keys(liveErrors).map(fieldLabel).join(", ")}.
        </p>
      )}
      <Button type="submit" className="sm:col-span-2" disabled={submitting}>
        {submitting ? "Sending..." : "Send Request"}
      </Button>
      {canSaveDraft && (
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="outline"
          className="sm:col-span-2"
          disabled={submitting}
        >
          Save Draft
        </Button>
      )}
    </fetcher.Form>
  );
}

const labels: Partial<Record<keyof BookingRequestFormValues, string>> = {
  clientName: "Your Name",
  email: "Email",
  phoneNumber: "Phone Number",
  eventType: "Event Type",
  eventTypeOther: "Other event type",
  location: "Location",
  eventDate: "Event Date",
  eventStartTime: "Start Time",
  eventDuration: "Event Duration",
  budgetEstimate: "Budget Estimate",
  additionalDetails: "Additional Details",
};

function fieldLabel(name: string): string {
  return labels[name as keyof BookingRequestFormValues] ?? name;
}

/** After sending: what was sent, when the musician usually replies, and the private status link. */
export function RequestSentConfirmation({ sent }: { sent: RequestSentPanel }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="request-sent-heading" className="grid gap-4">
      <h2
        id="request-sent-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        Request sent to {sent.musicianName}
      </h2>
      <p className="text-sm">{sent.replyTime}</p>
      <RequestSummaryList lines={sent.summary} />
      <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        <p>
          Follow your request on its own private page; keep the link (anyone with it can see the request).
        </p>
        <Link to={sent.statusPath} className="font-medium text-primary underline">
          Follow your request
        </Link>
        {sent.organiser && (
          <Link to="/bookings" className="font-medium text-primary underline">
            Go to My Bookings
          </Link>
        )}
      </div>
    </section>
  );
}
