import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import { parseOptionalNaira } from "~/lib/naira";
import { PERFORMANCE_ROLES } from "~/lib/performance-roles";
import { useActionToast } from "~/lib/use-action-toast";
import { FROZEN_NOTE, LINE_UP_STATUS_LABELS, nairaShort, shareSentence } from "../lineup.schema";
import type { LineUpActionResult } from "../lineup-actions.server";
import type { LeaderLineUp, LineUpThread as Thread } from "../lineups.server";
import { LineUpThread } from "./line-up-thread";

/** The typed fee in kobo, or 0 while it is empty or not a number yet (the live sentence ignores it). */
function typedKobo(text: string): number {
  const r = parseOptionalNaira(text);
  return r.ok && r.kobo ? r.kobo : 0;
}

/**
 * The leader's "Line-up" section on their booking's page (issue 39 §2): who plays, their roles and
 * fees, "Add a musician", and the share sentence kept live as a fee is typed.
 */
/** The band roles the Role fields suggest (the profile's vocabulary); other words are kept as typed. */
const ROLE_SUGGESTIONS_ID = "line-up-role-suggestions";

export function LeaderLineUpSection({ lineUp, threads }: { lineUp: LeaderLineUp; threads: Thread[] }) {
  const canChange = lineUp.lockedMessage === null;
  return (
    <section
      id="line-up"
      aria-labelledby="line-up-title"
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 pb-10"
      data-testid="line-up"
    >
      <div className="grid gap-1">
        <h2 id="line-up-title" className="text-xl font-semibold">
          Line-up
        </h2>
        <p className="text-sm text-muted-foreground">
          Musicians you hire to play this booking with you. Their fees come out of your share, never the
          client's price.
        </p>
      </div>
      {lineUp.frozen ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          data-testid="line-up-frozen"
        >
          {FROZEN_NOTE}
        </p>
      ) : (
        !canChange && (
          <p role="status" className="text-sm text-muted-foreground">
            {lineUp.lockedMessage}
          </p>
        )
      )}
      {lineUp.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">No musicians in this line-up yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Line-up members">
          {lineUp.members.map((m) => (
            <MemberItem
              key={m.placeId}
              member={m}
              canChange={canChange}
              lineUp={lineUp}
              thread={threads.find((t) => t.placeId === m.placeId) ?? null}
            />
          ))}
        </ul>
      )}
      {canChange && <AddMusician lineUp={lineUp} />}
      {canChange && (
        <datalist id={ROLE_SUGGESTIONS_ID}>
          {PERFORMANCE_ROLES.map((role) => (
            <option key={role} value={role} />
          ))}
        </datalist>
      )}
      {lineUp.sentence && lineUp.frozen && (
        <p className="text-sm" data-testid="line-up-sentence">
          {lineUp.sentence}
        </p>
      )}
    </section>
  );
}

function AddMusician({ lineUp }: { lineUp: LeaderLineUp }) {
  const fetcher = useFetcher<LineUpActionResult>({ key: `lineup-add-${lineUp.bookingId}` });
  const [fee, setFee] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const adding = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "lineup-add" ? fetcher.data : undefined;
  useActionToast(result);
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) {
      form.current?.reset();
      setFee("");
    }
  }, [fetcher.state, result]);
  const sentence =
    lineUp.shareKobo === null ? null : shareSentence(lineUp.shareKobo, lineUp.lineUpKobo + typedKobo(fee));
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3 rounded-lg border p-4"
      aria-labelledby="add-musician-title"
    >
      <h3 id="add-musician-title" className="font-semibold">
        Add a musician
      </h3>
      <input type="hidden" name="intent" value="lineup-add" />
      <input type="hidden" name="bookingId" value={lineUp.bookingId} />
      <TextField
        name="musician"
        id="lineup-musician"
        label="Musician"
        hint="Their stage name, or the link to their profile"
        autoComplete="off"
        required
        error={result?.errors?.musician}
      />
      <TextField
        name="role"
        id="lineup-role"
        label="Role"
        hint="For example Drummer, Backing vocalist, DJ"
        list={ROLE_SUGGESTIONS_ID}
        autoComplete="off"
        maxLength={60}
        required
        error={result?.errors?.role}
      />
      <NairaField
        name="fee"
        id="lineup-fee"
        label="Fee (₦)"
        required
        value={fee}
        onChange={(e) => setFee(e.currentTarget.value)}
        error={result?.errors?.fee}
      />
      {sentence ? (
        <p aria-live="polite" className="text-sm font-medium" data-testid="line-up-sentence">
          {sentence}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Set the booking's price first: the fees come out of your share of it.
        </p>
      )}
      <Button type="submit" disabled={adding} className="justify-self-start">
        {adding ? "Sending invite..." : "Send invite"}
      </Button>
    </fetcher.Form>
  );
}

function MemberItem({
  member,
  canChange,
  lineUp,
  thread,
}: {
  member: LeaderLineUp["members"][number];
  canChange: boolean;
  lineUp: LeaderLineUp;
  thread: Thread | null;
}) {
  const live = member.status === "invited" || member.status === "accepted";
  const change = useFetcher<LineUpActionResult>({ key: `lineup-change-${member.placeId}` });
  const remove = useFetcher<LineUpActionResult>({ key: `lineup-remove-${member.placeId}` });
  const [fee, setFee] = useState(String(member.feeKobo / 100));
  useActionToast(change.data);
  useActionToast(remove.data);
  const others = lineUp.lineUpKobo - (live ? member.feeKobo : 0);
  const sentence =
    lineUp.shareKobo === null ? null : shareSentence(lineUp.shareKobo, others + typedKobo(fee));
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="line-up-member">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-medium">{member.name}</span> · {member.role} · {nairaShort(member.feeKobo)}
        </p>
        <span
          className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium"
          data-testid="line-up-status"
        >
          {LINE_UP_STATUS_LABELS[member.status]}
        </span>
      </div>
      {canChange && live && (
        <details className="grid gap-2">
          <summary className="cursor-pointer text-sm underline underline-offset-4">Change or remove</summary>
          <change.Form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="lineup-change" />
            <input type="hidden" name="placeId" value={member.placeId} />
            <TextField
              name="role"
              id={`role-${member.placeId}`}
              label="Role"
              defaultValue={member.role}
              list={ROLE_SUGGESTIONS_ID}
              autoComplete="off"
              maxLength={60}
              required
              error={change.data?.errors?.role}
            />
            <NairaField
              name="fee"
              id={`fee-${member.placeId}`}
              label="Fee (₦)"
              value={fee}
              onChange={(e) => setFee(e.currentTarget.value)}
              required
              error={change.data?.errors?.fee}
            />
            {sentence && (
              <p aria-live="polite" className="text-sm">
                {sentence}
              </p>
            )}
            <Button
              type="submit"
              variant="outline"
              disabled={change.state !== "idle"}
              className="justify-self-start"
            >
              Save changes
            </Button>
          </change.Form>
          <remove.Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="lineup-remove" />
            <input type="hidden" name="placeId" value={member.placeId} />
            <Button type="submit" variant="destructive" disabled={remove.state !== "idle"}>
              Remove {member.name} from the line-up
            </Button>
          </remove.Form>
        </details>
      )}
      {thread && <LineUpThread thread={thread} />}
    </li>
  );
}
