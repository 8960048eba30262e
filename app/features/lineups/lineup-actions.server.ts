// The line-up forms' one action handler, for the leader's booking page and the member's Line-ups page:
// parses the form, calls the rule with who is asking, and answers { intent, ok, toast, errors }.
import { data } from "react-router";
import { fieldErrors } from "~/lib/field-errors";
import { canonicalRole } from "~/lib/role-spellings";
import { addMemberSchema, changeMemberSchema, placeIdSchema, threadMessageSchema } from "./lineup.schema";
import {
  acceptInvite,
  addMember,
  changeMember,
  declineInvite,
  leaveLineUp,
  removeMember,
  sendLineUpMessage,
} from "./lineups.server";

export const LINE_UP_INTENTS = [
  "lineup-add",
  "lineup-change",
  "lineup-remove",
  "lineup-accept",
  "lineup-decline",
  "lineup-leave",
  "lineup-message",
] as const;
export type LineUpIntent = (typeof LINE_UP_INTENTS)[number];

export function isLineUpIntent(intent: unknown): intent is LineUpIntent {
  return LINE_UP_INTENTS.includes(intent as LineUpIntent);
}

export type LineUpActionResult = {
  intent: LineUpIntent;
  ok: boolean;
  placeId?: string;
  errors?: Record<string, string | undefined>;
  toast?: { type: "success" | "error"; message: string };
};

type Outcome = { ok: true; message: string } | { ok: false; status: number; message: string };

function answer(intent: LineUpIntent, outcome: Outcome, placeId?: string, errorField?: string) {
  if (outcome.ok)
    return data<LineUpActionResult>({
      intent,
      ok: true,
      placeId,
      toast: { type: "success", message: outcome.message },
    });
  return data<LineUpActionResult>(
    {
      intent,
      ok: false,
      placeId,
      errors: errorField ? { [errorField]: outcome.message } : undefined,
      toast: { type: "error", message: outcome.message },
    },
    { status: outcome.status },
  );
}

function invalid(intent: LineUpIntent, error: Parameters<typeof fieldErrors>[0], placeId?: string) {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? "Please check the form";
  return data<LineUpActionResult>(
    { intent, ok: false, placeId, errors, toast: { type: "error", message: first } },
    { status: 400 },
  );
}

/** A known spelling is saved as the vocabulary's role ("Drums" → Drummer), as on the profile; free text stays. */
function savedRole(typed: string): string {
  return canonicalRole(typed) ?? typed;
}

/** One line-up form, posted by `musician` (the signed-in musician: the leader or the member). */
export async function lineUpAction(
  musician: { id: string; slug?: string | null },
  intent: LineUpIntent,
  form: Record<string, string>,
) {
  const placeId = typeof form.placeId === "string" ? form.placeId : undefined;
  switch (intent) {
    case "lineup-add": {
      const parsed = addMemberSchema.safeParse(form);
      if (!parsed.success) return invalid(intent, parsed.error);
      const done = await addMember(musician, { ...parsed.data, role: savedRole(parsed.data.role) });
      return answer(intent, done, undefined, done.ok ? undefined : feeOrMusician(done.message));
    }
    case "lineup-change": {
      const parsed = changeMemberSchema.safeParse(form);
      if (!parsed.success) return invalid(intent, parsed.error, placeId);
      const done = await changeMember(musician, { ...parsed.data, role: savedRole(parsed.data.role) });
      return answer(intent, done, placeId, done.ok ? undefined : "fee");
    }
    case "lineup-message": {
      const parsed = threadMessageSchema.safeParse(form);
      if (!parsed.success) return invalid(intent, parsed.error, placeId);
      return answer(
        intent,
        await sendLineUpMessage(musician, parsed.data.placeId, parsed.data.body),
        placeId,
        "body",
      );
    }
    default: {
      const parsed = placeIdSchema.safeParse(form);
      if (!parsed.success) return invalid(intent, parsed.error, placeId);
      const id = parsed.data.placeId;
      const run = {
        "lineup-remove": removeMember,
        "lineup-accept": acceptInvite,
        "lineup-decline": declineInvite,
        "lineup-leave": leaveLineUp,
      }[intent];
      return answer(intent, await run(musician, id), id);
    }
  }
}

/** Which field of "Add a musician" a refusal belongs beside. */
function feeOrMusician(message: string): string {
  return message.includes("share") ? "fee" : "musician";
}
