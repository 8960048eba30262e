import { ClientMessages } from "~/features/client/components/client-messages";
import { SAMPLE_CONVERSATIONS, SAMPLE_MESSAGES, searchConversations } from "~/features/client/sample-data";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/client-messages";

export const meta = () => [{ title: pageTitle("Messages") }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const conversations = searchConversations(SAMPLE_CONVERSATIONS, q);
  const selected = SAMPLE_CONVERSATIONS.find((c) => c.id === url.searchParams.get("c")) ?? null;
  return { q, conversations, selected, messages: selected ? (SAMPLE_MESSAGES[selected.id] ?? []) : [] };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Messages</h1>
      <ClientMessages {...loaderData} />
    </main>
  );
}
