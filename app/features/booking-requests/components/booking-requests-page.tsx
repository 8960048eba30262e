import { useEffect, useRef, useState } from "react";
import { useFetcher, useParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { RequestsActionResult } from "~/features/booking-requests/action-results";
import { CreateBookingDialog } from "~/features/bookings/components/create-booking-button";
import { StartConversationForm } from "~/features/messaging/components/start-conversation-form";
import { CONTACT_SHARED_ONCE_PAID } from "~/features/messaging/contact-shared";
import { OrganiserReputationLine } from "~/features/reviews/components/organiser-reputation";
import type { OrganiserReputation } from "~/features/reviews/rating";
import { formatDateTime } from "~/lib/date-format";
import { formatNairaOrNotSpecified } from "~/lib/money";
import { useActionToast } from "~/lib/use-action-toast";
import { durationLabel } from "../booking-request.schema";
import type { PendingRequest } from "../booking-requests.server";
import { requestToBookingPrefill } from "../request-prefill";
import { requestAnchor, requestDateText, requestEventTypeText, requestStartText } from "../request-summary";

type Row = Omit<PendingRequest, "createdAt"> & { createdAt: Date | string };

/** How long a fresh decline can be undone (the server holds the same window). */
const UNDO_MS = 10_000;

/** Spec §2 Booking Requests: pending requests, newest first, with Accept and Decline. */
export function BookingRequestsPage({
  requests,
  reputations,
}: {
  requests: Row[];
  /** The organiser's reputation per request id (reviews feature). */
  reputations?: Record<string, OrganiserReputation>;
}) {
  const fetcher = useFetcher<RequestsActionResult>({ key: "booking-requests" });
  useActionToast(fetcher.data);
  // Kept here, not in the row: the row leaves the list once accepted but the success screen stays.
  const [accepting, setAccepting] = useState<Row | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("requestId") ?? "") : null;
  const pending = requests.filter((r) => !r.declinedAt);
  const musicianSlug = useParams().slug ?? "";

  return (
    <section className="grid gap-4" aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-xl font-semibold">
        Booking Requests
      </h2>
      {requests.length > pending.length && (
        <ul className="grid gap-3" aria-label="Just declined">
          {requests
            .filter((r) => r.declinedAt)
            .map((r) => (
              <JustDeclined key={r.id} request={r} fetcher={fetcher} />
            ))}
        </ul>
      )}
      {pending.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">
            No pending booking requests
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {pending.map((r) => (
            // The e-mail and texts about a request link here (#r-<start of its id>): the card it opens on.
            <li
              key={r.id}
              id={requestAnchor(r.id)}
              className="scroll-mt-20 target:[&>*]:ring-2 target:[&>*]:ring-primary"
            >
              <Card>
                <CardContent className="grid gap-3 p-4 sm:p-6">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold">{r.clientName}</h3>
                    <span className="text-xs text-muted-foreground">
                      Received {formatDateTime(r.createdAt)}
                    </span>
                  </div>
                  <OrganiserReputationLine reputation={reputations?.[r.id]} />
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
                    {(
                      [
                        ["Event type", requestEventTypeText(r)],
                        ["Date", requestDateText(r)],
                        ["Start time", requestStartText(r)],
                        ["Duration", durationLabel(r.eventDuration)],
                        ["Location", r.location || "Not specified"],
                        ["Budget", formatNairaOrNotSpecified(r.budgetEstimateKobo)],
                        // Contact details wait for payment (issue 22 §4): the reply form answers.
                        ["Email", r.hasEmail ? CONTACT_SHARED_ONCE_PAID : "Not provided"],
                        ["Phone", r.hasPhone ? CONTACT_SHARED_ONCE_PAID : "Not provided"],
                        ["Details", r.additionalDetails || "Not specified"],
                      ] as const
                    ).map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt className="font-medium text-muted-foreground">{k}</dt>
                        <dd className="whitespace-pre-line break-words">{v}</dd>
                      </div>
                    ))}
                  </dl>
                  {r.replies.length > 0 && <ReplyThread request={r} />}
                  <ReplyForm request={r} />
                  <div className="flex flex-wrap items-start gap-2">
                    <Button
                      size="sm"
                      aria-label={`Accept request from ${r.clientName}`}
                      disabled={busyId === r.id}
                      onClick={() => {
                        setAccepting(r);
                        setDialogOpen(true);
                      }}
                    >
                      Accept
                    </Button>
                    <DeclineForm request={r} fetcher={fetcher} busy={busyId === r.id} />
                    {r.clientHasAccount && (
                      <StartConversationForm
                        action={`/musician_messages/${musicianSlug}`}
                        fields={{ requestId: r.id }}
                      />
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {accepting && (
        <CreateBookingDialog
          key={accepting.id}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          requestId={accepting.id}
          prefill={requestToBookingPrefill(accepting)}
        />
      )}
    </section>
  );
}

type Fetcher = ReturnType<typeof useFetcher<RequestsActionResult>>;

/** Decline asks for an optional reason first; a plain form inside <details>, so it works without JavaScript. */
function DeclineForm({ request: r, fetcher, busy }: { request: Row; fetcher: Fetcher; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const id = `decline-reason-${r.id}`;
  return (
    <details
      className="grid gap-2"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary
        aria-label={`Decline request from ${r.clientName}`}
        className="inline-flex h-9 cursor-pointer list-none items-center rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        Decline
      </summary>
      <fetcher.Form method="post" className="mt-2 grid gap-2 sm:w-96">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="requestId" value={r.id} />
        <Label htmlFor={id}>Reason (optional)</Label>
        <Textarea
          id={id}
          name="declineReason"
          rows={2}
          maxLength={500}
          placeholder="e.g. I am already booked that day"
        />
        <p className="text-xs text-muted-foreground">
          {r.hasEmail
            ? `${r.clientName} is told by e-mail, with your reason if you give one.`
            : `${r.clientName} sees it, with your reason, on their request's page.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant="destructive" disabled={busy}>
            Decline request
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

/** A request declined moments ago: Undo until the organiser is told. */
function JustDeclined({ request: r, fetcher }: { request: Row; fetcher: Fetcher }) {
  const until = new Date(r.declinedAt as string | Date).getTime() + UNDO_MS;
  const [open, setOpen] = useState(true);
  useEffect(() => {
    // Client-side only: hides the Undo once the server would refuse it.
    const left = until - Date.now();
    if (left <= 0) {
      setOpen(false);
      return;
    }
    const t = window.setTimeout(() => setOpen(false), left);
    return () => window.clearTimeout(t);
  }, [until]);
  if (!open) return null;
  return (
    <li>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-2 p-4" role="status">
          <p className="text-sm">You declined the request from {r.clientName}.</p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="undo-decline" />
            <input type="hidden" name="requestId" value={r.id} />
            <Button type="submit" size="sm" variant="outline" aria-label={`Undo decline of ${r.clientName}`}>
              Undo
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </li>
  );
}

/** The in-app thread with a requester who has no account. */
function ReplyThread({ request: r }: { request: Row }) {
  return (
    <section aria-label={`Replies with ${r.clientName}`} className="grid gap-2">
      <h4 className="text-sm font-medium">Replies</h4>
      <ol className="grid gap-2">
        {r.replies.map((m) => (
          <li
            key={m.id}
            className={`max-w-[85%] rounded-md px-3 py-2 text-sm ${
              m.from === "musician" ? "justify-self-end bg-primary/10" : "justify-self-start bg-muted"
            }`}
          >
            <p className="text-xs text-muted-foreground">
              {m.from === "musician" ? "You" : r.clientName} · {formatDateTime(m.sentAt)}
            </p>
            <p className="whitespace-pre-line break-words">{m.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Answers any request in the app, so hidden contact details never leave it unanswerable. */
function ReplyForm({ request: r }: { request: Row }) {
  const fetcher = useFetcher<RequestsActionResult>({ key: `request-reply-${r.id}` });
  useActionToast(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const id = `reply-${r.id}`;
  return (
    <fetcher.Form ref={formRef} method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="requestId" value={r.id} />
      <Label htmlFor={id}>Reply to {r.clientName}</Label>
      <Textarea
        id={id}
        name="body"
        rows={2}
        maxLength={2000}
        required
        placeholder="e.g. I am free that day. How many guests are you expecting?"
      />
      <p className="text-xs text-muted-foreground">
        {r.clientHasAccount
          ? `${r.clientName} reads it in their Messages.`
          : r.hasEmail
            ? `${r.clientName} reads it on their request's page and is e-mailed that a reply is waiting.`
            : `${r.clientName} reads it on their request's page.`}{" "}
        Contact details are shared once the booking is paid.
      </p>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        className="w-fit"
        disabled={fetcher.state !== "idle"}
      >
        Send reply
      </Button>
    </fetcher.Form>
  );
}
