import type { ComponentProps } from "react";
import { AddEventDialog } from "./add-event-dialog";
import { EventList } from "./event-list";
import { useLoadErrorToast } from "./use-load-error-toast";

/** The upcoming and past events pages: a heading with Add Event, then the list or the load error. */
export function EventListPage({
  title,
  empty,
  slug,
  today,
  entries,
  loadError,
}: {
  title: string;
  empty: string;
  slug: string;
  today: string;
  entries: ComponentProps<typeof EventList>["entries"];
  loadError: string | null;
}) {
  useLoadErrorToast(loadError);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{title}</h2>
        <AddEventDialog slug={slug} today={today} />
      </div>
      {loadError ? (
        <p className="text-destructive">{loadError}</p>
      ) : (
        <EventList entries={entries} label={title} empty={empty} />
      )}
    </>
  );
}
