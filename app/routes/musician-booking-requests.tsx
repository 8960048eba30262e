import { data } from "react-router";
import type { RequestsActionResult } from "~/features/booking-requests/action-results";
import { declineReasonSchema } from "~/features/booking-requests/booking-request.schema";
import {
  declineOwnRequest,
  listOwnPendingRequests,
  replyToRequest,
  undoDeclineOwnRequest,
} from "~/features/booking-requests/booking-requests.server";
import { BookingRequestsPage } from "~/features/booking-requests/components/booking-requests-page";
import { bookingIdSchema } from "~/features/bookings/booking.schema";
import { LineUpInvites } from "~/features/lineups/components/member-line-ups-page";
import { memberInvites } from "~/features/lineups/lineups.server";
import { messageBodySchema } from "~/features/messaging/message.schema";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { organiserReputationsFor } from "~/features/reviews/reviews.server";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-booking-requests";

export const meta = () => [{ title: pageTitle("Booking Requests") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const requests = await listOwnPendingRequests(profile);
  const reputations = await organiserReputationsFor(profile.id, { requestIds: requests.map((r) => r.id) });
  // Line-up invites wait here too (issue 39 §3): they are requests to play, from another musician.
  const lineUpInvites = await memberInvites(profile);
  return { requests, reputations, lineUpInvites, slug: params.slug };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, profile } = await requireMusicianPage(request, params.slug);
  const form = formToObject(await readForm(request));
  const id = bookingIdSchema.safeParse(form.requestId);
  if (!["decline", "undo-decline", "reply"].includes(String(form.intent)) || !id.success) {
    return data<RequestsActionResult>(
      { ok: false, toast: { type: "error", message: "Booking request not found" } },
      { status: 404 },
    );
  }
  if (form.intent === "reply") {
    const body = messageBodySchema.safeParse(form.body);
    if (!body.success) {
      return data<RequestsActionResult>(
        { ok: false, toast: { type: "error", message: body.error.issues[0]!.message } },
        { status: 400 },
      );
    }
    const sent = await replyToRequest({ user, musicianId: profile.id }, id.data, body.data);
    if (!sent.ok) {
      return data<RequestsActionResult>(
        { ok: false, toast: { type: "error", message: sent.message } },
        { status: sent.status },
      );
    }
    return data<RequestsActionResult>({
      ok: true,
      toast: { type: "success", message: sent.message, description: sent.notice ?? undefined },
    });
  }
  if (form.intent === "undo-decline") {
    const undone = await undoDeclineOwnRequest(profile, id.data);
    if (!undone.ok) {
      return data<RequestsActionResult>(
        { ok: false, toast: { type: "error", message: undone.message } },
        { status: undone.status },
      );
    }
    return data<RequestsActionResult>({ ok: true, toast: { type: "success", message: undone.message } });
  }
  const reason = declineReasonSchema.safeParse(form.declineReason);
  if (!reason.success) {
    return data<RequestsActionResult>(
      { ok: false, toast: { type: "error", message: reason.error.issues[0]!.message } },
      { status: 400 },
    );
  }
  const result = await declineOwnRequest(profile, id.data, reason.data);
  if (!result.ok) {
    return data<RequestsActionResult>(
      { ok: false, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<RequestsActionResult>({
    ok: true,
    toast: { type: "success", message: result.message },
    undo: { requestId: id.data, seconds: result.undoSeconds },
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LineUpInvites invites={loaderData.lineUpInvites} action={`/musician_lineups/${loaderData.slug}`} />
      <BookingRequestsPage requests={loaderData.requests} reputations={loaderData.reputations} />
    </>
  );
}
