import { Trash2Icon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/date-format";
import { blockHours } from "../availability-format";
import type { PublicAvailabilityBlock } from "./upcoming-availability";

/** The musician's saved availability, each with a Remove button. */
export function AvailabilityList({ blocks }: { blocks: PublicAvailabilityBlock[] }) {
  if (blocks.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        No availability saved yet
      </p>
    );
  }
  return (
    <ul aria-label="Saved availability" className="grid gap-2 sm:grid-cols-2">
      {blocks.map((b) => (
        <li key={b.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
          <div>
            <p className="font-medium">{formatDate(b.date)}</p>
            <p className="text-sm text-muted-foreground">{blockHours(b)}</p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={b.id} />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              aria-label={`Remove availability on ${formatDate(b.date)}`}
            >
              <Trash2Icon />
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
