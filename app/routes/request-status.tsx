import { data } from "react-router";
import type { RequestReplyActionResult } from "~/features/booking-requests/action-results";
import { replyAsRequester, requestStatusByToken } from "~/features/booking-requests/booking-requests.server";
import { RequestStatusPage } from "~/features/booking-requests/components/request-status-page";
import { messageBodySchema } from "~/features/messaging/message.schema";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/request-status";

export const meta = () => [
  { title: pageTitle("Your booking request") },
  { name: "robots", content: "noindex" },
];

/** The private link an organiser follows their request by: the token is the capability. */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await requestStatusByToken(params.token);
  if (!view) throw data({ message: "This request link is not valid." }, { status: 404 });
  return { view };
}

/** The requester answers the musician's reply (the same token is the capability). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formToObject(await readForm(request));
  const body = messageBodySchema.safeParse(form.body);
  if (form.intent !== "reply" || !body.success) {
    const message = body.success ? "Unknown action" : body.error.issues[0]!.message;
    return data<RequestReplyActionResult>({ ok: false, toast: { type: "error", message } }, { status: 400 });
  }
  const sent = await replyAsRequester(params.token, body.data, context.clientIp);
  if (!sent.ok) {
    return data<RequestReplyActionResult>(
      { ok: false, toast: { type: "error", message: sent.message } },
      { status: sent.status },
    );
  }
  return data<RequestReplyActionResult>({
    ok: true,
    toast: { type: "success", message: sent.message, description: sent.notice ?? undefined },
  });
}

export function headers() {
  // The token is the organiser's own capability: never kept by a shared cache.
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <RequestStatusPage view={loaderData.view} />;
}
