import { useRouteLoaderData } from "react-router";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import { CommissionNote } from "~/features/payments/components/commission-note";
import type { FieldErrors } from "~/lib/field-errors";
import {
  type BookingFormValues,
  bookingEventTypes,
  ENDS_NEXT_DAY_HINT,
  endsNextDay,
  endTimeOptions,
  PAST_EVENT_LABEL,
  PAST_TIME_QUESTION,
  serviceTypes,
  timeOptions,
} from "../booking.schema";
import { formatTime } from "../booking-dates";
import { SelectField, TextareaField } from "./form-controls";

const asOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const timeChoices = (list: string[]) => list.map((t) => ({ value: t, label: formatTime(t) ?? t }));

/** The musician's booking form fields (spec §3 names), controlled, shared by create and edit. */
export function BookingFormFields({
  values,
  errors,
  onChange,
  idPrefix,
}: {
  values: BookingFormValues;
  errors: FieldErrors;
  onChange: (name: keyof BookingFormValues, value: string) => void;
  idPrefix: string;
}) {
  const field = (name: keyof BookingFormValues) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange(name, e.target.value),
  });
  // What musicians are booked for (issue 38), loaded with the dashboard; none without enough bookings.
  const dashboard = useRouteLoaderData("routes/layouts/dashboard") as
    | { priceHints?: Record<string, string> }
    | undefined;
  const priceHint = dashboard?.priceHints?.[values.eventType];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Client Name *" autoComplete="off" {...field("clientName")} />
      <TextField label="Email" type="email" autoComplete="off" {...field("email")} />
      <TextField label="Phone Number" type="tel" autoComplete="off" {...field("phoneNumber")} />
      <div className="grid content-start gap-1">
        <NairaField label="Price" placeholder="e.g. 150,000" hint={priceHint} {...field("price")} />
        <CommissionNote price={values.price} />
      </div>
      <SelectField
        label="Service Type *"
        placeholder="Select service type"
        options={asOptions(serviceTypes)}
        {...field("serviceType")}
      />
      {values.serviceType === "Others" && (
        <TextField label="Other service type" {...field("serviceTypeOther")} />
      )}
      <SelectField
        label="Event Type *"
        placeholder="Select event type"
        options={asOptions(bookingEventTypes)}
        {...field("eventType")}
      />
      {values.eventType === "Others" && <TextField label="Other event type" {...field("eventTypeOther")} />}
      <TextField label="Location" {...field("location")} />
      <TextField label="Event Date" type="date" {...field("eventDate")} />
      <SelectField
        label="Start Time"
        placeholder="Select start time"
        options={timeChoices(timeOptions)}
        {...field("eventStartTime")}
        onChange={(e) => {
          onChange("eventStartTime", e.target.value);
          // An end time equal to the new start is cleared rather than kept invalid.
          if (values.eventEndTime && e.target.value && values.eventEndTime === e.target.value) {
            onChange("eventEndTime", "");
          }
        }}
      />
      <div className="grid gap-1">
        <SelectField
          label="End Time"
          placeholder="Select end time"
          options={endTimeOptions(values.eventStartTime).map((t) => ({
            value: t,
            label: `${formatTime(t) ?? t}${endsNextDay(values.eventStartTime, t) ? " (next day)" : ""}`,
          }))}
          {...field("eventEndTime")}
        />
        {endsNextDay(values.eventStartTime, values.eventEndTime) && (
          <p className="text-sm text-muted-foreground" data-testid="ends-next-day">
            {ENDS_NEXT_DAY_HINT}
          </p>
        )}
      </div>
      <TextareaField
        label="Additional Details"
        className="sm:col-span-2"
        rows={3}
        {...field("additionalDetails")}
      />
      {(errors.pastEvent || values.pastEvent === "on") && (
        // Asked only when the server found the time already over (N2): saying yes is a deliberate step.
        <div className="grid gap-1 rounded-md bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2">
          <p id={`${idPrefix}-pastEvent-question`}>{PAST_TIME_QUESTION}</p>
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              id={`${idPrefix}-pastEvent`}
              name="pastEvent"
              className="size-4"
              checked={values.pastEvent === "on"}
              aria-describedby={`${idPrefix}-pastEvent-question`}
              onChange={(e) => onChange("pastEvent", e.target.checked ? "on" : "")}
            />
            {PAST_EVENT_LABEL}
          </label>
        </div>
      )}
    </div>
  );
}
