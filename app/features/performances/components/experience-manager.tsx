import { Trash2Icon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { PERFORMANCE_TYPES } from "../performance.schema";
import { type PerformanceItem, PerformanceList } from "./performance-list";

/** The Experience tab: add a performance and delete existing ones. */
export function ExperienceManager({
  performances,
  errors,
  resetKey,
}: {
  performances: PerformanceItem[];
  errors: Record<string, string>;
  resetKey: number;
}) {
  const navigation = useNavigation();
  const adding = navigation.formData?.get("intent") === "add-performance";
  return (
    <div className="grid gap-8">
      <Form
        method="post"
        action="?tab=experience"
        noValidate
        className="grid gap-4 rounded-lg border p-4"
        key={resetKey}
        aria-labelledby="add-performance-heading"
      >
        <h2 id="add-performance-heading" className="text-lg font-semibold">
          Add performance
        </h2>
        <input type="hidden" name="intent" value="add-performance" />
        <IdempotencyKeyField />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="eventTitle" label="Event title" required error={errors.eventTitle} />
          <div className="grid gap-2">
            <Label htmlFor="eventType">Event type</Label>
            <select
              id="eventType"
              name="eventType"
              defaultValue=""
              required
              aria-invalid={errors.eventType ? true : undefined}
              aria-describedby={errors.eventType ? "eventType-error" : undefined}
              className="h-10 rounded-md border border-input bg-background px-3 text-base aria-invalid:border-destructive md:text-sm"
            >
              <option value="" disabled>
                Select a type
              </option>
              {PERFORMANCE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <FieldError id="eventType-error" message={errors.eventType} />
          </div>
          <TextField name="eventDate" label="Date" type="date" error={errors.eventDate} />
          <TextField name="location" label="Location" error={errors.location} />
          <TextField name="startTime" label="Start time" type="time" error={errors.startTime} />
          <TextField name="endTime" label="End time" type="time" error={errors.endTime} />
        </div>
        <Button type="submit" disabled={adding} className="justify-self-start">
          {adding ? "Adding..." : "Add Performance"}
        </Button>
      </Form>
      <section aria-labelledby="performances-heading" className="grid gap-3">
        <h2 id="performances-heading" className="text-lg font-semibold">
          Performance history
        </h2>
        <PerformanceList
          performances={performances}
          empty="No performances yet. Add your first one above."
          action={(p) => (
            <Form method="post" action="?tab=experience">
              <input type="hidden" name="intent" value="delete-performance" />
              <input type="hidden" name="performanceId" value={p.id} />
              <Button type="submit" variant="ghost" size="sm" aria-label={`Delete ${p.eventTitle}`}>
                <Trash2Icon aria-hidden /> Delete
              </Button>
            </Form>
          )}
        />
      </section>
    </div>
  );
}
