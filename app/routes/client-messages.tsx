import { data, redirect } from "react-router";
import { requireOrganiser } from "~/features/auth/session.server";
import { MessagesView } from "~/features/messaging/components/messages-view";
import { loadMessagesPage, messagesAction } from "~/features/messaging/messages-page.server";
import { startConversationWithMusician } from "~/features/messaging/messaging.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/client-messages";

export const meta = () => [{ title: pageTitle("Messages") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOrganiser(request);
  // "Message" on a musician's profile is a link here (the profile is cached, the same for everyone):
  // a visitor signs in and comes back; the organiser's conversation with that musician opens.
  const to = new URL(request.url).searchParams.get("to");
  if (to) {
    const started = await startConversationWithMusician(user, to);
    if (!started.ok) throw data({ message: started.message }, { status: started.status });
    throw redirect(`/messages?c=${started.conversationId}`);
  }
  return loadMessagesPage({ user, musicianId: null }, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOrganiser(request);
  return messagesAction({ user, musicianId: null }, request, "/messages", context.requestId);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Messages</h1>
      <MessagesView {...loaderData} pageResult={actionData} />
    </main>
  );
}
