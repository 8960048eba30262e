import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { idempotent } from "~/server/idempotency.server";
import { readForm } from "~/server/read-form.server";
import { addEventSchema, REQUIRED_EVENT_FIELDS } from "./events.schema";
import { addEvent, eventAddedMessage, LOGIN_TO_ADD_EVENTS } from "./events.server";

/** The Add Event dialog's action: who is asking, then the schema, then the rule on scheduled dates. */
export async function handleAddEvent(request: Request, slug: string | undefined, now = new Date()) {
  const user = await getSessionUser(request);
  if (!user) {
    return data({ toast: { type: "error" as const, message: LOGIN_TO_ADD_EVENTS } }, { status: 401 });
  }
  const { profile } = await requireMusicianPage(request, slug);
  const form = formToObject(await readForm(request));
  const parsed = addEventSchema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const messages = Object.values(errors);
    const message = messages.includes(REQUIRED_EVENT_FIELDS)
      ? REQUIRED_EVENT_FIELDS
      : (messages[0] ?? REQUIRED_EVENT_FIELDS);
    return data({ fieldErrors: errors, toast: { type: "error" as const, message } }, { status: 400 });
  }
  return idempotent({ action: "event", userId: user.id, fields: form }, async () => {
    const result = await addEvent(profile.id, parsed.data, now);
    if (!result.ok) {
      return data(
        {
          fieldErrors: result.field ? { [result.field]: result.message } : {},
          toast: { type: "error" as const, message: result.message },
        },
        { status: result.field ? 400 : 500 },
      );
    }
    return data({
      ok: true,
      toast: { type: "success" as const, message: eventAddedMessage(parsed.data.kind) },
    });
  });
}
