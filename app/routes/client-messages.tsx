import { data, redirect } from "react-router";
import { requireOrganiser } from "~/features/auth/session.server";
import { MessagesView } from "~/features/messaging/components/messages-view";
import { StartConversationForm } from "~/features/messaging/components/start-conversation-form";
import { loadMessagesPage, messagesAction } from "~/features/messaging/messages-page.server";
import { conversationWithMusician } from "~/features/messaging/messaging.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/client-messages";

export const meta = () => [{ title: pageTitle("Messages") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOrganiser(request);
  // "Message" on a musician's profile is a link here (the profile is cached, the same for everyone):
  // a visitor signs in and comes back. An existing conversation opens; otherwise the page offers to
  // start one with a form (a GET never creates a conversation).
  const to = new URL(request.url).searchParams.get("to");
  if (to) {
    const found = await conversationWithMusician(user, to);
    if (!found.ok) throw data({ message: found.message }, { status: found.status });
    if (found.conversationId) throw redirect(`/messages?c=${found.conversationId}`);
    const page = await loadMessagesPage({ user, musicianId: null }, request);
    return { ...page, start: { musicianSlug: found.musicianSlug, musicianName: found.musicianName } };
  }
  return { ...(await loadMessagesPage({ user, musicianId: null }, request)), start: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOrganiser(request);
  return messagesAction({ user, musicianId: null }, request, "/messages", context.requestId);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { start, ...view } = loaderData;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Messages</h1>
      {start && (
        <section
          aria-label="Start a conversation"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
        >
          <p>Start a conversation with {start.musicianName}.</p>
          <StartConversationForm
            action="/messages"
            fields={{ musicianSlug: start.musicianSlug }}
            label={`Message ${start.musicianName}`}
            variant="default"
          />
        </section>
      )}
      <MessagesView {...view} pageResult={actionData} />
    </main>
  );
}
