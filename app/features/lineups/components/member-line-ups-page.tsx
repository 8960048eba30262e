import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { lineUpGigAnchor } from "~/features/wallet/wallet-links";
import { useActionToast } from "~/lib/use-action-toast";
import { LINE_UP_STATUS_LABELS, nairaShort } from "../lineup.schema";
import type { LineUpActionResult } from "../lineup-actions.server";
import type { MemberPlaceView, LineUpThread as Thread } from "../lineups.server";
import { LineUpThread } from "./line-up-thread";

/** What a member reads of a place: never the client's contacts or the leader's price (issue 39 §6). */
function PlaceDetails({ place }: { place: MemberPlaceView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">When</dt>
      <dd>{place.when}</dd>
      <dt className="text-muted-foreground">Venue</dt>
      <dd>{place.venue ?? "Venue to be set"}</dd>
      <dt className="text-muted-foreground">Your role</dt>
      <dd>{place.role}</dd>
      <dt className="text-muted-foreground">Your fee</dt>
      <dd>{nairaShort(place.feeKobo)}</dd>
      <dt className="text-muted-foreground">Payment</dt>
      <dd data-testid="line-up-payment">{place.payment}</dd>
    </dl>
  );
}

/** Accept / Decline of one invite (the dashboard, Booking Requests and the Line-ups page use it). */
export function InviteCard({ place, action }: { place: MemberPlaceView; action?: string }) {
  const accept = useFetcher<LineUpActionResult>({ key: `lineup-accept-${place.placeId}` });
  const decline = useFetcher<LineUpActionResult>({ key: `lineup-decline-${place.placeId}` });
  useActionToast(accept.data);
  useActionToast(decline.data);
  const busy = accept.state !== "idle" || decline.state !== "idle";
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="line-up-invite">
      <p className="font-medium">
        {place.leader} invites you to play {place.role} at {place.event} for {nairaShort(place.feeKobo)}
      </p>
      <PlaceDetails place={place} />
      <div className="flex flex-wrap gap-2">
        <accept.Form method="post" action={action}>
          <input type="hidden" name="intent" value="lineup-accept" />
          <input type="hidden" name="placeId" value={place.placeId} />
          <Button type="submit" disabled={busy}>
            {accept.state !== "idle" ? "Accepting..." : "Accept"}
          </Button>
        </accept.Form>
        <decline.Form method="post" action={action}>
          <input type="hidden" name="intent" value="lineup-decline" />
          <input type="hidden" name="placeId" value={place.placeId} />
          <Button type="submit" variant="outline" disabled={busy}>
            {decline.state !== "idle" ? "Declining..." : "Decline"}
          </Button>
        </decline.Form>
      </div>
    </li>
  );
}

/** The invites waiting for an answer, as a section (dashboard, Booking Requests). */
export function LineUpInvites({ invites, action }: { invites: MemberPlaceView[]; action: string }) {
  if (invites.length === 0) return null;
  return (
    <section aria-labelledby="line-up-invites-title" className="grid gap-3">
      <h2 id="line-up-invites-title" className="text-lg font-semibold">
        Line-up invites
      </h2>
      <ul className="grid gap-3">
        {invites.map((p) => (
          <InviteCard key={p.placeId} place={p} action={action} />
        ))}
      </ul>
    </section>
  );
}

function PlayingCard({ place, thread }: { place: MemberPlaceView; thread: Thread | null }) {
  const leave = useFetcher<LineUpActionResult>({ key: `lineup-leave-${place.placeId}` });
  useActionToast(leave.data);
  const paid = place.payment !== "Not paid yet";
  return (
    <li
      id={lineUpGigAnchor(place.bookingId)}
      className="grid gap-3 rounded-lg border p-4"
      data-testid="line-up-gig"
    >
      <p className="font-medium">
        {place.event} with {place.leader}
      </p>
      <PlaceDetails place={place} />
      {paid ? (
        <p className="text-sm text-muted-foreground">This line-up is frozen with the payment.</p>
      ) : (
        <details>
          <summary className="cursor-pointer text-sm underline underline-offset-4">
            Leave this line-up
          </summary>
          <leave.Form method="post" className="mt-2 grid gap-2">
            <p className="text-sm">
              {place.leader} will be told, and the date is free in your calendar again.
            </p>
            <input type="hidden" name="intent" value="lineup-leave" />
            <input type="hidden" name="placeId" value={place.placeId} />
            <Button
              type="submit"
              variant="destructive"
              disabled={leave.state !== "idle"}
              className="justify-self-start"
            >
              Yes, leave the line-up
            </Button>
          </leave.Form>
        </details>
      )}
      {thread && <LineUpThread thread={thread} />}
    </li>
  );
}

export function MemberLineUpsPage({
  invites,
  playing,
  past,
  threads,
}: {
  invites: MemberPlaceView[];
  playing: MemberPlaceView[];
  past: MemberPlaceView[];
  threads: Thread[];
}) {
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 p-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Line-ups</h1>
        <p className="text-sm text-muted-foreground">
          Gigs other musicians invited you to play in. Your fee is paid from the booking's escrow to your
          wallet.
        </p>
      </div>
      <section aria-labelledby="invites-title" className="grid gap-3">
        <h2 id="invites-title" className="text-lg font-semibold">
          Invites
        </h2>
        {invites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invites waiting for an answer.</p>
        ) : (
          <ul className="grid gap-3">
            {invites.map((p) => (
              <InviteCard key={p.placeId} place={p} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="playing-title" className="grid gap-3">
        <h2 id="playing-title" className="text-lg font-semibold">
          Playing
        </h2>
        {playing.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are not in any line-up yet.</p>
        ) : (
          <ul className="grid gap-3">
            {playing.map((p) => (
              <PlayingCard
                key={p.placeId}
                place={p}
                thread={threads.find((t) => t.placeId === p.placeId) ?? null}
              />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-title" className="grid gap-2">
          <h2 id="past-title" className="text-lg font-semibold">
            Earlier invites
          </h2>
          <ul className="grid gap-1 text-sm">
            {past.map((p) => (
              <li
                key={p.placeId}
                // A gig they played (its booking cancelled since) is where their wallet's fee line links.
                id={p.status === "accepted" ? lineUpGigAnchor(p.bookingId) : undefined}
              >
                {p.event} with {p.leader}, {p.when}:{" "}
                {p.bookingCancelled ? "The booking was cancelled" : LINE_UP_STATUS_LABELS[p.status]}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
