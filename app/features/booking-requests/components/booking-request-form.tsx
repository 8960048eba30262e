import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import type { BookingRequestActionResult } from "~/features/booking-requests/action-results";
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

const eventTypeOptions = requestEventTypes.map((v) => ({ value: v, label: requestEventTypeLabels[v] }));
const durationOptions = eventDurations.map((v) => ({ value: v, label: durationLabel(v) }));

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
  const submitting = fetcher.state !== "idle";
  const schema = bookingRequestSchema(() => today);
  const parsed = schema.safeParse(values);
  const liveErrors = parsed.success ? {} : fieldErrors(parsed.error);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast.success(result.toast?.message ?? "Booking request sent successfully!");
      setValues(start);
      setTouched({});
      setServerErrors({});
      onSent?.();
      return;
    }
    setServerErrors(result.errors ?? {});
    toast.error(result.toast?.message ?? "Failed to send booking request. Please try again.");
  }, [fetcher.data, fetcher.state, onSent, start]);

  const field = (name: keyof BookingRequestFormValues) => ({
    id: `request-${name}`,
    name,
    value: values[name],
    error: serverErrors[name] ?? (touched[name] ? liveErrors[name] : undefined),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setServerErrors((x) => ({ ...x, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  return (
    <fetcher.Form
      method="post"
      action={`/musicians/${musicianSlug}/request`}
      noValidate={hydrated}
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
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" {...field("phoneNumber")} />
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
      <TextField label="Event Date" type="date" min={today} {...field("eventDate")} />
      <BusyDatesHint musicianSlug={musicianSlug} selected={values.eventDate} dates={busyDates} />
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
      <Button type="submit" className="sm:col-span-2" disabled={hydrated && (submitting || !parsed.success)}>
        {submitting ? "Sending..." : "Send Request"}
      </Button>
      {canSaveDraft && (
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="outline"
          className="sm:col-span-2"
          disabled={hydrated && (submitting || !parsed.success)}
        >
          Save Draft
        </Button>
      )}
    </fetcher.Form>
  );
}
