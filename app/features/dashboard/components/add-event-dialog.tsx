import { PlusIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { EVENT_TYPE_OPTIONS } from "~/features/performances/events.schema";
import { formatDate } from "~/lib/date-format";
import type { FieldErrors } from "~/lib/field-errors";
import { type ActionToast, useActionToast } from "~/lib/use-action-toast";
import { NativeSelect } from "./native-select";

export type AddEventActionData = ActionToast & { ok?: boolean; fieldErrors?: FieldErrors };

/** The Add Event dialog of the events pages; it posts to the calendar page's action. */
export function AddEventDialog({ slug, today }: { slug: string; today: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AddEventActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data);
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      formRef.current?.reset();
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />
          Add Event
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Event</DialogTitle>
          <DialogDescription>
            Record a past performance in your history, or schedule an upcoming one.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={`/musician_events/${encodeURIComponent(slug)}`}
          noValidate
          className="grid gap-4"
        >
          <IdempotencyKeyField renewOn={fetcher.data} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Add to</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="scheduled" defaultChecked className="size-4" />
                Scheduled event
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value="history" className="size-4" />
                History (past event)
              </label>
            </div>
          </fieldset>
          <TextField name="eventTitle" label="Event title *" error={errors.eventTitle} autoComplete="off" />
          <div className="grid gap-2">
            <Label htmlFor="eventType">Event type *</Label>
            <NativeSelect
              id="eventType"
              name="eventType"
              defaultValue=""
              aria-invalid={errors.eventType ? true : undefined}
              aria-describedby={errors.eventType ? "eventType-error" : undefined}
            >
              <option value="">Select event type</option>
              {EVENT_TYPE_OPTIONS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
            <FieldError id="eventType-error" message={errors.eventType} />
          </div>
          <TextField
            name="eventDate"
            label="Date *"
            type="date"
            error={errors.eventDate}
            hint={`Scheduled events must be dated ${formatDate(today) ?? "today"} or later.`}
          />
          <TextField name="location" label="Location" error={errors.location} />
          <div className="grid grid-cols-2 gap-3">
            <TextField name="startTime" label="Start time" type="time" step={900} error={errors.startTime} />
            <TextField name="endTime" label="End time" type="time" step={900} error={errors.endTime} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : "Add Event"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
