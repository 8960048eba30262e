import { Form, Link, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/date-format";
import { useActionToast } from "~/lib/use-action-toast";
import type { RequestReplyActionResult } from "../action-results";
import type { RequestStatusView } from "../booking-requests.server";
import { RequestSummaryList } from "./request-summary-list";

const headline: Record<RequestStatusView["stage"], (name: string, inMessages: boolean) => string> = {
  waiting: (name) => `Waiting for ${name} to reply`,
  reply_waiting: (name, inMessages) =>
    inMessages ? `${name} replied: read it in your Messages` : `${name} replied: a reply is waiting below`,
  accepted: (name) => `${name} accepted your request`,
  paid: () => "Your booking is paid",
  completed: () => "Your booking is completed",
  cancelled: () => "Your booking was cancelled",
  declined: (name) => `${name} declined your request`,
};

const badge: Record<RequestStatusView["stage"], string> = {
  waiting: "Pending",
  reply_waiting: "Reply waiting",
  accepted: "Accepted",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  declined: "Declined",
};

/** What the accepted request's booking needs from the organiser now, as it moves on. */
const bookingStep: Partial<Record<RequestStatusView["stage"], string>> = {
  accepted: "Your booking is ready. Review it and confirm when you are happy.",
  paid: "Your payment is held in escrow until after the event. Your booking's page has the details and documents.",
  completed:
    "The event is over and the payment has been released to the musician. You can leave a review on your booking's page.",
  cancelled: "This booking was cancelled. Its page says who cancelled and any refund.",
};

/** /request/{token}: the organiser's private page following one booking request. */
export function RequestStatusPage({ view }: { view: RequestStatusView }) {
  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
      <Card>
        <CardHeader className="grid gap-2">
          <Badge
            variant={view.stage === "declined" || view.stage === "cancelled" ? "destructive" : "secondary"}
            className="w-fit"
          >
            {badge[view.stage]}
          </Badge>
          <CardTitle>
            <h1>{headline[view.stage](view.musicianName, view.inMessages)}</h1>
          </CardTitle>
          <p className="text-sm text-muted-foreground">Sent {formatDateTime(view.sentAt)}</p>
        </CardHeader>
        <CardContent className="grid gap-4">
          {view.status === "pending" && (
            <p>
              {view.inMessages
                ? `${view.musicianName} replies in your Messages, and we e-mail you when a reply is waiting.`
                : `${view.musicianName} replies on this page, and we e-mail you when a reply is waiting.`}{" "}
              Contact details are shared once the booking is paid. Keep this page's address to check on your
              request; anyone with it can see this page.
            </p>
          )}
          {view.inMessages && (
            <Link to="/messages" className={buttonVariants({ variant: "outline", className: "w-fit" })}>
              Open Messages
            </Link>
          )}
          {(view.replies.length > 0 || view.canReply) && <Replies view={view} />}
          {view.status === "accepted" && view.bookingSlug && (
            <div className="grid gap-2">
              <p>{bookingStep[view.stage]}</p>
              <Link to={`/booking/${view.bookingSlug}`} className={buttonVariants({ className: "w-fit" })}>
                Open your booking
              </Link>
            </div>
          )}
          {view.status === "declined" && (
            <div className="grid gap-2">
              {view.declineReason ? (
                <p>
                  <span className="font-medium">Their reason:</span> {view.declineReason}
                </p>
              ) : (
                <p>They did not give a reason.</p>
              )}
              <Link to="/market" className={buttonVariants({ className: "w-fit" })}>
                Find another musician
              </Link>
            </div>
          )}
          <section aria-labelledby="sent-heading" className="grid gap-2">
            <h2 id="sent-heading" className="font-semibold">
              Your request
            </h2>
            <RequestSummaryList lines={view.summary} />
          </section>
          {view.musicianSlug && (
            <Link to={`/musicians/${view.musicianSlug}`} className="text-sm text-primary underline">
              {view.musicianName}'s profile
            </Link>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

/** The thread with the musician, and the requester's answer box (a plain form: works without JavaScript). */
function Replies({ view }: { view: RequestStatusView }) {
  const answer = useActionData<RequestReplyActionResult>();
  useActionToast(answer);
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="replies-heading" className="grid gap-3">
      <h2 id="replies-heading" className="font-semibold">
        Replies
      </h2>
      {view.replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">No replies yet.</p>
      ) : (
        <ol className="grid gap-2">
          {view.replies.map((m) => (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-md px-3 py-2 text-sm ${
                m.from === "requester" ? "justify-self-end bg-primary/10" : "justify-self-start bg-muted"
              }`}
            >
              <p className="text-xs text-muted-foreground">
                {m.from === "requester" ? "You" : view.musicianName} · {formatDateTime(m.sentAt)}
              </p>
              <p className="whitespace-pre-line break-words">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {view.canReply && (
        // Keyed by the thread's length: a sent answer clears the box.
        <Form method="post" className="grid gap-2" key={view.replies.length}>
          <input type="hidden" name="intent" value="reply" />
          <Label htmlFor="request-reply">Your answer to {view.musicianName}</Label>
          <Textarea id="request-reply" name="body" rows={3} maxLength={2000} required />
          <Button type="submit" className="w-fit" disabled={busy}>
            Send
          </Button>
        </Form>
      )}
    </section>
  );
}
