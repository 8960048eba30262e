import { Link } from "react-router";
import { CreateBookingButton } from "~/features/bookings/components/create-booking-button";
import { MessagesView } from "~/features/messaging/components/messages-view";
import { MUSICIAN_FILTERS } from "~/features/messaging/message.schema";
import { loadMessagesPage, messagesAction } from "~/features/messaging/messages-page.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { cn } from "~/lib/cn";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-messages";

export const meta = () => [{ title: pageTitle("Messages") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, profile } = await requireMusicianPage(request, params.slug);
  return loadMessagesPage({ user, musicianId: profile.id }, request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, profile } = await requireMusicianPage(request, params.slug);
  const path = new URL(request.url).pathname;
  return messagesAction({ user, musicianId: profile.id }, request, path, context.requestId);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, ...view } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Messages</h2>
      <nav aria-label="Message filters" className="flex flex-wrap gap-2">
        {MUSICIAN_FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.value === "all" ? "?" : `?filter=${f.value}`}
            aria-current={filter === f.value ? "page" : undefined}
            className={cn(
              "rounded-md border px-3 py-1.5 text-sm",
              filter === f.value && "border-primary bg-primary text-primary-foreground",
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <MessagesView
        {...view}
        keep={{ filter: filter === "all" ? "" : filter }}
        pageResult={actionData}
        actions={
          view.selected && (
            <section aria-label="Conversation actions" className="flex justify-end">
              <CreateBookingButton
                conversationId={view.selected.id}
                prefill={{ clientName: view.selected.otherName }}
              />
            </section>
          )
        }
      />
    </div>
  );
}
