import { eachDayOfInterval, endOfMonth, format, getISODay, startOfMonth } from "date-fns";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/features/dashboard/components/native-select";
import { cn } from "~/lib/cn";
import { formatTime, formatTimeRange } from "~/lib/date-format";
import { TIME_OPTIONS } from "../availability.schema";
import type { UsualHours } from "../availability.server";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function parse(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y, m - 1, d);
}

/** Month grids of checkboxes (one per selectable day), so picking dates works without JavaScript. */
function DatePicker({ from, to, saved }: { from: string; to: string; saved: Set<string> }) {
  const start = parse(from);
  const end = parse(to);
  const months: Date[] = [];
  for (let m = startOfMonth(start); m <= end; m = new Date(m.getFullYear(), m.getMonth() + 1, 1))
    months.push(m);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {months.map((month) => {
        const days = eachDayOfInterval({ start: month, end: endOfMonth(month) });
        return (
          <fieldset key={month.toISOString()} className="rounded-lg border p-3">
            <legend className="px-1 text-sm font-semibold">{format(month, "MMMM yyyy")}</legend>
            <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted-foreground" aria-hidden>
              {WEEKDAYS.map((d) => (
                <span key={d}>{d}</span>
              ))}
            </div>
            <div className="mt-1 grid grid-cols-7 gap-1">
              {Array.from({ length: getISODay(month) - 1 }, (_, i) => (
                <span key={`pad-${i}`} />
              ))}
              {days.map((day) => {
                const iso = format(day, "yyyy-MM-dd");
                const selectable = iso >= from && iso <= to;
                if (!selectable) {
                  return (
                    <span
                      key={iso}
                      className="flex h-9 items-center justify-center text-sm text-muted-foreground line-through"
                    >
                      {day.getDate()}
                    </span>
                  );
                }
                return (
                  <label
                    key={iso}
                    className={cn(
                      "relative flex h-9 cursor-pointer items-center justify-center rounded-md border text-sm hover:bg-accent",
                      "has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                    )}
                  >
                    <input
                      type="checkbox"
                      name="dates"
                      value={iso}
                      className="sr-only"
                      aria-label={format(day, "EEEE, d MMMM yyyy")}
                    />
                    {day.getDate()}
                    {saved.has(iso) && (
                      <span
                        aria-hidden
                        className="absolute bottom-1 size-1 rounded-full bg-current opacity-70"
                      />
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function AvailabilityForm({
  from,
  to,
  savedDates,
  usualHours,
  errors,
}: {
  from: string;
  to: string;
  savedDates: string[];
  usualHours: UsualHours;
  errors: Partial<Record<string, string>>;
}) {
  const [allDay, setAllDay] = useState(usualHours.allDay);
  const usual = usualHours.allDay ? "all day" : formatTimeRange(usualHours.startTime, usualHours.endTime);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  // The sticky bar counts the days picked so far (the checkboxes stay uncontrolled).
  const [picked, setPicked] = useState(0);
  return (
    <Form
      method="post"
      className="flex flex-col gap-4"
      noValidate
      onChange={(e) => setPicked(e.currentTarget.querySelectorAll('input[name="dates"]:checked').length)}
      onReset={() => setPicked(0)}
    >
      <input type="hidden" name="intent" value="save" />
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">Select dates</h3>
        <p id="dates-hint" className="text-sm text-muted-foreground">
          Pick one or more days you are available to perform. Dots mark days you already saved.
        </p>
        <DatePicker from={from} to={to} saved={new Set(savedDates)} />
        <FieldError id="dates-error" message={errors.dates} />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="allDay"
          className="size-4"
          checked={allDay}
          onChange={(e) => setAllDay(e.target.checked)}
        />
        All day
      </label>
      <p id="hours-hint" className="text-sm text-muted-foreground">
        {usualHours.fromLastSaved
          ? `New days start with your usual hours (${usual}), from the availability you saved last. Change them here before saving.`
          : usualHours.fromBookings
            ? `New days start with the hours you are usually booked for (${usual}). Change them here before saving; next time they start with the hours you save now.`
            : `New days start at ${usual}. Change the hours here before saving; next time they start with the hours you save now.`}
      </p>
      <div className="grid max-w-md grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="startTime">Start time</Label>
          <NativeSelect
            id="startTime"
            name="startTime"
            defaultValue={usualHours.startTime}
            disabled={allDay}
            aria-describedby="hours-hint"
          >
            {TIME_OPTIONS.map((t) => (
              <option key={t} value={t}>
                {formatTime(t)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="endTime">End time</Label>
          <NativeSelect
            id="endTime"
            name="endTime"
            defaultValue={usualHours.endTime}
            disabled={allDay}
            aria-invalid={errors.endTime ? true : undefined}
            aria-describedby={errors.endTime ? "hours-hint endTime-error" : "hours-hint"}
          >
            {TIME_OPTIONS.map((t) => (
              <option key={t} value={t}>
                {formatTime(t)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="endTime-error" message={errors.endTime} />
        </div>
      </div>
      <div
        data-testid="availability-save-bar"
        className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur md:mx-0 md:px-0"
      >
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving
            ? "Saving..."
            : picked > 0
              ? `Save Changes (${picked} ${picked === 1 ? "day" : "days"})`
              : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
