import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/lib/use-action-toast";
import type { LineUpActionResult } from "../lineup-actions.server";
import type { LineUpThread as Thread } from "../lineups.server";

/** The leader ↔ member thread of one line-up place (no masking between them). */
export function LineUpThread({ thread, action }: { thread: Thread; action?: string }) {
  const fetcher = useFetcher<LineUpActionResult>({ key: `lineup-thread-${thread.placeId}` });
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  useActionToast(fetcher.data?.ok === false ? fetcher.data : undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const id = `lineup-message-${thread.placeId}`;
  return (
    <section aria-label={`Messages with ${thread.otherName}`} className="grid gap-2 rounded-md border p-3">
      <h4 className="text-sm font-medium">Messages with {thread.otherName}</h4>
      {thread.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet. Say hello and agree the details.</p>
      ) : (
        <ol className="grid gap-2" data-testid="lineup-thread">
          {thread.messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-md px-3 py-2 text-sm ${m.mine ? "justify-self-end bg-primary/10" : "bg-muted"}`}
            >
              <span className="sr-only">{m.mine ? "You: " : `${thread.otherName}: `}</span>
              <span className="whitespace-pre-line break-words">{m.body}</span>
            </li>
          ))}
        </ol>
      )}
      {thread.open && (
        <fetcher.Form method="post" action={action} ref={form} className="grid gap-2">
          <input type="hidden" name="intent" value="lineup-message" />
          <input type="hidden" name="placeId" value={thread.placeId} />
          <Label htmlFor={id}>Message</Label>
          <Textarea
            id={id}
            name="body"
            rows={2}
            maxLength={4000}
            required
            aria-invalid={fetcher.data?.errors?.body ? true : undefined}
            aria-describedby={fetcher.data?.errors?.body ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={fetcher.data?.errors?.body} />
          <Button type="submit" disabled={sending} className="justify-self-start">
            {sending ? "Sending..." : "Send"}
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
